import type { PostgresPool, PostgresPoolClient } from 'kysely';
import type pg from 'pg';
import {
  errorCode,
  isConnectionError,
  NoPrimaryError,
  READ_ONLY_SQL_TRANSACTION,
} from './connection-errors';
import { isMultiHostUrl, singleHostUrls } from './postgres-url';

/**
 * Multi-host addresses for node-postgres, which has none of its own: libpq's syntax
 * (postgres://user@h1:p1,h2:p2/db?target_session_attrs=read-write) lists the nodes of a failover
 * group (pg_auto_failover's monitor prints one), and the app is to use whichever is the primary
 * now. postgres.js understands the syntax itself; for pg, createPrimaryFollowingPool keeps a pool
 * per node and hands out connections of the one that accepts writes.
 */

/** The server is shutting down (a demotion or a switchover stops it). */
const ADMIN_SHUTDOWN = '57P01';

export interface PrimarySearchOptions {
  /** How long connect() looks for a primary before it throws NoPrimaryError (default 5 s). */
  searchMs?: number;
  /** The first wait between two rounds over the nodes; doubles up to 1 s (default 50 ms). */
  firstBackoffMs?: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Whether a session may write, asked as libpq's target_session_attrs=read-write asks it: neither a
 * standby nor a primary held read-only. pg_auto_failover promotes a standby, then keeps it
 * read-only (default_transaction_read_only) until the monitor lets it take writes; asked only
 * pg_is_in_recovery(), the pool took it for the primary then, and 76 writes failed with 25006 in
 * the half second before it opened.
 */
async function acceptsWrites(client: Pick<pg.ClientBase, 'query'>): Promise<boolean> {
  const { rows } = await client.query<{ read_write: boolean }>(
    `select current_setting('transaction_read_only') = 'off' as read_write`,
  );
  return rows[0]?.read_write === true;
}

/**
 * A connection not to be used again: a broken one, or one whose query failed without a SQLSTATE
 * (the driver's own failure, not the server's answer: its state is unknown).
 */
function isConnectionLoss(error: unknown): boolean {
  return errorCode(error) === undefined || isConnectionError(error);
}

/** A node's pool, and which of its connections have been seen to be on a primary. */
interface Node {
  url: string;
  pool: pg.Pool;
  /**
   * Connections checked with acceptsWrites(), by the generation they were checked in. A
   * demotion noticed on one connection bumps the generation, so the node's other idle connections
   * are checked again before use, instead of each failing its next write.
   */
  checked: WeakMap<pg.PoolClient, number>;
  generation: number;
}

/**
 * A Kysely PostgresPool over the nodes of a multi-host `url`: each connection handed out is one of
 * the primary's. `makePool` makes each node's pg.Pool (its size, error handlers, named statements).
 */
export function createPrimaryFollowingPool(
  url: string,
  makePool: (singleHostUrl: string) => pg.Pool,
  options: PrimarySearchOptions = {},
): PostgresPool {
  const nodes: Node[] = singleHostUrls(url).map((hostUrl) => ({
    url: hostUrl,
    pool: makePool(hostUrl),
    checked: new WeakMap(),
    generation: 0,
  }));
  const searchMs = options.searchMs ?? 5_000;
  const firstBackoffMs = options.firstBackoffMs ?? 50;
  /** The node that was the primary last time: asked first, so that a standby costs nothing. */
  let current = 0;

  /** A connection of `node` if it is the primary; null if it is a standby. Throws if it refuses. */
  async function primaryConnection(node: Node): Promise<pg.PoolClient | null> {
    const client = await node.pool.connect();
    // Once per new physical connection, not per checkout: a checkout is the app's every query.
    if (node.checked.get(client) === node.generation) return client;
    let writable: boolean;
    try {
      writable = await acceptsWrites(client);
    } catch (error) {
      client.release(error instanceof Error ? error : true);
      throw error;
    }
    if (!writable) {
      // A standby's connection is of no use here: closed, not kept idle in its pool.
      client.release(true);
      return null;
    }
    node.checked.set(client, node.generation);
    return client;
  }

  /** The app's handle on a connection: a demotion seen in a query discards it and looks again. */
  function watched(node: Node, client: pg.PoolClient): PostgresPoolClient {
    let broken = false;
    const failed = (error: unknown) => {
      broken = true;
      const code = errorCode(error);
      if (code === READ_ONLY_SQL_TRANSACTION || code === ADMIN_SHUTDOWN) node.generation++;
    };
    // pg-pool listens for errors of idle connections only. One that dies while checked out but
    // between two queries (a transaction waiting for the app's code: a kill -9 of the primary)
    // emits 'error' with nobody listening, which would crash the process.
    client.on('error', failed);
    const query = (...args: unknown[]): unknown => {
      const result = (client.query as (...a: unknown[]) => unknown)(...args);
      if (!(result instanceof Promise)) return result; // a cursor
      return result.catch((error: unknown) => {
        // An SQL error (a constraint, a conflict) leaves the connection usable; these do not.
        if (isConnectionLoss(error) || errorCode(error) === READ_ONLY_SQL_TRANSACTION)
          failed(error);
        throw error;
      });
    };
    return {
      query: query as PostgresPoolClient['query'],
      release: () => {
        client.off('error', failed);
        client.release(broken || undefined);
      },
    };
  }

  return {
    async connect(): Promise<PostgresPoolClient> {
      const deadline = Date.now() + searchMs;
      let backoff = firstBackoffMs;
      const seen: string[] = [];
      for (;;) {
        seen.length = 0;
        for (let step = 0; step < nodes.length; step++) {
          const index = (current + step) % nodes.length;
          const node = nodes[index]!;
          try {
            const client = await primaryConnection(node);
            if (client !== null) {
              current = index;
              return watched(node, client);
            }
            seen.push(`${node.url}: read-only`);
          } catch (error) {
            seen.push(`${node.url}: ${error instanceof Error ? error.message : String(error)}`);
          }
        }
        if (Date.now() + backoff > deadline) {
          throw new NoPrimaryError(
            `No PostgreSQL primary found in ${searchMs} ms (${seen.join('; ')})`,
          );
        }
        await sleep(backoff);
        backoff = Math.min(backoff * 2, 1_000);
      }
    },
    async end(): Promise<void> {
      await Promise.all(nodes.map((node) => node.pool.end()));
    },
  };
}

/**
 * A single connection to the primary among the hosts of `url` (the notification bus's LISTEN
 * connection): each host in turn, the first that accepts writes kept. A single-host `url` is
 * connected as it is, without the check. `makeClient` gives each candidate its event handlers before it
 * connects, as an error on a client without one would crash the process.
 */
export async function connectToPrimary(
  url: string,
  makeClient: (singleHostUrl: string) => pg.Client,
): Promise<pg.Client> {
  if (!isMultiHostUrl(url)) {
    const client = makeClient(url);
    try {
      await client.connect();
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    return client;
  }
  const seen: string[] = [];
  for (const hostUrl of singleHostUrls(url)) {
    const client = makeClient(hostUrl);
    try {
      await client.connect();
      if (await acceptsWrites(client)) return client;
      seen.push(`${hostUrl}: read-only`);
    } catch (error) {
      seen.push(`${hostUrl}: ${error instanceof Error ? error.message : String(error)}`);
    }
    await client.end().catch(() => undefined);
  }
  throw new NoPrimaryError(`No PostgreSQL primary (${seen.join('; ')})`);
}
