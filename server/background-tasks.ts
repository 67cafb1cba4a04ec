import type { FastifyBaseLogger, FastifyInstance } from 'fastify';

/**
 * Work done after the answer has gone out (a reset email: answering first keeps the answer's
 * timing the same whether or not the address has an account). Failures are logged; the server
 * waits for what is running before it closes, and tests can wait for it too.
 */
export class BackgroundTasks {
  private readonly running = new Set<Promise<void>>();

  constructor(private readonly log: FastifyBaseLogger) {}

  run(name: string, task: () => Promise<void>): void {
    // setImmediate, not a microtask: the answer is written out first, even when the task's first
    // step is synchronous work (better-sqlite3 runs queries on the event loop).
    const done = new Promise<void>((resolve) => setImmediate(resolve))
      .then(task)
      .catch((error: unknown) =>
        this.log.error({ err: error, task: name }, 'Background task failed'),
      )
      .finally(() => this.running.delete(done));
    this.running.add(done);
  }

  /** Resolves once every task started so far (and any they started) has ended. */
  async settled(): Promise<void> {
    while (this.running.size > 0) await Promise.all([...this.running]);
  }
}

/**
 * Runs `task` as a background task of the app every `intervalMs` once it is ready (and at once
 * then, unless `atStart` is false), until it closes. A run that outlasts the interval (a slow mail
 * server, bucket or disk) is not joined by another: that tick is skipped.
 */
export function repeatInBackground(
  app: { background: BackgroundTasks; addHook: FastifyInstance['addHook'] },
  name: string,
  intervalMs: number,
  task: () => Promise<void>,
  { atStart = true }: { atStart?: boolean } = {},
): void {
  let busy = false;
  const tick = () => {
    if (busy) return;
    busy = true;
    app.background.run(name, async () => {
      try {
        await task();
      } finally {
        busy = false;
      }
    });
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    if (atStart) tick();
    timer = setInterval(tick, intervalMs);
    timer.unref();
  });
  app.addHook('preClose', async () => clearInterval(timer));
}

/**
 * Makes the runs of a job on one database follow each other within this process: a call while
 * another runs waits for it, then runs (a test's call and the timer's, say). Instances are kept
 * apart by the database (claims, advisory locks), not by this.
 */
export function inTurnPerDatabase<R>(): (db: object, run: () => Promise<R>) => Promise<R> {
  const running = new WeakMap<object, Promise<unknown>>();
  return (db, run) => {
    const previous = running.get(db) ?? Promise.resolve();
    const next = previous.catch(() => undefined).then(run);
    running.set(db, next);
    void next
      .finally(() => {
        if (running.get(db) === next) running.delete(db);
      })
      .catch(() => undefined);
    return next;
  };
}
