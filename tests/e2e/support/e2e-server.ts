import path from 'node:path';
import {
  manyPeopleEnv,
  startServer as startServerProcess,
  type RunningServer,
} from '../../../scripts/support/server-process';

/** A running journeys' server, with what it takes to write people straight into its database. */
export interface E2eServer extends RunningServer {
  /** Its JWT_SECRET, to sign tokens as it does. */
  jwtSecret: string;
  /** Its SQLite database (the journeys' servers run on SQLite unless `env` names DATABASE_URL). */
  sqliteFile: string;
}

/**
 * A server of the browser journeys: the production build (`staticDir`) served the way `npm start`
 * serves it, on a fresh data folder, with rate limits × 1000 (every journey signs people up from one
 * address). E2E_KEEP_DATA=1 keeps its database and log for a look after a run.
 */
export async function startServer(opts: {
  staticDir: string;
  label: string;
  /** Over the journeys' own: e.g. DATABASE_URL and one JWT_SECRET for several instances. */
  env?: Record<string, string>;
}): Promise<E2eServer> {
  const env: Record<string, string> = {
    ...manyPeopleEnv(),
    // The journeys' push service (push-service.ts, started by the global setup).
    ...(process.env.E2E_PUSH_ORIGIN ? { PUSH_ALLOWED_ORIGINS: process.env.E2E_PUSH_ORIGIN } : {}),
    ...opts.env,
  };
  const server = await startServerProcess({
    label: `e2e-${opts.label}`,
    staticDir: opts.staticDir,
    keepData: Boolean(process.env.E2E_KEEP_DATA),
    env,
  });
  return Object.assign(server, {
    jwtSecret: env.JWT_SECRET!,
    sqliteFile: path.join(server.dataDir, 'ruminations.sqlite'),
  });
}
