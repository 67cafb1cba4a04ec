import { sayShared } from './i18n/language';

/**
 * The text a failed call shows: ApiError already carries the spec's message or default. In the
 * language spoken: a problem's title or a default written in English is looked up in the
 * catalogues (sayShared); one already translated passes as it is.
 */
export function errorMessage(error: unknown, fallback: string): string {
  return sayShared(
    error instanceof Error && error.message.trim() !== '' ? error.message : fallback,
  );
}
