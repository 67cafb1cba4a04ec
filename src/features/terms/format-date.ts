import { spokenLanguage } from '../../lib/i18n/language';

/**
 * A terms date as people read it in the language spoken ("November 22, 2026", "22 de noviembre
 * de 2026"); the raw value if it does not parse.
 */
export function formatTermsDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(spokenLanguage(), { dateStyle: 'long' }).format(date);
}
