/** A text/event-stream read with fetch, as the web app reads it, for the stream's tests. */

export interface SseEvent {
  event: string;
  data: string;
  id: string | undefined;
}

/** Reads text/event-stream from a fetch body: events, comment lines, and the end. */
export class SseReader {
  readonly events: SseEvent[] = [];
  readonly comments: string[] = [];
  ended = false;
  private buffer = '';
  private waiters: (() => void)[] = [];
  private readonly done: Promise<void>;

  constructor(private readonly response: Response) {
    this.done = this.pump();
  }

  private async pump(): Promise<void> {
    const reader = this.response.body!.pipeThrough(new TextDecoderStream()).getReader();
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        this.buffer += value;
        let end: number;
        while ((end = this.buffer.indexOf('\n\n')) >= 0) {
          this.parse(this.buffer.slice(0, end));
          this.buffer = this.buffer.slice(end + 2);
        }
        this.wake();
      }
    } catch {
      // aborted by the test, or the connection reset
    }
    this.ended = true;
    this.wake();
  }

  private parse(block: string): void {
    let event = 'message';
    let id: string | undefined;
    const data: string[] = [];
    let isEvent = false;
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) {
        this.comments.push(line.slice(1).trim());
        continue;
      }
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      isEvent = true;
      if (field === 'event') event = value;
      else if (field === 'data') data.push(value);
      else if (field === 'id') id = value;
    }
    if (isEvent) this.events.push({ event, data: data.join('\n'), id });
  }

  private wake(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const w of waiters) w();
  }

  /** Resolves when `condition` holds, rejects after `timeoutMs`. */
  async until(condition: () => boolean, timeoutMs: number, what: string): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!condition()) {
      const left = deadline - Date.now();
      if (left <= 0)
        throw new Error(`timed out waiting for ${what}: ${JSON.stringify(this.events)}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** The `count`-th event of a name (1-based), waiting for it. */
  async nth(name: string, count: number, timeoutMs = 1000): Promise<SseEvent> {
    const named = () => this.events.filter((e) => e.event === name);
    await this.until(() => named().length >= count, timeoutMs, `${name} #${count}`);
    return named()[count - 1]!;
  }

  /** The events of one name so far. */
  named(name: string): SseEvent[] {
    return this.events.filter((e) => e.event === name);
  }

  async end(timeoutMs: number): Promise<void> {
    await this.until(() => this.ended, timeoutMs, 'the end of the stream');
    await this.done;
  }
}
