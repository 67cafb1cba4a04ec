/**
 * `npm run bench:streams -- comments`: the server's CPU per comment with no stream open, with
 * BENCH_STREAMS_PER_USER streams per note author, and with a long unread history.
 */
import http from 'node:http';
import {
  allFirstUnread,
  countStillOpen,
  expectStatus,
  openStream,
  timedCall,
} from './notification-streams-client';
import {
  COMMENTS,
  FANOUT_USERS,
  HISTORY,
  log,
  startStreamsServer,
  STREAMS_PER_USER,
} from './notification-streams-settings';
import { addUnreadHistory, createUsers } from './notification-streams-users';
import { cpuSeconds } from './process-cpu';

/** Server CPU per comment, with no stream and with BENCH_STREAMS_PER_USER streams per note author. */
export async function commentsMain(): Promise<void> {
  const server = await startStreamsServer();
  const results: string[] = [];
  try {
    const users = await createUsers(server, FANOUT_USERS + 1);
    const authors = users.slice(0, FANOUT_USERS);
    const commenter = users[FANOUT_USERS]!;
    const calls = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const notes: number[] = [];
    for (const author of authors) {
      const res = await new Promise<number>((resolve, reject) => {
        const req = http.request(
          `${server.baseURL}/api/ruminations`,
          {
            method: 'POST',
            agent: calls,
            headers: {
              authorization: `Bearer ${author.token}`,
              'content-type': 'application/json',
            },
          },
          (answer) => {
            let body = '';
            answer.setEncoding('utf8');
            answer.on('data', (chunk: string) => (body += chunk));
            answer.on('end', () =>
              answer.statusCode === 201
                ? resolve((JSON.parse(body) as { id: number }).id)
                : reject(new Error(`POST /api/ruminations answered ${answer.statusCode}`)),
            );
          },
        );
        req.on('error', reject);
        req.end(JSON.stringify({ content: `a note of ${author.id}`, publish: true }));
      });
      notes.push(res);
    }

    const comment = (i: number) =>
      expectStatus(
        timedCall(server.baseURL, calls, 'POST', '/api/comments', commenter.token, {
          ruminationId: notes[i % notes.length],
          content: `comment ${i}`,
        }),
        201,
        'POST /api/comments',
      );

    const pid = server.pid;
    // A warm-up as long as a phase, so that every phase runs compiled code.
    for (let i = 0; i < COMMENTS; i++) await comment(i);

    log(`${COMMENTS} comments with no stream open`);
    const cpu = cpuSeconds(pid);
    for (let i = 0; i < COMMENTS; i++) await comment(i);
    const noStreams = (cpuSeconds(pid) - cpu) / COMMENTS;

    const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
    const byAuthor = authors.map((author) =>
      Array.from({ length: STREAMS_PER_USER }, () =>
        openStream(server.baseURL, agent, author.token),
      ),
    );
    const streams = byAuthor.flat();
    await allFirstUnread(streams);
    log(`${streams.length} streams open; ${COMMENTS} comments, each waited for on every stream`);

    /** Comments, each waited for until every stream of its note's author has its event. */
    const commentsWithStreams = async (first: number): Promise<number> => {
      const started = cpuSeconds(pid);
      for (let i = first; i < first + COMMENTS; i++) {
        const own = byAuthor[i % notes.length]!;
        const before = own.map((s) => s.notifications.length);
        await comment(i);
        const deadline = Date.now() + 5000;
        while (own.some((s, k) => s.notifications.length <= before[k]!)) {
          if (Date.now() > deadline)
            throw new Error(`comment ${i} reached not every stream in 5 s`);
          await new Promise((r) => setTimeout(r, 1));
        }
      }
      return (cpuSeconds(pid) - started) / COMMENTS;
    };
    const withStreams = await commentsWithStreams(0);
    log(`${COMMENTS} more comments with the streams open (history twice as long)`);
    const withStreamsLater = await commentsWithStreams(COMMENTS);
    log(`${HISTORY} unread notifications more per author, then ${COMMENTS} comments`);
    addUnreadHistory(server, authors, commenter, HISTORY);
    const withHistory = await commentsWithStreams(2 * COMMENTS);
    const stillOpen = await countStillOpen(streams);

    await server.stop();
    agent.destroy();
    calls.destroy();
    const ms = (seconds: number) => `${(seconds * 1000).toFixed(2)} ms`;
    const row = (label: string, value: string) => `  ${label.padEnd(52)}${value}`;
    results.push(
      `Notification streams: server CPU per comment, ${FANOUT_USERS} note authors, ${COMMENTS} comments a phase (SQLite, npm start bundle)`,
      row('no stream open', ms(noStreams)),
      row(
        `${streams.length} streams open (${STREAMS_PER_USER} per author)`,
        `${ms(withStreams)} (${(withStreams / noStreams).toFixed(1)}x)`,
      ),
      row(
        `the same, ${COMMENTS} comments later`,
        `${ms(withStreamsLater)} (${(withStreamsLater / noStreams).toFixed(1)}x)`,
      ),
      row(
        `the same, with ${HISTORY} more unread per author`,
        `${ms(withHistory)} (${(withHistory / noStreams).toFixed(1)}x)`,
      ),
      row('streams still open at the end', `${stillOpen} of ${streams.length}`),
    );
  } catch (error) {
    await server.stop().catch(() => undefined);
    throw error;
  }
  console.log(results.join('\n'));
}
