import { ERASED_ACCOUNT_NAME } from './erased-account';

/**
 * A name people can recognise (contract: "Names people recognise"): a display name must show
 * something, may not turn the text around it or hide characters in it, and may not read as the
 * name a deleted account's comments show. The display-name schema (src/api/profile-rules.ts) asks
 * `displayNameFault` on every write (sign-up and Settings → Profile, in the server and the mock
 * alike); names stored before the rule keep working and are only refused when written again.
 */

/**
 * Characters that take no visible room: Unicode's default-ignorable code points (zero-width
 * spaces and joiners, U+FEFF, variation selectors, the Hangul fillers U+115F, U+1160, U+3164 and
 * U+FFA0, which are letters by category but draw nothing), and two that are "symbols" yet draw
 * blank: U+2800 BRAILLE PATTERN BLANK and U+1D159 MUSICAL SYMBOL NULL NOTEHEAD.
 */
const INVISIBLE = /[\p{Default_Ignorable_Code_Point}\u2800\u{1D159}]/gu;
/** Spaces of every kind (U+3000, U+00A0 ...), removed with the invisible ones before comparing. */
const SPACES = /[\p{White_Space}]/gu;
/** Something that shows: a letter, digit, symbol or punctuation mark (marks alone do not). */
const SHOWING = /[\p{L}\p{N}\p{S}\p{P}]/u;
/**
 * Never in a name: direction controls (U+202A-U+202E, U+2066-U+2069), which turn the sentence
 * around a name ("... commented on your rumination" read backwards); line and paragraph
 * separators (a name is one line); tag characters (U+E0000-U+E007F), which carry hidden text.
 */
const FORBIDDEN = /[\u202A-\u202E\u2066-\u2069\u2028\u2029\u{E0000}-\u{E007F}]/u;

export type DisplayNameFault =
  /** Holds a direction control, a line or paragraph separator or a tag character. */
  | 'hiddenControls'
  /** Nothing in it shows: only spaces, invisible characters or marks with nothing to sit on. */
  | 'showsNothing'
  /** Reads "[deleted account]", as an erased account's comments do. */
  | 'readsAsErased';

/** How a name reads for the erased-account check: no spaces or invisible characters, any case. */
function readAs(name: string): string {
  // NFKC first so that full-width brackets and letters read as the ordinary ones.
  return name.normalize('NFKC').replace(INVISIBLE, '').replace(SPACES, '').toLowerCase();
}

const ERASED_READING = readAs(ERASED_ACCOUNT_NAME);

/** Whether some character of the name shows (an empty name is the length rule's to refuse). */
function shows(name: string): boolean {
  return SHOWING.test(name.replace(INVISIBLE, ''));
}

/**
 * What is wrong with a display name (trimmed and NFC-normalised), the first fault found; null for
 * a name people can recognise. Real names pass in any script, with emoji (ZWJ sequences included)
 * and with the joiners some scripts need inside words (U+200C in Persian), since letters show.
 */
export function displayNameFault(name: string): DisplayNameFault | null {
  if (FORBIDDEN.test(name)) return 'hiddenControls';
  if (name !== '' && !shows(name)) return 'showsNothing';
  if (readAs(name) === ERASED_READING) return 'readsAsErased';
  return null;
}

/**
 * A person's name where the app is not around it to show who they are (email digests, push
 * titles): the display name followed by the username when the two differ, so that a name cannot
 * pass for another's ("Ana (@ana_g)"); the username alone when they are the same.
 */
export function nameOutsideApp(person: { username: string; displayName: string }): string {
  return person.displayName === person.username
    ? person.username
    : `${person.displayName} (@${person.username})`;
}
