// `npm run db:migrate`: brings the app database's schema up to this code's committed migrations
// (and the enum seed) without starting the app: the deploy step before new code serves, since
// production never migrates at start (server/src/plugins/database.ts).
// `npm run db:migrate -- --check` changes nothing and says whether the schema fits the code.
// Refuses (exit 1, one line) a database whose schema is newer than the code or does not match its
// migrations; nothing is changed then.
import { loadConfig } from "../server/src/config";
import { appDatabasePath, migrateDatabase, openDatabase, schemaStatus } from "../db/client";
import { SchemaMismatchError, describeMismatch, type SchemaStatus } from "../db/schema-version";

/** Only the database settings matter here; the rest of production's required settings do not. */
function databaseFile(): string {
  return appDatabasePath(loadConfig({ DATA_DIR: process.env.DATA_DIR }).dataDir);
}

const summary = (s: SchemaStatus) => `${s.applied} of ${s.committed} migration(s) applied`;

function main(): number {
  const checkOnly = process.argv.includes("--check");
  const handle = openDatabase(databaseFile(), { migrate: false });
  try {
    if (checkOnly) {
      const status = schemaStatus(handle);
      const problem = describeMismatch(status);
      console.log(problem ?? `Database schema is current (${summary(status)})`);
      return problem ? 1 : 0;
    }
    const { before, after } = migrateDatabase(handle);
    const applied = before.state === "behind" ? `applied ${before.pending.join(", ")}` : "nothing to apply";
    console.log(`Database migrated: ${applied}; schema is current (${summary(after)})`);
    return 0;
  } catch (err) {
    if (!(err instanceof SchemaMismatchError)) throw err;
    console.error(`Refusing to migrate: ${err.message}`);
    return 1;
  } finally {
    handle.close();
  }
}

process.exitCode = main();
