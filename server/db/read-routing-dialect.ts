import type {
  CompiledQuery,
  DatabaseConnection,
  DatabaseIntrospector,
  Dialect,
  DialectAdapter,
  Driver,
  Kysely,
  QueryCompiler,
  QueryResult,
  TransactionSettings,
} from 'kysely';
import { isConnectionError } from './connection-errors';
import { queryKind } from './query-kind';
import type { Replica, ReplicaSet } from './replica-set';
import { currentRequestReads, noteWrite, replicaReadAllowed } from './request-reads';

type Compile = QueryCompiler['compileQuery'];

/**
 * One Kysely connection that sends each statement where it may go: a plain SELECT of a GET request
 * to a replica that has replayed the asker's last write, everything else (writes, transactions,
 * raw SQL, a request that wrote) to one primary connection, taken from the primary's pool only
 * when first needed.
 */
class RoutingConnection implements DatabaseConnection {
  private primary: Promise<DatabaseConnection> | undefined;
  private inTransaction = false;

  constructor(
    private readonly primaryDriver: Driver,
    private readonly replicas: ReplicaSet,
  ) {}

  primaryConnection(): Promise<DatabaseConnection> {
    this.primary ??= this.primaryDriver.acquireConnection();
    return this.primary;
  }

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    const kind = this.inTransaction ? 'write' : queryKind(compiled.query, compiled.sql);
    const reads = kind === 'replica-read' ? replicaReadAllowed() : undefined;
    // Each replica at most once: one that fails is left out, and the next may answer.
    for (let i = 0; reads !== undefined && i < this.replicas.size; i++) {
      const replica = this.replicas.pick(reads.minLsn);
      if (replica === undefined) break;
      const answered = await this.onReplica<R>(replica, compiled);
      if (answered !== undefined) return answered;
    }
    try {
      const result = await (await this.primaryConnection()).executeQuery<R>(compiled);
      if (kind === 'write') noteWrite();
      return result;
    } catch (error) {
      // A GET's read while the primary cannot be reached (a failover): a replica answers, at
      // worst a little behind, rather than nobody.
      if (
        kind !== 'write' &&
        kind !== 'bookkeeping' &&
        !this.inTransaction &&
        currentRequestReads()?.replicasAllowed === true &&
        isConnectionError(error)
      ) {
        const replica = this.replicas.pick(0n);
        if (replica !== undefined) return replica.db.executeQuery<R>(compiled);
      }
      throw error;
    }
  }

  /** The replica's answer, or undefined when it failed (the primary then answers instead). */
  private async onReplica<R>(
    replica: Replica,
    compiled: CompiledQuery,
  ): Promise<QueryResult<R> | undefined> {
    try {
      return await replica.db.executeQuery<R>(compiled);
    } catch (error) {
      // Any failure costs the asker nothing: a read can always be asked of the primary. Only a
      // replica that cannot be reached is left out; a statement cancelled by recovery is not.
      if (isConnectionError(error)) this.replicas.markDown(replica, error);
      return undefined;
    }
  }

  async *streamQuery<R>(
    compiled: CompiledQuery,
    chunkSize?: number,
  ): AsyncIterableIterator<QueryResult<R>> {
    yield* (await this.primaryConnection()).streamQuery<R>(compiled, chunkSize);
  }

  async begin(settings: TransactionSettings): Promise<void> {
    await this.primaryDriver.beginTransaction(await this.primaryConnection(), settings);
    this.inTransaction = true;
  }

  async end(commit: boolean): Promise<void> {
    const connection = await this.primaryConnection();
    this.inTransaction = false;
    if (commit) await this.primaryDriver.commitTransaction(connection);
    else await this.primaryDriver.rollbackTransaction(connection);
  }

  async release(): Promise<void> {
    const primary = this.primary;
    this.primary = undefined;
    this.inTransaction = false;
    if (primary !== undefined) await this.primaryDriver.releaseConnection(await primary);
  }
}

class RoutingDriver implements Driver {
  constructor(
    private readonly primary: Driver,
    private readonly replicas: ReplicaSet,
  ) {}

  async init(): Promise<void> {
    await this.primary.init();
    await this.replicas.start();
  }

  acquireConnection(): Promise<DatabaseConnection> {
    return Promise.resolve(new RoutingConnection(this.primary, this.replicas));
  }

  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    return (connection as RoutingConnection).begin(settings);
  }

  commitTransaction(connection: DatabaseConnection): Promise<void> {
    return (connection as RoutingConnection).end(true);
  }

  rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    return (connection as RoutingConnection).end(false);
  }

  // A transaction is all on the primary connection: so are its savepoints.
  savepoint(connection: DatabaseConnection, name: string, compile: Compile): Promise<void> {
    return this.onPrimary(connection, (primary) =>
      this.primary.savepoint?.(primary, name, compile),
    );
  }

  rollbackToSavepoint(
    connection: DatabaseConnection,
    name: string,
    compile: Compile,
  ): Promise<void> {
    return this.onPrimary(connection, (primary) =>
      this.primary.rollbackToSavepoint?.(primary, name, compile),
    );
  }

  releaseSavepoint(connection: DatabaseConnection, name: string, compile: Compile): Promise<void> {
    return this.onPrimary(connection, (primary) =>
      this.primary.releaseSavepoint?.(primary, name, compile),
    );
  }

  private async onPrimary(
    connection: DatabaseConnection,
    step: (primary: DatabaseConnection) => Promise<void> | undefined,
  ): Promise<void> {
    await step(await (connection as RoutingConnection).primaryConnection());
  }

  releaseConnection(connection: DatabaseConnection): Promise<void> {
    return (connection as RoutingConnection).release();
  }

  async destroy(): Promise<void> {
    await this.replicas.close();
    await this.primary.destroy();
  }
}

/**
 * The primary's dialect, with its driver wrapped so that reads that may lag go to the replicas
 * (DATABASE_REPLICA_URLS). SQL, adapter and introspection stay the primary's: every node is the
 * same PostgreSQL.
 */
export class ReadRoutingDialect implements Dialect {
  constructor(
    private readonly primary: Dialect,
    private readonly replicas: ReplicaSet,
  ) {}

  createAdapter(): DialectAdapter {
    return this.primary.createAdapter();
  }

  createDriver(): Driver {
    return new RoutingDriver(this.primary.createDriver(), this.replicas);
  }

  createQueryCompiler(): QueryCompiler {
    return this.primary.createQueryCompiler();
  }

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kysely's own signature
  createIntrospector(db: Kysely<any>): DatabaseIntrospector {
    return this.primary.createIntrospector(db);
  }
}
