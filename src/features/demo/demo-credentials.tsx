import { DEMO_PASSWORD, DEMO_PEOPLE } from '../../api/demo-backend';

/** The demo's people and their shared password, shown on the login screen in demo mode. */
export function DemoCredentials() {
  return (
    <section
      aria-labelledby="demo-credentials-title"
      className="mt-6 rounded border border-line bg-page p-4 text-sm"
    >
      <h2 id="demo-credentials-title" className="mb-2 font-semibold">
        Demo accounts
      </h2>
      <p className="mb-3 text-ink-muted">
        Sign in as any of these people with the password{' '}
        <code className="whitespace-nowrap rounded bg-surface px-1 font-mono text-ink">
          {DEMO_PASSWORD}
        </code>
        . Each one sees a different feed.
      </p>
      <ul className="space-y-1">
        {DEMO_PEOPLE.map((person) => (
          <li key={person.username}>
            <code className="font-mono font-semibold">{person.username}</code>
            <span className="text-ink-muted">: {person.about}</span>
          </li>
        ))}
      </ul>
      <p className="mt-3 text-ink-muted">
        New accounts work too: the activation link of a sign-up arrives in the Demo mailbox at the
        top of the page.
      </p>
    </section>
  );
}
