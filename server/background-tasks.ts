import type { FastifyBaseLogger } from 'fastify';

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
