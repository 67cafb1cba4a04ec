/** `npm run bench:streams`'s settings (the environment notification-streams.ts describes). */
import { startServer, type RunningServer } from '../support/server-process';

export const MODE = process.argv[2] ?? process.env['BENCH_STREAMS_MODE'] ?? 'open';
export const STREAMS = Number(process.env['BENCH_STREAMS'] ?? '1000');
export const FANOUT_USERS = Number(process.env['BENCH_STREAMS_USERS'] ?? '200');
export const STREAMS_PER_USER = Number(process.env['BENCH_STREAMS_PER_USER'] ?? '5');
export const COMMENTS = Number(process.env['BENCH_STREAMS_COMMENTS'] ?? '1000');
export const HISTORY = Number(process.env['BENCH_STREAMS_HISTORY'] ?? '500');
export const SECONDS = Number(process.env['BENCH_STREAMS_SECONDS'] ?? '30');
export const DELIVERIES = 20;
export const RSS_GOAL_MB = 200;
export const JWT_SECRET = 'bench-streams-secret-bench-streams-secret-0123456789';

export const log = (message: string) =>
  console.error(`[bench:streams ${new Date().toISOString().slice(11, 19)}] ${message}`);

/** The server measured, as `npm start` runs it: SQLite in a temp folder, API only. */
export async function startStreamsServer(): Promise<RunningServer> {
  log('starting the server (npm start bundle, SQLite)');
  return startServer({
    label: 'bench-streams',
    env: { JWT_SECRET, RATE_LIMIT_ENABLED: 'false', LOG_LEVEL: 'warn', NODE_ENV: 'production' },
  });
}
