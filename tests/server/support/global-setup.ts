import { createMigratedTemplate } from './test-database';

/**
 * Once per run of the server tests: the schema is migrated once, into a template that every test
 * database then starts from (test-database.ts), instead of running all the migrations for each of
 * the suite's ~150 databases. Returns the teardown that removes it.
 */
export default function setup(): Promise<() => Promise<void>> {
  return createMigratedTemplate();
}
