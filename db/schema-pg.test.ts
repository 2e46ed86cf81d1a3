// The Postgres schema is the SQLite schema's twin: same tables, columns, nullability, defaults,
// keys, foreign keys and indexes, declared (drizzle) and as a real migrated server reports them.
// And the Postgres migrations follow the same schema-version rules as SQLite's.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getTableConfig as sqliteConfig, type SQLiteTable } from "drizzle-orm/sqlite-core";
import { getTableConfig as pgConfig, type PgTable } from "drizzle-orm/pg-core";
import { eq, is } from "drizzle-orm";
import { SQLiteTable as SQLiteTableClass } from "drizzle-orm/sqlite-core";
import { PgTable as PgTableClass } from "drizzle-orm/pg-core";
import * as sqliteSchema from "./schema";
import * as pgSchema from "./schema-pg";
import { openDatabase } from "./client";
import { migratePostgres, openPostgres, postgresSchemaStatus, type PostgresHandle } from "./postgres";
import { SchemaMismatchError } from "./schema-version";
import { createMigratedDatabase, startPostgres, type PostgresServer } from "../tests/support/postgres";

const sqliteTables = (Object.values(sqliteSchema) as unknown[]).filter((v): v is SQLiteTable =>
  is(v, SQLiteTableClass),
);
const pgTables = (Object.values(pgSchema) as unknown[]).filter((v): v is PgTable => is(v, PgTableClass));

/** An engine-neutral description of a drizzle table config. */
function describeTable(cfg: ReturnType<typeof sqliteConfig> | ReturnType<typeof pgConfig>) {
  return {
    columns: cfg.columns
      .map((c) => ({
        name: c.name,
        notNull: c.notNull,
        primary: c.primary,
        hasDefault: c.hasDefault,
        default: c.default ?? null,
        enumValues: c.enumValues ?? null,
      }))
      .sort((a, b) => a.name.localeCompare(b.name)),
    primaryKeys: cfg.primaryKeys.map((pk) => pk.columns.map((c) => c.name)),
    foreignKeys: cfg.foreignKeys
      .map((fk) => {
        const ref = fk.reference();
        return {
          columns: ref.columns.map((c) => c.name),
          table: (ref.foreignTable as unknown as Record<symbol, string>)[Symbol.for("drizzle:Name")],
          foreignColumns: ref.foreignColumns.map((c) => c.name),
          onDelete: fk.onDelete ?? "no action",
        };
      })
      .sort((a, b) => a.columns.join().localeCompare(b.columns.join())),
    indexes: cfg.indexes
      .map((i) => ({
        name: i.config.name,
        unique: i.config.unique,
        partial: Boolean(i.config.where),
        width: i.config.columns.length,
      }))
      .sort((a, b) => a.name!.localeCompare(b.name!)),
  };
}

describe("db/schema-pg.ts mirrors db/schema.ts", () => {
  it("has the same tables", () => {
    expect(
      pgTables.map((t) => pgConfig(t).name).sort(),
      "mirror the table in db/schema-pg.ts, then npm run db:generate:pg",
    ).toEqual(sqliteTables.map((t) => sqliteConfig(t).name).sort());
  });

  it.each(sqliteTables.map((t) => [sqliteConfig(t).name, t] as const))(
    "%s: same columns, keys, foreign keys and indexes",
    (name, table) => {
      const twin = pgTables.find((t) => pgConfig(t).name === name);
      expect(twin, `mirror ${name} in db/schema-pg.ts, then npm run db:generate:pg`).toBeDefined();
      expect(describeTable(pgConfig(twin!))).toEqual(describeTable(sqliteConfig(table)));
    },
  );
});

describe("the committed Postgres migrations on a real server", () => {
  let server: PostgresServer;
  let pgh: PostgresHandle;

  beforeAll(async () => {
    server = await startPostgres();
    pgh = openPostgres(server.url(await createMigratedDatabase(server)), { max: 2 });
  });
  afterAll(async () => {
    await pgh?.close();
    await server?.stop();
  });

  /** What SQLite's `integer`/`text`/`real` become on Postgres (booleans are integer columns in SQLite). */
  const PG_TYPE: Record<string, string> = { integer: "integer", text: "text", real: "double precision" };

  it("create every table and column the SQLite migrations create, with the mapped types and nullability", async () => {
    const lite = openDatabase(":memory:");
    try {
      const tables = (
        lite.sqlite
          .prepare(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '__drizzle%' ORDER BY name",
          )
          .all() as { name: string }[]
      ).map((r) => r.name);
      const pgColumns = (
        await pgh.pool.query<{ table_name: string; column_name: string; data_type: string; is_nullable: string }>(
          "SELECT table_name, column_name, data_type, is_nullable FROM information_schema.columns WHERE table_schema = 'public' ORDER BY table_name, ordinal_position",
        )
      ).rows;
      expect([...new Set(pgColumns.map((c) => c.table_name))].sort()).toEqual(tables);
      for (const table of tables) {
        const booleans = new Set(
          sqliteConfig(sqliteTables.find((t) => sqliteConfig(t).name === table)!)
            .columns.filter((c) => c.columnType === "SQLiteBoolean")
            .map((c) => c.name),
        );
        const liteColumns = (
          lite.sqlite.prepare(`PRAGMA table_info(${table})`).all() as {
            name: string;
            type: string;
            notnull: number;
            pk: number;
          }[]
        ).map((c) => ({
          table_name: table,
          column_name: c.name,
          data_type: booleans.has(c.name) ? "boolean" : PG_TYPE[c.type.toLowerCase()],
          is_nullable: c.notnull || c.pk ? "NO" : "YES",
        }));
        expect(
          pgColumns.filter((c) => c.table_name === table),
          table,
        ).toEqual(liteColumns);
      }
      const liteIndexes = (
        lite.sqlite
          .prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL ORDER BY name")
          .all() as { name: string }[]
      ).map((r) => r.name);
      const pgIndexes = (
        await pgh.pool.query<{ indexname: string }>(
          "SELECT indexname FROM pg_indexes i WHERE schemaname = 'public' AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname AND c.contype = 'p') ORDER BY indexname",
        )
      ).rows.map((r) => r.indexname);
      expect(pgIndexes).toEqual(liteIndexes);
    } finally {
      lite.close();
    }
  });

  it("seed the same enum items as SQLite", async () => {
    const lite = openDatabase(":memory:");
    try {
      const order = (rows: { enumId: string }[]) => [...rows].sort((a, b) => a.enumId.localeCompare(b.enumId));
      const liteItems = order(lite.db.select().from(sqliteSchema.enumItem).all());
      expect(liteItems.length).toBeGreaterThan(50);
      expect(order(await pgh.db.select().from(pgSchema.enumItem))).toEqual(liteItems);
    } finally {
      lite.close();
    }
  });

  it("enforce the same rules SQLite does: unique e-mail per account (any case), one founder strategy, cascades", async () => {
    const now = "2026-11-23T20:00:00.000";
    const [acct] = await pgh.db
      .insert(pgSchema.account)
      .values({ userId: `u-${Date.now()}`, createdAt: now, updatedAt: now })
      .returning();
    await pgh.db
      .insert(pgSchema.person)
      .values({ accountId: acct!.accountId, email: "Owner@Example.com", createdAt: now, updatedAt: now });
    await expect(
      pgh.db
        .insert(pgSchema.person)
        .values({ accountId: acct!.accountId, email: "owner@example.COM", createdAt: now, updatedAt: now }),
    ).rejects.toMatchObject({ cause: { code: "23505" } });
    await pgh.db
      .insert(pgSchema.strategy)
      .values({ accountId: acct!.accountId, strategyType: "strategy_type_founder", createdAt: now, updatedAt: now });
    await expect(
      pgh.db
        .insert(pgSchema.strategy)
        .values({ accountId: acct!.accountId, strategyType: "strategy_type_founder", createdAt: now, updatedAt: now }),
    ).rejects.toMatchObject({ cause: { code: "23505" } });
    const [stored] = await pgh.db.select().from(pgSchema.person).where(eq(pgSchema.person.accountId, acct!.accountId));
    expect(stored).toMatchObject({ accountPrimaryHolder: false, isAddon: false, createdAt: now });
    await pgh.db.delete(pgSchema.account).where(eq(pgSchema.account.accountId, acct!.accountId));
    expect(
      (await pgh.pool.query("SELECT count(*)::int AS n FROM person WHERE account_id = $1", [acct!.accountId])).rows[0],
    ).toEqual({ n: 0 });
  });

  it("report the schema version like SQLite: current, and a newer database is refused untouched", async () => {
    expect((await postgresSchemaStatus(pgh)).state).toBe("current");
    expect((await migratePostgres(pgh)).before.state).toBe("current");
    const db = await server.createDatabase();
    const other = openPostgres(server.url(db), { max: 2 });
    try {
      expect(await postgresSchemaStatus(other)).toMatchObject({ state: "behind" });
      await migratePostgres(other);
      await other.pool.query(
        "INSERT INTO drizzle.__drizzle_migrations (hash, created_at) VALUES ('from-newer-code', 9999999999999)",
      );
      expect(await postgresSchemaStatus(other)).toMatchObject({ state: "ahead", unknown: 1 });
      await expect(migratePostgres(other)).rejects.toThrow(SchemaMismatchError);
    } finally {
      await other.close();
    }
  });
});
