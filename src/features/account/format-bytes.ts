import { t } from '@lingui/core/macro';
import { spokenLanguage } from '../../lib/i18n/language';

const UNITS = ['KB', 'MB', 'GB'] as const;

/**
 * A byte count as people read it: "512 B", "1.2 MB" (powers of 1000, as file managers show), the
 * number and unit in the language spoken.
 */
export function formatBytes(bytes: number): string {
  const language = spokenLanguage();
  if (bytes < 1000) {
    const size = bytes.toLocaleString(language);
    return t`${size} B`;
  }
  let value = bytes;
  let unit: (typeof UNITS)[number] = 'KB';
  for (const next of UNITS) {
    value /= 1000;
    unit = next;
    if (value < 999.95) break;
  }
  // Rounded as before (toFixed), then written in the language's own digits and decimal mark.
  const size = Number(value.toFixed(1)).toLocaleString(language, {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  });
  switch (unit) {
    case 'KB':
      return t`${size} KB`;
    case 'MB':
      return t`${size} MB`;
    case 'GB':
      return t`${size} GB`;
  }
}
