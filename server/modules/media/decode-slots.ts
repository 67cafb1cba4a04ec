/**
 * How many images one instance decodes at once (config.media.decodeConcurrency): an upload waits
 * for a slot before sharp opens it, so a burst of uploads holds at most that many decoded pictures
 * in memory and keeps at most that many of libvips' threads busy; reads never queue here. Waiting
 * uploads hold only their temporary file.
 */
export class DecodeSlots {
  private busy = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly size: number) {
    if (!Number.isInteger(size) || size < 1) throw new Error(`Bad decode concurrency ${size}`);
  }

  /** Runs `work` in a slot, waiting for one first; the slot is freed however `work` ends. */
  async run<T>(work: () => Promise<T>): Promise<T> {
    await this.acquire();
    try {
      return await work();
    } finally {
      this.release();
    }
  }

  /** Slots in use and uploads waiting (for tests and logs). */
  get state(): { busy: number; waiting: number } {
    return { busy: this.busy, waiting: this.waiting.length };
  }

  private acquire(): Promise<void> {
    if (this.busy < this.size) {
      this.busy += 1;
      return Promise.resolve();
    }
    // The slot is handed over by release(): `busy` stays counted for the next in line.
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  private release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.busy -= 1;
  }
}
