import { sayInEnglish, type Say } from '../api/say';
import { relationTypeLabel, type RelationType } from './relation-types';

/**
 * Who can read a note, in words (issue "Who reads it"): what the composer says before a note is
 * published and what every card shows, for its author and its readers alike. One function, so the
 * composer's promise and the card's account can never differ.
 */

/** The kind of audience, for the icon beside the words. */
export type AudienceKind = 'public' | 'people' | 'onlyYou';

export interface AudienceWords {
  kind: AudienceKind;
  /** Short, for a card: "Public", "Friends and Family", "Only you". */
  short: string;
  /** Long, for the composer: says what public means. */
  long: string;
}

/** The English of audienceWords' fixed words (tests and the SPA's checks compare with them). */
export const PUBLIC_SHORT = 'Public';
export const PUBLIC_LONG = 'Public: anyone, even without an account';
export const ONLY_YOU = 'Only you';

/**
 * Audiences as people say them: plural where a person has several, closest first, so that Friend
 * and Family read "Friends and Family". The order is of the words only; storage keeps type order.
 */
const SPOKEN: readonly { type: RelationType; words: (say: Say) => string }[] = [
  { type: 4, words: (say) => say('Partner') },
  { type: 3, words: (say) => say('Best Friends') },
  { type: 2, words: (say) => say('Friends') },
  { type: 1, words: (say) => say('Family') },
  { type: 0, words: (say) => say('Acquaintances') },
  { type: 5, words: (say) => say('Therapist') },
];

/** The relation types, closest first: the order of the words, and of the people named beside them. */
export const CLOSEST_FIRST: readonly RelationType[] = SPOKEN.map(({ type }) => type);

/** These audiences as people say them ("Best Friends", "Family"), closest first. */
export function spokenAudiences(
  audiences: readonly RelationType[],
  say: Say = sayInEnglish,
): string[] {
  return SPOKEN.filter(({ type }) => audiences.includes(type)).map(({ words }) => words(say));
}

/**
 * "A", "A and B", "A, B and C" ("A, B or C" with "or"), each step a message of its own, so that a
 * language joins with its own comma and conjunction ("A، B و C").
 */
export function joinWords(
  words: readonly string[],
  conjunction: 'and' | 'or' = 'and',
  say: Say = sayInEnglish,
): string {
  if (words.length <= 1) return words.join('');
  const list = words
    .slice(0, -1)
    .reduce((joined, item) => say('{list}, {item}', { list: joined, item }));
  const last = words.at(-1) ?? '';
  return conjunction === 'and'
    ? say('{list} and {last}', { list, last })
    : say('{list} or {last}', { list, last });
}

/** The relation labels of a set of audiences, as a list for screen readers and tests. */
export function audienceLabels(
  audiences: readonly RelationType[],
  say: Say = sayInEnglish,
): string[] {
  return [...audiences].sort((a, b) => a - b).map((type) => relationTypeLabel(type, say));
}

/**
 * Who may read a note with these fields: a draft only its author; a published note with no
 * audience everyone (the visibility rule, api-contract.md); otherwise the people in those
 * relations with its author.
 */
export function audienceWords(
  note: {
    isPublished: boolean;
    audiences: readonly RelationType[];
  },
  say: Say = sayInEnglish,
): AudienceWords {
  if (!note.isPublished) {
    const onlyYou = say('Only you');
    return { kind: 'onlyYou', short: onlyYou, long: onlyYou };
  }
  if (note.audiences.length === 0) {
    return {
      kind: 'public',
      short: say('Public'),
      long: say('Public: anyone, even without an account'),
    };
  }
  const words = joinWords(spokenAudiences(note.audiences, say), 'and', say);
  return { kind: 'people', short: words, long: words };
}
