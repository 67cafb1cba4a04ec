/** A terms date as people read it ("November 22, 2026"); the raw value if it does not parse. */
export function formatTermsDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'long' }).format(date);
}
