import type { OperationNode, RootOperationNode, TableNode } from 'kysely';

/**
 * What a statement does, as far as routing it goes (read-routing-dialect.ts):
 * - `replica-read`: a plain SELECT built with Kysely; a replica may answer it.
 * - `primary-read`: reads only, but must see the primary: raw SQL (it may call functions that act,
 *   such as pg_notify or an advisory lock), a SELECT that locks rows, transaction control.
 * - `bookkeeping`: writes the app's own counters (rate limits, write positions), which the person
 *   never reads back: they do not send the person's next reads to the primary.
 * - `write`: everything else (INSERT, UPDATE, DELETE, MERGE, DDL).
 */
export type QueryKind = 'replica-read' | 'primary-read' | 'bookkeeping' | 'write';

/** Tables whose writes are the app's bookkeeping, not something the person wrote. */
const BOOKKEEPING_TABLES: ReadonlySet<string> = new Set(['rate_counters', 'write_positions']);

const READ_ONLY_RAW =
  /^\s*(select|show|explain|begin|start transaction|commit|rollback|savepoint|release)\b/i;

function isPlainSelect(node: OperationNode): boolean {
  if (node.kind !== 'SelectQueryNode') return false;
  const select = node as Extract<RootOperationNode, { kind: 'SelectQueryNode' }>;
  // FOR UPDATE / FOR SHARE and their kin are end modifiers; a replica cannot lock.
  if ((select.endModifiers?.length ?? 0) > 0) return false;
  // WITH x AS (INSERT ...) SELECT ...: a SELECT on top of a write.
  return (select.with?.expressions ?? []).every((cte) => isPlainSelect(cte.expression));
}

function tableWritten(node: RootOperationNode): string | undefined {
  const target: OperationNode | undefined =
    node.kind === 'InsertQueryNode'
      ? node.into
      : node.kind === 'UpdateQueryNode'
        ? node.table
        : node.kind === 'DeleteQueryNode'
          ? node.from.froms[0]
          : undefined;
  if (target?.kind !== 'TableNode') return undefined;
  return (target as TableNode).table.identifier.name;
}

export function queryKind(node: RootOperationNode, sqlText: string): QueryKind {
  if (isPlainSelect(node)) return 'replica-read';
  if (node.kind === 'SelectQueryNode') return 'primary-read';
  if (node.kind === 'RawNode') return READ_ONLY_RAW.test(sqlText) ? 'primary-read' : 'write';
  const table = tableWritten(node);
  return table !== undefined && BOOKKEEPING_TABLES.has(table) ? 'bookkeeping' : 'write';
}
