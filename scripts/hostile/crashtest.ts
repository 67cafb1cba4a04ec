/**
 * `npm run crashtest`: rounds of concurrent writes (new ruminations and comments, 8 writers)
 * against the real server (`npm start`'s entry), `kill -9` in the middle of the burst, a restart
 * on the same data, then every write the server acknowledged (201) is read back and compared with
 * what was sent. Fails on a missing or changed write, or a server that does not come back.
 *
 *   npm run crashtest -- [--rounds 5] [--writers 8] [--database-url postgres://...]
 */
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { createAccount, type Account } from '../support/accounts';
import { startServer, type RunningServer } from '../support/server-process';

const { values: args } = parseArgs({
  options: {
    rounds: { type: 'string', default: '5' },
    writers: { type: 'string', default: '8' },
    'database-url': { type: 'string' },
  },
});
const ROUNDS = Number(args.rounds);
const WRITERS = Number(args.writers);

interface Acknowledged {
  kind: 'rumination' | 'comment';
  id: number;
  content: string;
  /** For a comment: its rumination. */
  ruminationId?: number;
}

function noteText(): string {
  const marker = randomBytes(6).toString('hex');
  // Some long, some short, some with text that must come back exactly.
  const filler = Math.random() < 0.2 ? ` ${'long line of thought '.repeat(180)}` : '';
  return `Note ${marker}: Zoë's tea 🍵, "quotes" & <tags>${filler}`.slice(0, 4000).trim();
}

async function writeLoop(
  server: RunningServer,
  author: Account,
  targets: number[],
  acknowledged: Acknowledged[],
  stop: { now: boolean },
): Promise<void> {
  while (!stop.now) {
    const comment = targets.length > 0 && Math.random() < 0.4;
    const content = noteText();
    const ruminationId = comment ? targets[Math.floor(Math.random() * targets.length)] : undefined;
    try {
      const res = await fetch(
        `${server.baseURL}${comment ? '/api/comments' : '/api/ruminations'}`,
        {
          method: 'POST',
          headers: { authorization: `Bearer ${author.token}`, 'content-type': 'application/json' },
          body: JSON.stringify(comment ? { content, ruminationId } : { content, publish: true }),
          signal: AbortSignal.timeout(5000),
        },
      );
      if (res.status !== 201) continue;
      const { id } = (await res.json()) as { id: number };
      acknowledged.push(
        comment
          ? { kind: 'comment', id, content, ruminationId: ruminationId! }
          : { kind: 'rumination', id, content },
      );
      if (!comment && targets.length < 50) targets.push(id);
    } catch {
      // The server died under this request: it was never acknowledged.
      if (stop.now) return;
      await new Promise((r) => setTimeout(r, 20));
    }
  }
}

async function verify(server: RunningServer, author: Account, acknowledged: Acknowledged[]) {
  let missing = 0;
  let changed = 0;
  const get = async (url: string) => {
    const res = await fetch(`${server.baseURL}${url}`, {
      headers: { authorization: `Bearer ${author.token}` },
    });
    return {
      status: res.status,
      body: res.status === 200 ? ((await res.json()) as unknown) : null,
    };
  };
  const threads = new Map<number, Map<number, string>>();
  for (const write of acknowledged) {
    if (write.kind === 'rumination') {
      const { status, body } = await get(`/api/ruminations/${write.id}`);
      if (status !== 200) missing += 1;
      else if ((body as { content: string }).content !== write.content) changed += 1;
    } else {
      let thread = threads.get(write.ruminationId!);
      if (!thread) {
        const { body } = await get(`/api/comments/rumination/${write.ruminationId}`);
        thread = new Map(
          ((body ?? []) as { id: number; content: string }[]).map((c) => [c.id, c.content]),
        );
        threads.set(write.ruminationId!, thread);
      }
      const content = thread.get(write.id);
      if (content === undefined) missing += 1;
      else if (content !== write.content) changed += 1;
    }
  }
  return { missing, changed };
}

async function main() {
  const started = Date.now();
  const server = await startServer({
    label: 'crash',
    env: {
      RATE_LIMIT_ENABLED: 'false',
      ...(args['database-url'] ? { DATABASE_URL: args['database-url'] } : {}),
    },
  });
  let failed = false;
  try {
    const author = await createAccount(server, `crash_${randomBytes(3).toString('hex')}`);
    const everything: Acknowledged[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      const acknowledged: Acknowledged[] = [];
      const targets: number[] = [];
      const stop = { now: false };
      const writers = Array.from({ length: WRITERS }, () =>
        writeLoop(server, author, targets, acknowledged, stop),
      );
      await new Promise((r) => setTimeout(r, 200 + Math.random() * 600));
      await server.kill('SIGKILL');
      stop.now = true;
      await Promise.all(writers);
      const restartedAt = Date.now();
      await server.restart();
      const back = Date.now() - restartedAt;
      everything.push(...acknowledged);
      // This round's writes, and every earlier round's: none may go missing later either.
      const { missing, changed } = await verify(server, author, everything);
      console.log(
        `round ${round}: ${acknowledged.length} writes acknowledged before kill -9 ` +
          `(${acknowledged.filter((w) => w.kind === 'comment').length} comments); back in ${back} ms; ` +
          `${everything.length} checked: ${missing} missing, ${changed} changed`,
      );
      if (missing > 0 || changed > 0 || acknowledged.length === 0) failed = true;
    }
    console.log(
      `${failed ? 'FAILED' : 'OK'}: ${ROUNDS} rounds, ${everything.length} acknowledged writes, ` +
        `${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
  } finally {
    await server.stop();
  }
  process.exitCode = failed ? 1 : 0;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(2);
});
