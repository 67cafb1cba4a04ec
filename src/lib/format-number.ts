import { spokenLanguage } from './i18n/language';

let formatter: { language: string; format: Intl.NumberFormat } | undefined;

/** A count in the language spoken: its digits and grouping ("1,900", "1900", "١٬٩٠٠"). */
export function formatNumber(value: number): string {
  const language = spokenLanguage();
  if (formatter?.language !== language) {
    formatter = { language, format: new Intl.NumberFormat(language) };
  }
  return formatter.format.format(value);
}
