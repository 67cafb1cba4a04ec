import { sql, type RawBuilder } from 'kysely';

/**
 * What a person is in SQL: the columns of `users` that make the API's UserRef (src/api/common.ts:
 * id, username, displayName). Every query that returns a person, alone or beside what they wrote,
 * did or are related by, selects them from here, so a person's shape is written once.
 */

/**
 * A person joined as `alias` beside a row that refers to them, named `<prefix>_username` and
 * `<prefix>_display_name` (`personColumns('u', 'author')`: author_username, author_display_name).
 * Their id is not repeated: the row's own reference (`c.author_id`, `n.actor_id`) holds it, equal
 * to `alias.id` through the join.
 */
export function personColumns<A extends string, P extends string>(alias: A, prefix: P) {
  return [
    `${alias}.username as ${prefix}_username`,
    `${alias}.display_name as ${prefix}_display_name`,
  ] as const;
}

/**
 * personColumns as SQL text, for the queries written as text (the feed, note search): the very same
 * columns and names.
 */
export function personColumnsSql(alias: string, prefix: string): RawBuilder<unknown> {
  return sql.join(
    personColumns(alias, prefix).map((column) => {
      const [reference = column, name = column] = column.split(' as ');
      return sql`${sql.ref(reference)} as ${sql.id(name)}`;
    }),
  );
}

/** A person read from `users` alone, as a UserRef (GET /api/auth/me, people search). */
export const USER_REF_COLUMNS = ['id', 'username', 'display_name as displayName'] as const;
