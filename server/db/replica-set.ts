import { sql, type Kysely } from 'kysely';
import { parseLsn, replicaLagMs, type LogSample } from './wal-positions';
import type { Database } from './schema';

/** How often each instance reads the primary's log position and every replica's replay position. */
export const REPLICA_CHECK_INTERVAL_MS = 500;
/** A check that has not answered by then counts as failed (a replica that hangs, not refuses). */
const CHECK_TIMEOUT_MS = 1000;
/**
 * A replica whose last good check is older than this is left out even if no check failed yet
 * (checks that never end): a replica that stops is out at the first read or check that fails, one
 * that hangs when its check times out, 1.5 s at most, and this bounds the rest to 2 s.
 */
const CHECK_STALE_MS = 2000;

/** One read replica, as the instance last saw it. */
export interface Replica {
  readonly name: string;
  readonly db: Kysely<Database>;
  /** Replayed up to here (a listed node that is in fact the primary: everything). */
  replayed: bigint;
  lagMs: number;
  /** When the last check answered (0: never). */
  checkedAt: number;
  /** The last check or read failed to reach it. */
  down: boolean;
}

const EVERYTHING = (1n << 64n) - 1n;

/** What one check read of a replica, or why it could not. */
type ReplicaReading =
  { at: number; replayed: bigint; received: bigint | undefined } | { at: number; error: unknown };

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * The replicas of one primary, watched: which may answer a read now, for whom. Every instance
 * watches for itself (the replicas' state is the database's, read every half second, so instances
 * agree within that).
 */
export class ReplicaSet {
  private readonly replicas: Replica[];
  /** The primary's log positions of the last few seconds, oldest first. */
  private samples: LogSample[] = [];
  /** The last reading of the primary's position failed (it is down, or being replaced). */
  private primaryDown = false;
  private timer: NodeJS.Timeout | undefined;
  private next = 0;

  constructor(
    replicas: ReadonlyArray<{ name: string; db: Kysely<Database> }>,
    /** A small connection to the primary, for its log position. */
    private readonly primaryProbe: Kysely<Database>,
    private readonly maxLagMs: number,
    private readonly log: (message: string) => void = (message) => console.warn(message),
    private readonly now: () => number = Date.now,
  ) {
    this.replicas = replicas.map((r) => ({
      ...r,
      replayed: 0n,
      lagMs: 0,
      checkedAt: 0,
      down: true,
    }));
  }

  get size(): number {
    return this.replicas.length;
  }

  /** Checks at once, then every REPLICA_CHECK_INTERVAL_MS until close(). */
  async start(): Promise<void> {
    await this.check();
    this.timer = setInterval(() => void this.check(), REPLICA_CHECK_INTERVAL_MS);
    this.timer.unref();
  }

  /**
   * One round: the primary's position and every replica's, read at once, then judged. A primary
   * being searched for (a failover) answers only at the timeout: the replicas' readings must not
   * wait behind it, or a replica would look stale and be left out just when it is the one to read.
   */
  async check(): Promise<void> {
    const readings = this.replicas.map((replica) => this.readReplica(replica));
    await this.readPrimary();
    await Promise.all(
      readings.map(async (reading, i) => this.judge(this.replicas[i]!, await reading)),
    );
  }

  private async readPrimary(): Promise<void> {
    try {
      const { rows } = await withTimeout(
        sql<{ lsn: string }>`select pg_current_wal_lsn()::text as lsn`.execute(this.primaryProbe),
        CHECK_TIMEOUT_MS,
      );
      const lsn = parseLsn(rows[0]?.lsn);
      const now = this.now();
      if (lsn !== undefined) {
        // Behind the last reading: a new primary (promoted at what it had received). What the old
        // one wrote past that will never be replayed anywhere, so no replica is behind it.
        this.samples = this.samples.filter((sample) => sample.lsn <= lsn);
        this.samples.push({ at: now, lsn });
      }
      this.primaryDown = false;
      // Older samples than the lag allowed (and two checks more) cannot change a decision.
      const horizon = now - this.maxLagMs - 4 * REPLICA_CHECK_INTERVAL_MS;
      this.samples = this.samples.filter(
        (s, i) => s.at >= horizon || i === this.samples.length - 1,
      );
    } catch {
      // The primary is unreachable (a failover): replicas are judged by what reached them.
      this.primaryDown = true;
    }
  }

  private async readReplica(replica: Replica): Promise<ReplicaReading> {
    try {
      const { rows } = await withTimeout(
        sql<{ standby: boolean; replayed: string | null; received: string | null }>`
          select pg_is_in_recovery() as standby, pg_last_wal_replay_lsn()::text as replayed,
            pg_last_wal_receive_lsn()::text as received
        `.execute(replica.db),
        CHECK_TIMEOUT_MS,
      );
      const row = rows[0];
      return {
        at: this.now(),
        replayed: row?.standby === false ? EVERYTHING : (parseLsn(row?.replayed) ?? 0n),
        received: parseLsn(row?.received),
      };
    } catch (error) {
      return { at: this.now(), error };
    }
  }

  private judge(replica: Replica, reading: ReplicaReading): void {
    // Rounds may overlap (a slow one): an older reading never overrides a newer one.
    if (reading.at < replica.checkedAt) return;
    if ('error' in reading) {
      this.markDown(replica, reading.error);
      return;
    }
    replica.replayed = reading.replayed;
    const received = this.primaryDown ? reading.received : undefined;
    replica.lagMs = replicaLagMs(this.samples, replica.replayed, this.now(), received);
    // When it answered, not when judged: how fresh the reading is.
    replica.checkedAt = reading.at;
    if (replica.down) this.log(`Read replica ${replica.name} is answering`);
    replica.down = false;
  }

  /** A read or a check could not reach `replica`: leave it out until a check answers again. */
  markDown(replica: Replica, error: unknown): void {
    if (!replica.down) {
      const reason = error instanceof Error ? error.message : String(error);
      this.log(`Read replica ${replica.name} left out: ${reason}`);
    }
    replica.down = true;
  }

  private usable(replica: Replica, now: number): boolean {
    return (
      !replica.down && now - replica.checkedAt <= CHECK_STALE_MS && replica.lagMs <= this.maxLagMs
    );
  }

  /**
   * A replica that may answer a read for someone whose last write ended at `minLsn` (0: anyone),
   * taking turns among those that may; undefined: the primary must answer.
   */
  pick(minLsn: bigint): Replica | undefined {
    const now = this.now();
    for (let i = 0; i < this.replicas.length; i++) {
      const replica = this.replicas[(this.next + i) % this.replicas.length];
      if (replica !== undefined && replica.replayed >= minLsn && this.usable(replica, now)) {
        this.next = (this.next + i + 1) % this.replicas.length;
        return replica;
      }
    }
    return undefined;
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    await Promise.all([
      this.primaryProbe.destroy(),
      ...this.replicas.map((replica) => replica.db.destroy()),
    ]);
  }
}
