// The app database on PostgreSQL (decision 0040): a pool, the migrations of db/migrations-pg under
// SQLite's schema-version rules, and the enum seed.
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import * as schema from "./schema-pg";
import { ENUM_SEED } from "./enums";
import {
  assertMigratable,
  compareSchema,
  committedMigrations,
  readinessOf,
  type AppliedMigration,
  type CommittedMigration,
  type DatabaseReadiness,
  type SchemaStatus,
} from "./schema-version";

export const PG_MIGRATIONS_FOLDER = fileURLToPath(new URL("./migrations-pg", import.meta.url));

export type PgDb = NodePgDatabase<typeof schema> & { $client: pg.Pool };
export interface PostgresHandle {
  url: string;
  db: PgDb;
  pool: pg.Pool;
  close(): Promise<void>;
}

/** No named prepared statements or session state: it works behind a transaction-mode pooler. */
export function openPostgres(url: string, opts: { max?: number } = {}): PostgresHandle {
  // A connection attempt gives up after 5 s instead of waiting for the OS (a dead host).
  const pool = new pg.Pool({ connectionString: url, max: opts.max ?? 10, connectionTimeoutMillis: 5000 });
  // An idle client's error must not crash the process: the pool replaces the client.
  pool.on("error", () => undefined);
  const db = drizzle(pool, { schema });
  return { url, db, pool, close: () => pool.end() };
}

/** Applied migrations; none when drizzle's table (schema "drizzle") does not exist yet. */
async function appliedPostgresMigrations(pool: pg.Pool): Promise<AppliedMigration[]> {
  const exists = await pool.query<{ t: string | null }>(
    "SELECT to_regclass('drizzle.__drizzle_migrations')::text AS t",
  );
  if (!exists.rows[0]?.t) return [];
  const rows = await pool.query<{ hash: string; created_at: string }>(
    "SELECT hash, created_at FROM drizzle.__drizzle_migrations",
  );
  return rows.rows.map((r) => ({ hash: r.hash, createdAt: Number(r.created_at) }));
}

let committed: CommittedMigration[] | undefined;

export async function postgresSchemaStatus(handle: Pick<PostgresHandle, "pool">): Promise<SchemaStatus> {
  committed ??= committedMigrations(PG_MIGRATIONS_FOLDER);
  return compareSchema(await appliedPostgresMigrations(handle.pool), committed);
}

/** Every table's column names in the app's schema, as the server has them. */
export async function postgresColumns(pool: pg.Pool): Promise<Map<string, Set<string>>> {
  const rows = await pool.query<{ t: string; c: string }>(
    "SELECT table_name AS t, column_name AS c FROM information_schema.columns WHERE table_schema = current_schema()",
  );
  const tables = new Map<string, Set<string>>();
  for (const { t, c } of rows.rows) (tables.get(t) ?? tables.set(t, new Set()).get(t)!).add(c);
  return tables;
}

/** @internal */ export function postgresReadiness(handle: Pick<PostgresHandle, "pool">): Promise<DatabaseReadiness> {
  return readinessOf(() => postgresSchemaStatus(handle));
}

/** Every enum item in one upsert statement (idempotent; a changed label is updated). */
export async function seedPostgresEnums(db: PgDb): Promise<void> {
  await db
    .insert(schema.enumItem)
    .values(ENUM_SEED.map((item) => ({ ...item })))
    .onConflictDoUpdate({
      target: schema.enumItem.enumId,
      set: {
        enumLabel: sql`excluded.enum_label`,
        enumCategory: sql`excluded.enum_category`,
        sortOrder: sql`excluded.sort_order`,
      },
    });
}

/** A lock key of this app's migrations, so two deploys migrating at once take turns. */
const MIGRATION_LOCK = 0x46460015;

/** Migrates and seeds under an advisory lock; a newer or diverged database is refused unchanged. */
export async function migratePostgres(handle: PostgresHandle): Promise<{ before: SchemaStatus; after: SchemaStatus }> {
  // Its own connection, outside the pool: the migrator needs the pool's, whatever its size.
  const lock = new pg.Client({ connectionString: handle.url });
  await lock.connect();
  try {
    await lock.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK]);
    const before = await postgresSchemaStatus(handle);
    assertMigratable(before);
    await migrate(handle.db, { migrationsFolder: PG_MIGRATIONS_FOLDER });
    await seedPostgresEnums(handle.db);
    return { before, after: await postgresSchemaStatus(handle) };
  } finally {
    await lock.end(); // ends the session, and with it the lock
  }
}
