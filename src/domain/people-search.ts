/**
 * The people search rule (contract: People, and "Names people recognise") as pure functions: a
 * person matches when their username or their display name contains the query, ignoring case and
 * accents ("jose" finds "José Núñez"). The better of the two names decides the rank: exact first,
 * then starting with the query, then containing it; within a rank, by lower-cased username. The
 * mock backend runs it; the server does the same in SQL over columns folded by `foldForSearch`
 * (server/modules/people/people-queries.ts), tested against the same expectations.
 */

const COMBINING_MARKS = /\p{M}/gu;

/**
 * Latin letters that carry their mark inside them, so decomposition leaves them as they are: folded
 * as a person would type them on a keyboard without them ("Ødegaard" by "odeg", "Straße" by
 * "strasse").
 */
const UNDECOMPOSED: Record<string, string> = {
  ø: 'o',
  ł: 'l',
  đ: 'd',
  ħ: 'h',
  ı: 'i',
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  þ: 'th',
};
const UNDECOMPOSED_LETTERS = new RegExp(`[${Object.keys(UNDECOMPOSED).join('')}]`, 'g');

/**
 * A name or a query as search compares it: compatibility-decomposed, accents and other combining
 * marks dropped, lower-cased ("José" and "JOSE" both "jose"; "ﬁ" is "fi"; "Ø" is "o"). Letters of
 * scripts without case (Arabic, Hebrew) are kept as they are, so "مريم" finds "مريم". The server
 * stores this beside every display name: a change here needs a migration that folds them again.
 */
export function foldForSearch(text: string): string {
  return text
    .normalize('NFKD')
    .replace(COMBINING_MARKS, '')
    .toLowerCase()
    .replace(UNDECOMPOSED_LETTERS, (letter) => UNDECOMPOSED[letter] ?? letter)
    .normalize('NFC');
}

/** 0 exact, 1 starts with the query, 2 contains it, 3 no match. */
export function matchRank(folded: string, foldedQuery: string): number {
  if (folded === foldedQuery) return 0;
  if (folded.startsWith(foldedQuery)) return 1;
  return folded.includes(foldedQuery) ? 2 : 3;
}

/** The people among `people` that match `q`, ranked, at most `limit`. */
export function rankPeopleSearch<T extends { username: string; displayName: string }>(
  people: readonly T[],
  q: string,
  limit: number,
): T[] {
  const query = foldForSearch(q);
  return people
    .map((person) => ({
      person,
      usernameLower: person.username.toLowerCase(),
      rank: Math.min(
        matchRank(foldForSearch(person.username), query),
        matchRank(foldForSearch(person.displayName), query),
      ),
    }))
    .filter(({ rank }) => rank < 3)
    .sort(
      (a, b) =>
        a.rank - b.rank ||
        (a.usernameLower < b.usernameLower ? -1 : a.usernameLower > b.usernameLower ? 1 : 0),
    )
    .slice(0, limit)
    .map(({ person }) => person);
}
