import { Trans } from '@lingui/react/macro';
import { lazy, Suspense } from 'react';

const TermsMarkdown = lazy(() => import('./terms-markdown'));

/** The Markdown renderer is fetched only by the screens that show terms. */
export function LazyTermsMarkdown({ content }: { content: string }) {
  return (
    <Suspense
      fallback={
        <p className="text-ink-muted">
          <Trans>Loading Terms of Service...</Trans>
        </p>
      }
    >
      <TermsMarkdown content={content} />
    </Suspense>
  );
}
