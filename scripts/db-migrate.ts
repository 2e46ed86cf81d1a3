// `npm run db:migrate`: brings the app database's schema up to this code's committed migrations
// (and the enum seed) without starting the app: the deploy step before new code serves, since
// production never migrates at start (server/src/plugins/database.ts, decision 0041).
// `npm run db:migrate -- --check` changes nothing and says whether the schema fits the code.
// Refuses (exit 1, one line) a database whose schema is newer than the code or does not match its
// migrations; nothing is changed then.
// DATABASE_URL=postgres://… migrates that Postgres database (db/migrations-pg) instead of the
// SQLite file in DATA_DIR. Use a direct connection (or a session-mode pooler), not a
// transaction-mode pooler: the migration takes a session lock so two deploys take turns.
import { parseArgs } from "node:util";
import { loadConfig } from "../server/src/config";
import { appDatabasePath, migrateDatabase, openDatabase, schemaStatus } from "../db/client";
import { migratePostgres, openPostgres, postgresSchemaStatus } from "../db/postgres";
import { SchemaMismatchError, describeMismatch, type SchemaStatus } from "../db/schema-version";
import { maskDatabaseUrl, maskDatabaseUrlIn } from "../db/database-url";

interface Target {
  status(): Promise<SchemaStatus>;
  migrate(): Promise<{ before: SchemaStatus; after: SchemaStatus }>;
  close(): Promise<void>;
}

function target(): Target {
  const url = process.env.DATABASE_URL;
  if (url) {
    const handle = openPostgres(url, { max: 2 });
    return {
      status: () => postgresSchemaStatus(handle),
      migrate: () => migratePostgres(handle),
      close: () => handle.close(),
    };
  }
  // Only the database settings matter here; the rest of production's required settings do not.
  const handle = openDatabase(appDatabasePath(loadConfig({ DATA_DIR: process.env.DATA_DIR }).dataDir), {
    migrate: false,
  });
  return {
    status: async () => schemaStatus(handle),
    migrate: async () => migrateDatabase(handle),
    close: async () => handle.close(),
  };
}

const summary = (s: SchemaStatus) => `${s.applied} of ${s.committed} migration(s) applied`;

async function main(): Promise<number> {
  const checkOnly = parseArgs({ options: { check: { type: "boolean", default: false } } }).values.check;
  const db = target();
  try {
    if (checkOnly) {
      const status = await db.status();
      const problem = describeMismatch(status);
      console.log(problem ?? `Database schema is current (${summary(status)})`);
      return problem ? 1 : 0;
    }
    const { before, after } = await db.migrate();
    const applied = before.state === "behind" ? `applied ${before.pending.join(", ")}` : "nothing to apply";
    console.log(`Database migrated: ${applied}; schema is current (${summary(after)})`);
    return 0;
  } catch (err) {
    if (err instanceof SchemaMismatchError) {
      console.error(`Refusing to migrate: ${err.message}`);
      return 1;
    }
    if (!process.env.DATABASE_URL) throw err;
    // Unreachable, refused login, missing database…: one line naming the setting, every credential
    // masked (in the URL, and in the driver's message should it quote the URL).
    const url = process.env.DATABASE_URL;
    const { code, message } = err as { code?: string; message?: string };
    console.error(
      `Database error at DATABASE_URL=${maskDatabaseUrl(url)}: ${maskDatabaseUrlIn(message || code || String(err), url)}`,
    );
    return 1;
  } finally {
    await db.close();
  }
}

process.exitCode = await main();
