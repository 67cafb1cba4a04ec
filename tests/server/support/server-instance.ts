import { startServer, type RunningServer } from '../../../scripts/support/server-process';

/**
 * A real server process on a given database, for the tests of several instances sharing one
 * PostgreSQL: separate processes on purpose, since in one process anything an instance keeps in
 * memory would be shared. From the sources through tsx (`npm start` runs the same code bundled):
 * no bundle to build first.
 */
export function startInstance(opts: {
  databaseUrl: string;
  jwtSecret: string;
  env?: Record<string, string>;
}): Promise<RunningServer> {
  return startServer({
    label: 'instance',
    entry: 'tsx',
    readyTimeoutMs: 45_000,
    env: {
      DATABASE_URL: opts.databaseUrl,
      JWT_SECRET: opts.jwtSecret,
      LOG_LEVEL: 'warn',
      ...opts.env,
    },
  });
}
