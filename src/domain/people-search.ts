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
 * A name or a query as search compares it: compatibility-decomposed, accents and other combining
 * marks dropped, lower-cased ("José" and "JOSE" both "jose"; "ﬁ" is "fi"). Letters of scripts
 * without case (Arabic, Hebrew) are kept as they are, so "مريم" finds "مريم".
 */
export function foldForSearch(text: string): string {
  return text.normalize('NFKD').replace(COMBINING_MARKS, '').toLowerCase().normalize('NFC');
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
