import type { Kysely } from 'kysely';
import {
  reactionCountsOf as orderedCounts,
  type ReactionCount,
} from '../../../src/domain/reactions';
import type { Database } from '../../db/schema';
import { reactionCountsOf } from './reaction-queries';

/** The `reactions` of a page of ruminations, by rumination, in one query (never one per card). */
export async function reactionsByRumination(
  db: Kysely<Database>,
  ruminationIds: readonly number[],
  viewerId: number | null,
): Promise<Map<number, ReactionCount[]>> {
  const rows = await reactionCountsOf(db, ruminationIds, viewerId);
  const grouped = new Map<number, { kind: string; count: number; mine: boolean }[]>();
  for (const row of rows) {
    const list = grouped.get(row.rumination_id) ?? [];
    // PostgreSQL's count and sum are bigint, which node-postgres hands over as strings.
    list.push({ kind: row.kind, count: Number(row.count), mine: Number(row.mine) > 0 });
    grouped.set(row.rumination_id, list);
  }
  return new Map([...grouped].map(([id, counts]) => [id, orderedCounts(counts)]));
}
