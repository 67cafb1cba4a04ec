/**
 * With no SMTP server configured, the server prints each email's link in its log, one line each,
 * naming the recipient ("Activation link for alice: http://..."). Free of Playwright: the browser
 * journeys and the scripts (screenshots, fuzz, crash test, benchmarks) read links the same way.
 */

export type EmailKind = 'activate' | 'reset-password';

const LINK_PATTERN = /https?:\/\/[^\s"'<>\\]+/g;

/** The newest link of this kind on a line that names one of `who` (usernames or addresses). */
export function findEmailLink(log: string, kind: EmailKind, who: string[]): string | undefined {
  const needles = who.map((w) => w.toLowerCase());
  const lines = log.split('\n').reverse();
  for (const line of lines) {
    const lower = line.toLowerCase();
    if (!needles.some((needle) => lower.includes(needle))) continue;
    for (const match of line.match(LINK_PATTERN) ?? []) {
      const url = new URL(match);
      if (url.pathname.endsWith(`/${kind}`) && url.searchParams.get('token')) return match;
    }
  }
  return undefined;
}
