import type { ReactNode } from 'react';

/** The narrow centred card of the account screens. */
export function PageCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="card mx-auto mt-6 w-full max-w-md" aria-labelledby="page-card-title">
      <h1 id="page-card-title" className="mb-4 text-2xl font-semibold">
        {title}
      </h1>
      {children}
    </section>
  );
}
