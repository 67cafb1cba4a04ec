import {
  manyPeopleEnv,
  startServer as startServerProcess,
  type RunningServer,
} from '../../../scripts/support/server-process';

/**
 * A server of the browser journeys: the production build (`staticDir`) served the way `npm start`
 * serves it, on a fresh data folder, with rate limits × 1000 (every journey signs people up from one
 * address). E2E_KEEP_DATA=1 keeps its database and log for a look after a run.
 */
export function startServer(opts: {
  staticDir: string;
  label: string;
  /** Over the journeys' own: e.g. DATABASE_URL and one JWT_SECRET for several instances. */
  env?: Record<string, string>;
}): Promise<RunningServer> {
  return startServerProcess({
    label: `e2e-${opts.label}`,
    staticDir: opts.staticDir,
    keepData: Boolean(process.env.E2E_KEEP_DATA),
    env: {
      ...manyPeopleEnv(),
      // The journeys' push service (push-service.ts, started by the global setup).
      ...(process.env.E2E_PUSH_ORIGIN ? { PUSH_ALLOWED_ORIGINS: process.env.E2E_PUSH_ORIGIN } : {}),
      ...opts.env,
    },
  });
}
