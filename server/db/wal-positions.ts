import { sql, type Kysely } from 'kysely';
import type { Database } from './schema';

/**
 * Positions in PostgreSQL's write-ahead log (pg_lsn, written '16/B374D848': two 32-bit halves in
 * hex) as bigints, to compare a replica's replay position with a person's last write.
 */
export function parseLsn(text: string | null | undefined): bigint | undefined {
  const match = /^([0-9A-Fa-f]{1,8})\/([0-9A-Fa-f]{1,8})$/.exec(text ?? '');
  if (match === null) return undefined;
  return (BigInt(`0x${match[1]}`) << 32n) + BigInt(`0x${match[2]}`);
}

/**
 * Records that `userId` has just written: the log's insert position now is past the end of every
 * transaction they committed, so a replica that has replayed up to it shows them all. Run after
 * those commits, before the answer leaves. Positions only grow, whichever request records last.
 */
export async function recordWritePosition(db: Kysely<Database>, userId: number): Promise<void> {
  await db
    .insertInto('write_positions')
    .values({ user_id: userId, lsn: sql<string>`pg_current_wal_insert_lsn()::text` })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ lsn: (eb) => eb.ref('excluded.lsn') }))
    .execute();
}

/** One reading of the primary's log position (write position: what replicas can have). */
export interface LogSample {
  at: number;
  lsn: bigint;
}

/**
 * How far behind the primary a replica that has replayed up to `replayed` is, in milliseconds: how
 * long ago the primary first wrote past it, by the samples (oldest first); 0 when it has replayed
 * everything sampled.
 *
 * `receivedWhilePrimaryDown`: where the replica's stream ended, given only while the primary cannot
 * be reached (a failover). What the primary wrote past that was never sent and can be read nowhere
 * (a synchronous standby has every acknowledged commit), so it does not count: a replica that has
 * replayed all it received is not behind, and keeps answering reads until a primary is back.
 */
export function replicaLagMs(
  samples: readonly LogSample[],
  replayed: bigint,
  now: number,
  receivedWhilePrimaryDown?: bigint,
): number {
  const reachable = (lsn: bigint) =>
    receivedWhilePrimaryDown !== undefined && receivedWhilePrimaryDown < lsn
      ? receivedWhilePrimaryDown
      : lsn;
  const firstAhead = samples.find((sample) => reachable(sample.lsn) > replayed);
  return firstAhead === undefined ? 0 : Math.max(0, now - firstAhead.at);
}
