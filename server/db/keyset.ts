import type { Expression, ExpressionBuilder, ReferenceExpression, SqlBool } from 'kysely';

/**
 * "After this row" of keyset paging over a key of several columns, as the or/and tree
 * `a > x or (a = x and b > y) or (a = x and b = y and c > z)`, the one place it is written. Not a
 * row value `(a, b, c) > (x, y, z)`: the plans of the export's pages were measured with this form
 * on both databases (tests/server/account-export-plans.test.ts), and each caller also bounds its leading column
 * (`a >= x`) on the table whose index gives the order.
 */
export function keysetAfter<DB, TB extends keyof DB>(
  eb: ExpressionBuilder<DB, TB>,
  key: readonly (readonly [ReferenceExpression<DB, TB>, number | string])[],
): Expression<SqlBool> {
  return eb.or(
    key.map(([column, value], i) =>
      eb.and([
        ...key.slice(0, i).map(([earlier, at]) => eb(earlier, '=', at as never)),
        eb(column, '>', value as never),
      ]),
    ),
  );
}
