// Opens the app's SQLite database (WAL, foreign keys on), applies the committed drizzle-kit
// migrations and the idempotent enum seed. Used by the app at start, by tests and by scripts.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import Database from "better-sqlite3";
import { drizzle, type BetterSQLite3Database } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import * as schema from "./schema";
import { seedEnums } from "./seed";

/** drizzle's handle; $client is the better-sqlite3 connection under it (for SQLite-level checks). */
export type Db = BetterSQLite3Database<typeof schema> & { $client: Database.Database };
/** A transaction on the app database (what db.transaction passes its callback). */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
export interface DatabaseHandle {
  db: Db;
  sqlite: Database.Database;
  close(): void;
}

export const MIGRATIONS_FOLDER = fileURLToPath(new URL("./migrations", import.meta.url));
export const APP_DB_FILE = "app.sqlite";

/** The app's database file inside DATA_DIR (the auth emulator keeps its own file). */
export function appDatabasePath(dataDir: string): string {
  return path.join(dataDir, APP_DB_FILE);
}

export function openDatabase(file: string, opts: { migrate?: boolean } = {}): DatabaseHandle {
  if (file !== ":memory:") fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new Database(file);
  sqlite.pragma("journal_mode = WAL");
  // FULL: every commit is synced to disk before the write is acknowledged, so an acknowledged change
  // to a founder's record (PII, submissions, the audit trail) survives a power loss or OS crash too,
  // not only an app crash (NORMAL in WAL mode syncs at checkpoints only). Its cost is measured by
  // `npm run bench -- --only=durability` (README, "Durability").
  sqlite.pragma("synchronous = FULL");
  sqlite.pragma("foreign_keys = ON");
  // Another process (a test, a script) may hold a write lock briefly; wait instead of failing.
  sqlite.pragma("busy_timeout = 5000");
  const db = drizzle(sqlite, { schema });
  if (opts.migrate !== false) {
    migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
    seedEnums(db);
  }
  return { db, sqlite, close: () => sqlite.close() };
}
