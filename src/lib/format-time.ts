import { spokenLanguage } from './i18n/language';

let formatter: { language: string; format: Intl.DateTimeFormat } | undefined;

/** A server timestamp in the language spoken and the reader's time zone; the raw value if unreadable. */
export function formatTimestamp(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  // One formatter per language, made again when the person changes it.
  const language = spokenLanguage();
  if (formatter?.language !== language) {
    formatter = {
      language,
      format: new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }),
    };
  }
  return formatter.format.format(date);
}
