/**
 * The people search rule (contract: People) as pure functions: a name matches when it contains the
 * query ignoring case; matches rank exact name first, then names starting with the query, then the
 * rest, each group by lower-cased name. The mock backend runs it; the server does the same in SQL
 * (server/modules/people/people-queries.ts), tested against the same expectations.
 */

function rank(nameLower: string, qLower: string): number {
  if (nameLower === qLower) return 0;
  return nameLower.startsWith(qLower) ? 1 : 2;
}

/** The names among `people` that match `q`, ranked, at most `limit`. */
export function rankPeopleSearch<T extends { username: string }>(
  people: readonly T[],
  q: string,
  limit: number,
): T[] {
  const qLower = q.toLowerCase();
  return people
    .map((person) => ({ person, nameLower: person.username.toLowerCase() }))
    .filter(({ nameLower }) => nameLower.includes(qLower))
    .sort(
      (a, b) =>
        rank(a.nameLower, qLower) - rank(b.nameLower, qLower) ||
        (a.nameLower < b.nameLower ? -1 : a.nameLower > b.nameLower ? 1 : 0),
    )
    .slice(0, limit)
    .map(({ person }) => person);
}
