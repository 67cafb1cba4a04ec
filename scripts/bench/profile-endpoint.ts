/**
 * Profiling aid (not part of `npm run bench`): runs the bundled server (dist-server/main.mjs, as
 * `npm start` does) on an existing SQLite data set with --cpu-prof, loads one endpoint with
 * autocannon and prints req/s, latency and the hottest functions of the profile.
 *
 *   npx tsx scripts/bench/profile-endpoint.ts <DATA_DIR> [feed|public|my|byAuthor|comments] [seconds] [connections]
 *
 * ACCEPT_ENCODING='gzip, deflate, br, zstd' sends that header (as Chromium does), so the profile
 * includes the answers' compression.
 */
import fs from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import SQLite from 'better-sqlite3';
import { signAccessToken } from '../../server/credentials/access-token';
import { REPO_ROOT } from '../support/repo-root';
import { startServer } from '../support/server-process';

const [dataDir = '', which = 'feed', seconds = '10', conns = '10'] = process.argv.slice(2);
const SECRET = 'bench-secret-bench-secret-bench-secret-0123456789';
const profDir = fs.mkdtempSync('/tmp/prof-');
const acceptEncoding = process.env['ACCEPT_ENCODING'];

const db = new SQLite(path.join(dataDir, 'ruminations.sqlite'), { readonly: true });
const viewers = (
  db
    .prepare(
      `select initiator_id as id from user_relations where is_accepted = 1 group by initiator_id
       having count(*) between 5 and 30 limit 200`,
    )
    .all() as { id: number }[]
).map((r) => r.id);
const threads = (
  db
    .prepare(
      `select rumination_id as id from comments group by rumination_id order by count(*) desc limit 200`,
    )
    .all() as { id: number }[]
).map((r) => r.id);
db.close();
const tokens = await Promise.all(
  viewers.map((userId) =>
    signAccessToken(new TextEncoder().encode(SECRET), { userId, tokenVersion: 0 }),
  ),
);
const paths: Record<string, (i: number) => string> = {
  feed: () => '/api/ruminations/feed',
  public: () => '/api/ruminations/public',
  my: () => '/api/ruminations/my',
  byAuthor: (i) => `/api/ruminations/public?UserId=${viewers[i % viewers.length]}`,
  comments: (i) => `/api/comments/rumination/${threads[i % threads.length]}`,
};

const server = await startServer({
  label: 'profile',
  dataDir,
  entry: { nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${profDir}`, 'dist-server/main.mjs'] },
  env: {
    DATABASE_URL: '',
    JWT_SECRET: SECRET,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_ENABLED: 'false',
    STATIC_DIR: '/nonexistent',
    NODE_ENV: 'production',
  },
});
const url = server.baseURL;
let n = 0;
const run = (duration: number) =>
  autocannon({
    url,
    connections: Number(conns),
    duration,
    requests: [
      {
        method: 'GET',
        setupRequest: (req) => {
          const i = n++;
          return {
            ...req,
            path: paths[which]!(i),
            headers: {
              authorization: `Bearer ${tokens[i % tokens.length]}`,
              ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}),
            },
          };
        },
      },
    ],
  });
await run(3);
const r = await run(Number(seconds));
console.log(
  `${which}: ${r.requests.average} req/s, p50 ${r.latency.p50} p99 ${r.latency.p99} ms, non2xx ${r.non2xx}, ` +
    `bytes/req ${Math.round(r.throughput.average / r.requests.average)}, ` +
    `RSS ${server.rss().toFixed(1)} MB (peak ${server.peakRss().toFixed(1)} MB)`,
);
// SIGINT: the server stops itself, and node writes the profile as it exits.
await server.kill('SIGINT');
const file = fs.readdirSync(profDir).find((f) => f.endsWith('.cpuprofile'));
if (file) {
  interface Node {
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number };
    children?: number[];
  }
  const prof = JSON.parse(fs.readFileSync(path.join(profDir, file), 'utf8')) as {
    nodes: Node[];
    samples: number[];
  };
  const self = new Map<number, number>();
  for (const s of prof.samples) self.set(s, (self.get(s) ?? 0) + 1);
  const byName = new Map<string, number>();
  for (const node of prof.nodes) {
    const f = node.callFrame;
    const key = `${f.functionName || '(anon)'} ${f.url.replace(/.*node_modules\//, '').replace(REPO_ROOT, '')}:${f.lineNumber}`;
    byName.set(key, (byName.get(key) ?? 0) + (self.get(node.id) ?? 0));
  }
  const total = prof.samples.length;
  console.log(`profile ${path.join(profDir, file)}; top self time:`);
  for (const [k, v] of [...byName].sort((a, b) => b[1] - a[1]).slice(0, 40)) {
    console.log(`${((100 * v) / total).toFixed(1).padStart(5)}%  ${k}`);
  }
}
