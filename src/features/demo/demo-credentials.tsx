import { Trans, useLingui } from '@lingui/react/macro';
import { DEMO_PASSWORD, DEMO_PEOPLE, type DemoUsername } from '../../api/demo-backend';

/** The demo's people and their shared password, shown on the login screen in demo mode. */
export function DemoCredentials() {
  const { t } = useLingui();
  const password = DEMO_PASSWORD;
  // Who each one is, in the language spoken.
  const about: Record<DemoUsername, string> = {
    maya: t`has friends, a partner, a therapist and a request from her sister`,
    leo: t`Maya's friend; knows Sam a little`,
    sam: t`Maya's partner`,
    nora: t`Maya's sister; her family request is still pending`,
    dr_rivera: t`Maya's therapist: sees what Maya shares with her therapist`,
  };
  return (
    <section
      aria-labelledby="demo-credentials-title"
      className="mt-6 rounded border border-line bg-page p-4 text-sm"
    >
      <h2 id="demo-credentials-title" className="mb-2 font-semibold">
        <Trans>Demo accounts</Trans>
      </h2>
      <p className="mb-3 text-ink-muted">
        <Trans>
          Sign in as any of these people with the password{' '}
          <code className="whitespace-nowrap rounded bg-surface px-1 font-mono text-ink">
            {password}
          </code>
          . Each one sees a different feed.
        </Trans>
      </p>
      <ul className="space-y-1">
        {DEMO_PEOPLE.map((person) => (
          <li key={person.username}>
            <code className="font-mono font-semibold">{person.username}</code>
            <span className="text-ink-muted">: {about[person.username]}</span>
          </li>
        ))}
      </ul>
      <p className="mt-3 text-ink-muted">
        <Trans>
          New accounts work too: the activation link of a sign-up arrives in the Demo mailbox at the
          top of the page.
        </Trans>
      </p>
    </section>
  );
}
