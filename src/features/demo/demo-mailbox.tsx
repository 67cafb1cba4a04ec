import { useState } from 'react';
import { readDemoOutbox, type DemoEmail } from '../../api/demo-backend';

/**
 * Nobody receives email in the demo, so the activation and reset links it "sends" are listed
 * here: a visitor can sign up, activate and reset a password without leaving the page.
 */
export function DemoMailbox() {
  const [emails, setEmails] = useState<DemoEmail[] | null>(null);

  return (
    <details
      className="w-full"
      onToggle={(event) => {
        if (event.currentTarget.open) setEmails(readDemoOutbox());
      }}
    >
      <summary className="cursor-pointer font-medium">Demo mailbox</summary>
      {emails !== null && emails.length === 0 && (
        <p className="mt-2">No emails yet. Sign up or ask for a password reset to get one.</p>
      )}
      {emails !== null && emails.length > 0 && (
        <ul className="mt-2 space-y-1">
          {emails.map((email) => (
            <li key={email.link}>
              <span>{`${email.subject} (to ${email.to}): `}</span>
              <a className="underline" href={email.link}>
                open link
              </a>
            </li>
          ))}
        </ul>
      )}
    </details>
  );
}
