/**
 * Query parameter names match ignoring case (contract: Conventions): clients send `isPublic` and
 * `IsPublic` alike. The names are a query schema's own keys, so a parameter added to a schema is
 * matched at once, on the server and in the mock backend. Each name is rewritten to the schema's
 * spelling; of two spellings of one name the first wins; other names pass through unchanged.
 */
export function withSchemaNames(
  entries: Iterable<[string, unknown]>,
  schemaNames: readonly string[],
): Record<string, unknown> {
  const byLower = new Map(schemaNames.map((name) => [name.toLowerCase(), name]));
  const result: Record<string, unknown> = {};
  for (const [name, value] of entries) {
    const canonical = byLower.get(name.toLowerCase()) ?? name;
    if (!(canonical in result)) result[canonical] = value;
  }
  return result;
}
