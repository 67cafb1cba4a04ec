import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { readDemoOutbox, type DemoEmail } from '../../api/demo-backend';

/**
 * Nobody receives email in the demo, so the activation and reset links it "sends" are listed
 * here: a visitor can sign up, activate and reset a password without leaving the page.
 */
export function DemoMailbox() {
  const { t } = useLingui();
  const [emails, setEmails] = useState<DemoEmail[] | null>(null);

  return (
    <details
      className="w-full"
      onToggle={(event) => {
        if (event.currentTarget.open) setEmails(readDemoOutbox());
      }}
    >
      <summary className="cursor-pointer font-medium">
        <Trans>Demo mailbox</Trans>
      </summary>
      {emails !== null && emails.length === 0 && (
        <p className="mt-2">
          <Trans>No emails yet. Sign up or ask for a password reset to get one.</Trans>
        </p>
      )}
      {emails !== null && emails.length > 0 && (
        <ul className="mt-2 space-y-1">
          {emails.map(({ subject, to, link }) => (
            <li key={link}>
              <span>{t`${subject} (to ${to}):`} </span>
              <a className="underline" href={link}>
                <Trans>open link</Trans>
              </a>
            </li>
          ))}
        </ul>
      )}
    </details>
  );
}
