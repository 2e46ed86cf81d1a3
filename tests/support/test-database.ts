// One isolated app database per test file on the project's engine (FF_TEST_ENGINE): a copy of a
// migrated SQLite template file, or CREATE DATABASE … TEMPLATE on the run's PostgreSQL. dump() and
// query() read it engine-neutrally.
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import pg from "pg";
import { appDatabasePath, MIGRATIONS_FOLDER, openDatabase } from "../../db/client";
import { committedMigrations } from "../../db/schema-version";
import { ENUM_SEED } from "../../db/enums";
import { createMigratedDatabase, sharedPostgres, startPgBouncer, type PostgresServer } from "./postgres";
import { BOOKKEEPING_TABLES, dumpDatabase, type Dump } from "./db-dump";

export type TestEngine = "sqlite" | "postgres";

/** FF_TEST_POSTGRES_POOLER=pgbouncer: the app reaches Postgres through PgBouncer in transaction mode. */
function throughPgBouncer(): boolean {
  return process.env.FF_TEST_POSTGRES_POOLER === "pgbouncer";
}

/** The engine this test process runs the app on. */
export function testEngine(): TestEngine {
  return process.env.FF_TEST_ENGINE === "postgres" ? "postgres" : "sqlite";
}

export interface TestDatabase {
  engine: TestEngine;
  /** Settings for loadConfig: DATABASE_URL on Postgres; nothing on SQLite (the file sits in DATA_DIR). */
  env: Record<string, string>;
  /** The whole database, read through a connection of its own (what another process sees). */
  dump(): Promise<Dump>;
  /** Rows of one query (none for a write), through a connection of its own; `?` placeholders on both engines. */
  query<T = Record<string, unknown>>(sql: string, ...params: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

function sqliteTemplate(): string {
  const key = crypto
    .createHash("sha256")
    .update(JSON.stringify([committedMigrations(MIGRATIONS_FOLDER).map((m) => m.hash), ENUM_SEED]))
    .digest("hex")
    .slice(0, 16);
  const file = path.join(os.tmpdir(), `ff-sqlite-template-${key}.sqlite`);
  if (fs.existsSync(file)) return file;
  // Built beside, then renamed: another process never copies a half-migrated file.
  const building = `${file}.${process.pid}.${crypto.randomBytes(4).toString("hex")}`;
  openDatabase(building).close();
  fs.renameSync(building, file);
  return file;
}

/** This process's handle on the server, shared by its open test databases; stopped with the last one. */
let server: Promise<PostgresServer> | undefined;
let openDatabases = 0;

export async function createTestDatabase(dataDir: string, engine: TestEngine = testEngine()): Promise<TestDatabase> {
  if (engine === "sqlite") {
    const file = appDatabasePath(dataDir);
    fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    fs.copyFileSync(sqliteTemplate(), file);
    fs.chmodSync(file, 0o600);
    const withReader = <T>(work: (db: Database.Database) => T, readonly = true): T => {
      const db = new Database(file, { readonly, fileMustExist: true });
      try {
        return work(db);
      } finally {
        db.close();
      }
    };
    return {
      engine,
      env: {},
      dump: async () => dumpDatabase(file),
      query: async <T>(sql: string, ...params: unknown[]) =>
        withReader((db) => {
          const statement = db.prepare(sql);
          if (statement.reader) return statement.all(...params) as T[];
          statement.run(...params);
          return [];
        }, false),
      close: async () => undefined,
    };
  }
  server ??= sharedPostgres();
  openDatabases += 1;
  const s = await server;
  const url = s.url(await createMigratedDatabase(s));
  // Fewer server connections than the app's pool: transactions hop between them, as on a real pooler.
  const bouncer = throughPgBouncer() ? await startPgBouncer(s, { poolSize: 4 }) : undefined;
  const appUrl = bouncer ? bouncer.url(new URL(url).pathname.slice(1)) : url;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const query = async <T>(sql: string, ...params: unknown[]): Promise<T[]> => {
    let n = 0;
    return (
      await client.query(
        sql.replace(/\?/g, () => `$${++n}`),
        params,
      )
    ).rows as T[];
  };
  return {
    engine,
    env: { DATABASE_URL: appUrl },
    dump: async () => {
      const tables = await query<{ name: string }>(
        "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name",
      );
      const dump: Dump = {};
      for (const { name } of tables)
        if (!BOOKKEEPING_TABLES.has(name))
          dump[name] = (await query(`SELECT * FROM "${name}"`)).map((r) => JSON.stringify(r)).sort();
      return dump;
    },
    query,
    close: async () => {
      await client.end();
      await bouncer?.stop();
      openDatabases -= 1;
      if (openDatabases === 0) {
        server = undefined;
        // Drops the databases made here (and, for a server of this process's own, stops it).
        await s.stop();
      }
    },
  };
}
