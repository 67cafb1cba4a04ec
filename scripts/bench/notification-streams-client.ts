/** The client side of `npm run bench:streams`: open streams, and timed ordinary calls. */
import http from 'node:http';

/** How many of the streams have not ended (an end already due is seen: one turn of the loop). */
export async function countStillOpen(
  streams: readonly { ended: Promise<unknown> }[],
): Promise<number> {
  const open = await Promise.all(
    streams.map((s) =>
      Promise.race([
        s.ended.then(() => false),
        new Promise<boolean>((r) => setImmediate(() => r(true))),
      ]),
    ),
  );
  return open.filter(Boolean).length;
}

/** One open stream: its first `unread`, and the moments its notification events arrived. */
export interface Stream {
  firstUnread: Promise<void>;
  notifications: number[];
  ended: Promise<void>;
  onNotification: (() => void) | null;
  request: http.ClientRequest;
}

export function openStream(baseURL: string, agent: http.Agent, token: string): Stream {
  let resolveFirst!: () => void;
  let rejectFirst!: (error: Error) => void;
  let resolveEnded!: () => void;
  const stream: Stream = {
    firstUnread: new Promise((resolve, reject) => {
      resolveFirst = resolve;
      rejectFirst = reject;
    }),
    ended: new Promise((resolve) => (resolveEnded = resolve)),
    notifications: [],
    onNotification: null,
    request: undefined as unknown as http.ClientRequest,
  };
  stream.request = http.get(
    `${baseURL}/api/notifications/stream`,
    { agent, headers: { authorization: `Bearer ${token}` } },
    (res) => {
      if (res.statusCode !== 200) {
        rejectFirst(new Error(`stream answered ${res.statusCode}`));
        res.resume();
        return;
      }
      res.setEncoding('utf8');
      let buffer = '';
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (block.includes('event: unread')) resolveFirst();
          if (block.includes('event: notification')) {
            stream.notifications.push(performance.now());
            stream.onNotification?.();
          }
        }
      });
      res.on('close', resolveEnded);
      res.on('error', resolveEnded);
    },
  );
  stream.request.on('error', (error) => {
    rejectFirst(error);
    resolveEnded();
  });
  return stream;
}

/** Until every stream has its first `unread`; fails after 60 s. */
export async function allFirstUnread(streams: readonly Stream[]): Promise<void> {
  await Promise.race([
    Promise.all(streams.map((s) => s.firstUnread)),
    new Promise((_, reject) =>
      setTimeout(() => reject(new Error('streams did not all open in 60 s')), 60_000),
    ),
  ]);
}

export async function timedCall(
  baseURL: string,
  agent: http.Agent,
  method: string,
  url: string,
  token: string,
  body?: unknown,
): Promise<{ ms: number; status: number }> {
  const started = performance.now();
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${baseURL}${url}`,
      {
        method,
        agent,
        headers: {
          authorization: `Bearer ${token}`,
          ...(payload ? { 'content-type': 'application/json' } : {}),
        },
      },
      (res) => {
        res.resume();
        res.on('end', () =>
          resolve({ ms: performance.now() - started, status: res.statusCode ?? 0 }),
        );
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

export async function expectStatus(
  call: Promise<{ ms: number; status: number }>,
  expected: number,
  what: string,
): Promise<void> {
  const { status } = await call;
  if (status !== expected) throw new Error(`${what} answered ${status}`);
}
