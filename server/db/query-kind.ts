import type { OperationNode, RootOperationNode, TableNode } from 'kysely';

/**
 * What a statement does, as far as routing it goes (read-routing-dialect.ts):
 * - `replica-read`: a plain SELECT, built with Kysely or written by hand (the feed); a replica may
 *   answer it.
 * - `primary-read`: reads only, but must see the primary: a query that locks rows or calls a
 *   function that acts (pg_notify, an advisory lock), transaction control.
 * - `bookkeeping`: writes the app's own counters (rate limits, write positions), which the person
 *   never reads back: they do not send the person's next reads to the primary.
 * - `write`: everything else (INSERT, UPDATE, DELETE, MERGE, DDL).
 */
export type QueryKind = 'replica-read' | 'primary-read' | 'bookkeeping' | 'write';

/** Tables whose writes are the app's bookkeeping, not something the person wrote. */
const BOOKKEEPING_TABLES: ReadonlySet<string> = new Set(['rate_counters', 'write_positions']);

const READ_ONLY_RAW =
  /^\s*(select|with|show|explain|begin|start transaction|commit|rollback|savepoint|release)\b/i;

/**
 * What makes raw SQL that starts as a query more than a read: a data-modifying CTE, a row lock, a
 * function that acts (notify, advisory locks, sequences, settings, the log position). The app's
 * hand-written reads (the feed) contain none of these words; bound parameters never appear in the
 * text.
 */
const RAW_SIDE_EFFECTS =
  /\b(insert|update|delete|merge|for\s+(update|share|no\s+key\s+update|key\s+share)|pg_notify|pg_(try_)?advisory\w*|nextval|setval|set_config|pg_current_wal\w*|txid_current\w*|pg_current_xact_id\w*)\b/i;

/** A hand-written query (SELECT or WITH) with none of the side effects above. */
function isPlainRawRead(sqlText: string): boolean {
  return /^\s*(select|with)\b/i.test(sqlText) && !RAW_SIDE_EFFECTS.test(sqlText);
}

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
  if (node.kind === 'RawNode') {
    if (isPlainRawRead(sqlText)) return 'replica-read';
    return READ_ONLY_RAW.test(sqlText) ? 'primary-read' : 'write';
  }
  const table = tableWritten(node);
  return table !== undefined && BOOKKEEPING_TABLES.has(table) ? 'bookkeeping' : 'write';
}
