import {
  nextDecode,
  type DecodeLane,
  type RunningDecode,
  type WaitingDecode,
} from '../../../src/domain/media-decisions';

/** What a decode is asked for: whose upload, and whether it is light (MEDIA_LIGHT_DECODE_MB). */
export interface DecodeTicket {
  account: number;
  light: boolean;
}

interface Waiting extends WaitingDecode {
  start: (lane: DecodeLane) => void;
}

/**
 * How many images one instance decodes at once (config.media.decodeConcurrency), and whose turn it
 * is (nextDecode in src/domain/media-decisions.ts: accounts take turns, and a light decode may run
 * beside the slots). An upload waits here before sharp opens it, so a burst of uploads holds at most
 * that many decoded pictures in memory and keeps at most that many of libvips' threads busy (one
 * more for a light one); reads never queue here. Waiting uploads hold only their temporary file.
 */
export class DecodeSlots {
  private readonly running: RunningDecode[] = [];
  private readonly waiting: Waiting[] = [];
  /** When each account's last decode started, as a count of starts: whose turn is next. */
  private readonly lastStarted = new Map<number, number>();
  private starts = 0;

  constructor(private readonly size: number) {
    if (!Number.isInteger(size) || size < 1) throw new Error(`Bad decode concurrency ${size}`);
  }

  /** Runs `work` in its turn, waiting for it first; the slot is freed however `work` ends. */
  async run<T>(ticket: DecodeTicket, work: () => Promise<T>): Promise<T> {
    const held = await this.acquire(ticket);
    try {
      return await work();
    } finally {
      this.running.splice(this.running.indexOf(held), 1);
      this.forgetIfGone(held.account);
      this.startNext();
    }
  }

  /** Decodes in slots and in the light lane, and uploads waiting (for tests and logs). */
  get state(): { busy: number; light: number; waiting: number } {
    const light = this.running.filter((r) => r.lane === 'light').length;
    return { busy: this.running.length - light, light, waiting: this.waiting.length };
  }

  private acquire(ticket: DecodeTicket): Promise<RunningDecode> {
    return new Promise((resolve) => {
      const { account, light } = ticket;
      const entry: Waiting = {
        account,
        light,
        start: (lane) => {
          const held = { account, lane };
          this.running.push(held);
          resolve(held);
        },
      };
      this.waiting.push(entry);
      this.startNext();
    });
  }

  /** An account with nothing decoding or waiting has no turn to keep: it goes first when back. */
  private forgetIfGone(account: number): void {
    const here = (d: { account: number }) => d.account === account;
    if (!this.running.some(here) && !this.waiting.some(here)) this.lastStarted.delete(account);
  }

  /** Starts every upload whose turn it is now. */
  private startNext(): void {
    for (;;) {
      const next = nextDecode(this.waiting, this.running, this.size, this.lastStarted);
      if (next === undefined) return;
      const [entry] = this.waiting.splice(next.index, 1);
      this.starts += 1;
      this.lastStarted.set(entry!.account, this.starts);
      entry!.start(next.lane);
    }
  }
}
