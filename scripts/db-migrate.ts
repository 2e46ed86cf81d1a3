// `npm run db:migrate [-- --check]`: brings the schema up to this code's migrations without starting
// the app, the deploy step before new code serves (decision 0041); refuses a newer or mismatched
// schema. On Postgres use a direct connection: the migration's session lock makes deploys take turns.
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
    // One line naming the setting, every credential masked (the driver's message may quote the URL).
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
