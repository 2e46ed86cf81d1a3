// Opens the app's SQLite database, applies the committed migrations and the enum seed; refuses a
// database whose schema is newer than the code (db/schema-version.ts).
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import Database from "better-sqlite3";
import { drizzle, type BetterSQLite3Database } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import * as schema from "./schema";
import { seedEnums } from "./seed";
import {
  assertMigratable,
  compareSchema,
  committedMigrations,
  type AppliedMigration,
  type CommittedMigration,
  type SchemaStatus,
} from "./schema-version";

/** drizzle's handle; $client is the better-sqlite3 connection under it (for SQLite-level checks). */
export type Db = BetterSQLite3Database<typeof schema> & { $client: Database.Database };
export interface DatabaseHandle {
  db: Db;
  sqlite: Database.Database;
  close(): void;
}

export const MIGRATIONS_FOLDER = fileURLToPath(new URL("./migrations", import.meta.url));
/** @internal */ export const APP_DB_FILE = "app.sqlite";

/** The app's database file inside DATA_DIR (the auth emulator keeps its own file). */
export function appDatabasePath(dataDir: string): string {
  return path.join(dataDir, APP_DB_FILE);
}

/** PII: folder and file readable by their owner only (SQLite gives -wal and -shm the same). */
function createPrivately(file: string): void {
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  fs.closeSync(fs.openSync(file, "a", 0o600));
}

/** migrate (default true): migrate and seed unless the database is newer (SchemaMismatchError); false: open as it is. */
export function openDatabase(file: string, opts: { migrate?: boolean } = {}): DatabaseHandle {
  if (file !== ":memory:") createPrivately(file);
  const sqlite = new Database(file);
  sqlite.pragma("journal_mode = WAL");
  // FULL: an acknowledged write survives a power loss too (docs/performance.md, Durability).
  sqlite.pragma("synchronous = FULL");
  sqlite.pragma("foreign_keys = ON");
  // Another process (a test, a script) may hold a write lock briefly; wait instead of failing.
  sqlite.pragma("busy_timeout = 5000");
  const db = drizzle(sqlite, { schema });
  const handle = { db, sqlite, close: () => sqlite.close() };
  if (opts.migrate !== false) {
    try {
      migrateDatabase(handle);
    } catch (err) {
      sqlite.close();
      throw err;
    }
  }
  return handle;
}

/** @internal */ export function appliedMigrations(sqlite: Database.Database): AppliedMigration[] {
  const table = sqlite
    .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = '__drizzle_migrations'")
    .get();
  if (!table) return [];
  const rows = sqlite.prepare("SELECT hash, created_at FROM __drizzle_migrations").all() as {
    hash: string;
    created_at: number | string;
  }[];
  return rows.map((r) => ({ hash: r.hash, createdAt: Number(r.created_at) }));
}

let committed: CommittedMigration[] | undefined;

/** The database's schema against the migrations committed beside this code. */
export function schemaStatus(handle: Pick<DatabaseHandle, "sqlite">): SchemaStatus {
  committed ??= committedMigrations(MIGRATIONS_FOLDER);
  return compareSchema(appliedMigrations(handle.sqlite), committed);
}

/** Every table's column names, as the database has them (drizzle's bookkeeping left out). */
export function sqliteColumns(sqlite: Database.Database): Map<string, Set<string>> {
  const rows = sqlite
    .prepare(
      "SELECT m.name AS t, p.name AS c FROM sqlite_master m JOIN pragma_table_info(m.name) p WHERE m.type = 'table' AND m.name NOT LIKE 'sqlite_%' AND m.name <> '__drizzle_migrations'",
    )
    .all() as { t: string; c: string }[];
  const tables = new Map<string, Set<string>>();
  for (const { t, c } of rows) (tables.get(t) ?? tables.set(t, new Set()).get(t)!).add(c);
  return tables;
}

/** Applies the pending migrations and the enum seed; refuses a newer or diverged database. */
export function migrateDatabase(handle: Pick<DatabaseHandle, "db" | "sqlite">): {
  before: SchemaStatus;
  after: SchemaStatus;
} {
  const before = schemaStatus(handle);
  assertMigratable(before);
  migrate(handle.db, { migrationsFolder: MIGRATIONS_FOLDER });
  seedEnums(handle.db);
  return { before, after: schemaStatus(handle) };
}
