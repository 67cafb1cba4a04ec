/** Recognising constraint violations in database errors, the same way on SQLite and PostgreSQL. */

function codeOf(error: unknown): unknown {
  if (typeof error !== 'object' || error === null || !('code' in error)) return undefined;
  return (error as { code: unknown }).code;
}

/** A unique-constraint violation. better-sqlite3: SQLITE_CONSTRAINT_UNIQUE (or _PRIMARYKEY); pg: 23505. */
export function isUniqueViolation(error: unknown): boolean {
  const code = codeOf(error);
  return (
    code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    code === 'SQLITE_CONSTRAINT_PRIMARYKEY' ||
    code === '23505'
  );
}

/**
 * A foreign-key violation: the row written refers to one that is gone, typically deleted by a
 * request racing this one after it was checked. better-sqlite3: SQLITE_CONSTRAINT_FOREIGNKEY; pg: 23503.
 */
export function isForeignKeyViolation(error: unknown): boolean {
  const code = codeOf(error);
  return code === 'SQLITE_CONSTRAINT_FOREIGNKEY' || code === '23503';
}
