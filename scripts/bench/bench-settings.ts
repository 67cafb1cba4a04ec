/**
 * `npm run bench`'s settings (the environment run-bench.ts describes) and its log, shared by the
 * parts of the run.
 */
import { POSTGRES_DRIVERS, type PostgresDriverName } from '../../server/db/postgres-dialect';

export const SCALE = Number(process.env['BENCH_SCALE'] ?? '1');
export const DURATION = Number(process.env['BENCH_DURATION'] ?? '10');
export const DATABASES = (process.env['BENCH_DB'] ?? 'sqlite,postgres')
  .split(',')
  .map((s) => s.trim());
export const SETS = (process.env['BENCH_SETS'] ?? 'main,people').split(',').map((s) => s.trim());
export const PG_DRIVERS = (process.env['BENCH_PG_DRIVERS'] ?? 'pg').split(',').map((s) => {
  const driver = s.trim();
  if (!(POSTGRES_DRIVERS as readonly string[]).includes(driver))
    throw new Error(`BENCH_PG_DRIVERS: unknown driver ${driver} (${POSTGRES_DRIVERS.join(', ')})`);
  return driver as PostgresDriverName;
});
/** The database column's name of the PostgreSQL rows measured with `driver`. */
export const postgresLabel = (driver: PostgresDriverName) => `postgres/${driver}`;
export const DATABASE_LABELS = ['sqlite', ...PG_DRIVERS.map(postgresLabel)];
export const JWT_SECRET = 'bench-secret-bench-secret-bench-secret-0123456789';
export const THROUGHPUT_CONNECTIONS = 50;
export const LATENCY_CONNECTIONS = 10;
/** Viewers whose tokens the authenticated loads rotate through (cache-friendly one-user loads lie). */
export const VIEWERS = 200;

export const log = (message: string) =>
  console.error(`[bench ${new Date().toISOString().slice(11, 19)}] ${message}`);
