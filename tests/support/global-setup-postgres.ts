// The node-postgres project's global setup: one PostgreSQL server and migrated template for the run.
import { SHARED_POSTGRES_ENV, createMigratedDatabase, startPostgres } from "./postgres";

export default async function setup(): Promise<() => Promise<void>> {
  if (process.env[SHARED_POSTGRES_ENV]) return async () => undefined;
  const server = await startPostgres();
  // Builds the template now, so no test file waits for the migration.
  await createMigratedDatabase(server);
  // Test workers are spawned after this and inherit the environment.
  process.env[SHARED_POSTGRES_ENV] = server.url();
  return () => server.stop();
}
