import { randomBytes } from 'node:crypto';
import { claimImport, releaseImport, renewImportClaim } from './import-queries';
import { runImport, type ImportRunContext, type RunEnd } from './import-run';

/**
 * How long a claim on a job lives without renewal: how long a job an instance left behind (it
 * died) waits before another instance takes it over. Renewed with every entry stored, and on a
 * timer meanwhile (a photo may take seconds to decode).
 */
export const IMPORT_LEASE_MS = 60_000;
const RENEW_EVERY_MS = IMPORT_LEASE_MS / 3;
/** How often an idle instance looks for a job nobody works (a new one is started at once). */
export const IMPORT_POLL_MS = 10_000;

export interface ImportWorkerOptions {
  /** The clock of the leases (tests move it past a lease to take over an abandoned job). */
  now?: () => number;
}

/**
 * Works the import jobs of the database, one at a time per instance (memory stays that of one
 * job), whichever instance's upload started them: a job is claimed with a lease
 * (import-queries.ts), so exactly one instance works it at a time, and a job whose instance died
 * is taken over once its lease lapsed. An instance that stops gives its job back after the entry
 * in hand, for another to go on at once.
 */
export class ImportWorker {
  private readonly holder = randomBytes(12).toString('base64url');
  private readonly now: () => number;
  private running: Promise<void> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;
  private held = false;
  private again = false;

  constructor(
    private readonly context: ImportRunContext,
    options: ImportWorkerOptions = {},
  ) {
    this.now = options.now ?? Date.now;
  }

  /** Looks for work now and every IMPORT_POLL_MS (the app is ready). */
  start(): void {
    if (this.held || this.stopped) return;
    this.kick();
    this.timer = setInterval(() => this.kick(), IMPORT_POLL_MS);
    this.timer.unref();
  }

  /** Tests: this instance works nothing by itself (runOnce does). */
  hold(): void {
    this.held = true;
  }

  /** A job was just started: work it now if this instance is idle. */
  kick(): void {
    if (this.held || this.stopped) return;
    if (this.running !== undefined) {
      this.again = true;
      return;
    }
    this.running = (async () => {
      try {
        do {
          this.again = false;
          while (!this.stopped && (await this.runOnce()) !== undefined);
        } while (this.again && !this.stopped);
      } catch (error) {
        this.context.log.error({ err: error }, 'Import worker failed');
      } finally {
        this.running = undefined;
      }
    })();
  }

  /** Resolves once the work started so far has ended. */
  async settled(): Promise<void> {
    while (this.running !== undefined) await this.running;
  }

  /** Stops after the entry in hand; the job is given back to whoever claims it next. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.settled();
  }

  /**
   * Claims one job and works it: how its run ended, or undefined when no job was free. A job a
   * run failed on for the server's own reasons (the database, the storage) is given back, to be
   * tried again once its claim is taken anew.
   */
  async runOnce(options: { stopAfter?: number } = {}): Promise<RunEnd | undefined> {
    const job = await claimImport(
      this.context.db,
      this.holder,
      this.now(),
      this.now() + IMPORT_LEASE_MS,
    );
    if (job === undefined) return undefined;
    let lost = false;
    const renewal = setInterval(() => {
      renewImportClaim(this.context.db, job.id, this.holder, this.now() + IMPORT_LEASE_MS)
        .then((held) => {
          lost ||= !held;
        })
        .catch((error: unknown) => this.context.log.warn({ err: error }, 'import lease'));
    }, RENEW_EVERY_MS);
    renewal.unref();
    try {
      const end = await runImport(this.context, job, {
        holder: this.holder,
        leaseUntil: () => this.now() + IMPORT_LEASE_MS,
        stopping: () => this.stopped || lost,
        stopAfter: options.stopAfter,
      });
      if (end === 'stopped' && options.stopAfter === undefined) {
        await releaseImport(this.context.db, job.id, this.holder);
      }
      return end;
    } catch (error) {
      this.context.log.error({ err: error, import: job.id }, 'Import stopped by an error');
      await releaseImport(this.context.db, job.id, this.holder).catch(() => undefined);
      throw error;
    } finally {
      clearInterval(renewal);
    }
  }
}
