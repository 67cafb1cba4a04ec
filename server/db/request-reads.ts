import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * What the read routing (read-routing-dialect.ts) knows of the request a statement runs for. Kept
 * in AsyncLocalStorage, so that services and queries stay as they are: they use the one database
 * handle, and each statement finds its request here. Statements outside any request (migrations,
 * background jobs) have none and always run on the primary.
 */
export interface RequestReads {
  /** GET and HEAD requests may read from a replica; every other request reads and writes the primary. */
  replicasAllowed: boolean;
  /** Who asks, once known (their token, or the token just issued to them). */
  userId: number | undefined;
  /** Replicas must have replayed this far to answer: where this person's last write ended. */
  minLsn: bigint;
  /** This request wrote something of the person's: its later reads go to the primary, and its end records where. */
  wrote: boolean;
}

interface Scope {
  reads: RequestReads;
  /** Inside onPrimary(): every statement to the primary. */
  primaryOnly: boolean;
}

const scopes = new AsyncLocalStorage<Scope>();

export function newRequestReads(method: string): RequestReads {
  return {
    replicasAllowed: method === 'GET' || method === 'HEAD',
    userId: undefined,
    minLsn: 0n,
    wrote: false,
  };
}

/** Runs `next` (the rest of a request) with `reads` as its routing state. */
export function runWithRequestReads(reads: RequestReads, next: () => void): void {
  scopes.run({ reads, primaryOnly: false }, next);
}

/** The request's routing state, or undefined outside a request. */
export function currentRequestReads(): RequestReads | undefined {
  return scopes.getStore()?.reads;
}

/** May this statement go to a replica at all (a GET request, not pinned to the primary)? */
export function replicaReadAllowed(): RequestReads | undefined {
  const scope = scopes.getStore();
  if (scope === undefined || scope.primaryOnly || scope.reads.wrote) return undefined;
  return scope.reads.replicasAllowed ? scope.reads : undefined;
}

/**
 * `work` with every statement on the primary: what must never be stale (whether a token is still
 * good, and where its person's last write ended).
 */
export function onPrimary<T>(work: () => Promise<T>): Promise<T> {
  const scope = scopes.getStore();
  if (scope === undefined) return work();
  return scopes.run({ reads: scope.reads, primaryOnly: true }, work);
}

/** The request is by `userId`, whose last write ended at `lsn` (undefined: none recorded). */
export function noteReader(userId: number, lsn: bigint | undefined): void {
  const reads = currentRequestReads();
  if (reads === undefined) return;
  reads.userId = userId;
  if (lsn !== undefined && lsn > reads.minLsn) reads.minLsn = lsn;
}

/**
 * A token was just issued to `userId` in this request (sign-up, sign-in, a new password): what the
 * request wrote is theirs, so its end records their position too.
 */
export function noteActor(userId: number): void {
  const reads = currentRequestReads();
  if (reads !== undefined) reads.userId ??= userId;
}

/** A statement of the person's was written on the primary. */
export function noteWrite(): void {
  const reads = currentRequestReads();
  if (reads !== undefined) reads.wrote = true;
}
