// Opens the app database: PostgreSQL when DATABASE_URL is given, else SQLite in DATA_DIR, as the
// same AppDb (db/engine.ts) with its schema status.
import { openDatabase, appDatabasePath, migrateDatabase, schemaStatus, sqliteColumns } from "./client";
import { startWalCheckpoints } from "./wal-checkpoints";
import { migratePostgres, openPostgres, postgresColumns, postgresSchemaStatus, seedPostgresEnums } from "./postgres";
import { seedEnums } from "./seed";
import { isConnectionFailure, postgresAppDb, sqliteAppDb, type AppDb } from "./engine";
import { maskDatabaseUrl } from "./database-url";
import type { SchemaStatus } from "./schema-version";

export type DatabaseSettings =
  { kind: "sqlite"; dataDir: string } | { kind: "postgres"; url: string; poolSize: number };

export interface OpenedDatabase {
  db: AppDb;
  schemaStatus(): Promise<SchemaStatus>;
  /** Every table's columns as the database has them (is a newer schema still one this code can use?). */
  columns(): Promise<Map<string, Set<string>>>;
  /** Development and tests: apply pending migrations and the enum seed (production: `npm run db:migrate`). */
  migrate(): Promise<void>;
  seedEnums(): Promise<void>;
}

/** The database did not answer at start: one line, naming the setting, never the password. */
export class DatabaseUnreachableError extends Error {
  constructor(url: string, cause: unknown) {
    const reason =
      cause instanceof Error ? cause.message || (cause as { code?: string }).code || cause.name : String(cause);
    super(`Cannot reach the database at DATABASE_URL=${maskDatabaseUrl(url)}: ${reason}`, { cause });
    this.name = "DatabaseUnreachableError";
  }
}

export function openAppDatabase(settings: DatabaseSettings): OpenedDatabase {
  if (settings.kind === "postgres") {
    const handle = openPostgres(settings.url, { max: settings.poolSize });
    const reach = async <T>(work: () => Promise<T>) => {
      try {
        return await work();
      } catch (err) {
        // Only a failure to connect is "unreachable"; a server that answered with an error says so itself.
        if (isConnectionFailure(err)) throw new DatabaseUnreachableError(settings.url, err);
        throw err;
      }
    };
    return {
      db: postgresAppDb(handle.db, () => handle.close()),
      schemaStatus: () => reach(() => postgresSchemaStatus(handle)),
      columns: () => reach(() => postgresColumns(handle.pool)),
      migrate: () => reach(async () => void (await migratePostgres(handle))),
      seedEnums: () => reach(() => seedPostgresEnums(handle.db)),
    };
  }
  const handle = openDatabase(appDatabasePath(settings.dataDir), { migrate: false });
  const checkpoints = startWalCheckpoints(handle.sqlite);
  return {
    db: sqliteAppDb(handle.db, async () => {
      await checkpoints.stop();
      handle.close();
    }),
    schemaStatus: async () => schemaStatus(handle),
    columns: async () => sqliteColumns(handle.sqlite),
    migrate: async () => void migrateDatabase(handle),
    seedEnums: async () => seedEnums(handle.db),
  };
}
