/**
 * The row a Kysely select returns, derived from the select itself: a query module writes its
 * SELECT once and its row type is `RowOf<ReturnType<typeof selectX>>`, so adding a column to the
 * select is the whole change (no interface to keep beside it).
 */
export type RowOf<Q extends { executeTakeFirstOrThrow(): Promise<unknown> }> = Awaited<
  ReturnType<Q['executeTakeFirstOrThrow']>
>;
