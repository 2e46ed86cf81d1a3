// The one place where SQLite and PostgreSQL differ (decision 0043): repositories build queries once
// against the SQLite-typed schema and run them through an Executor, which settles each engine's ways.
import type Database from "better-sqlite3";
import { sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { BetterSQLite3Database } from "drizzle-orm/better-sqlite3";
import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import type pg from "pg";
import * as sqliteTables from "./schema";
import * as pgTables from "./schema-pg";
import { postgresChangeStamp, sqliteChangeStamp, type ChangeStamp } from "./change-stamp";
import { SqliteConnection, type GroupCommitStats } from "./sqlite-connection";

type Engine = "sqlite" | "postgres";
/** The app's tables, typed as SQLite's (the Postgres twins have the same names, columns and JS values). */
export type Tables = typeof sqliteTables;
type SqliteDrizzle = BetterSQLite3Database<typeof sqliteTables> & { $client: Database.Database };
/** What repositories build queries with: the statement builders only (they run through the Executor). */
export type QueryBuilder = Pick<
  SqliteDrizzle,
  "select" | "selectDistinct" | "insert" | "update" | "delete" | "$with" | "with"
>;

/** A built query, as SQLite's builder types it (the Postgres one is awaited instead). */
interface AllQuery<T> {
  all(): T[];
}
interface GetQuery<T> {
  get(): T;
}
interface RunQuery {
  run(): { changes: number };
}

/** Runs queries: the database, or a transaction on it. */
export interface Executor {
  readonly engine: Engine;
  readonly q: QueryBuilder;
  readonly t: Tables;
  all<T>(query: AllQuery<T>): Promise<T[]>;
  get<T>(query: GetQuery<T>): Promise<Awaited<T> | undefined>;
  run(query: RunQuery): Promise<number>;
  /** All of `fn` or none; inside, use its `tx` (the outer database would wait on SQLite); nested joins the outer. */
  transaction<T>(fn: (tx: Executor) => Promise<T>): Promise<T>;
  /** Several reads as one consistent view (Postgres: read-only REPEATABLE READ; SQLite: the connection alone). */
  readConsistently<T>(fn: (tx: Executor) => Promise<T>): Promise<T>;
  /** Locks the rows read until the transaction ends: Postgres `FOR UPDATE`; SQLite as it is (one connection). */
  forUpdate<Q>(query: Q): Q;
  /** `coalesce(sum(<json number at key in column>), 0)`. */
  sumJsonNumber(column: SQLWrapper, key: string): SQL<number>;
  /** @internal the database this executor (or transaction) belongs to: what per-database caches key on. */
  readonly root: object;
}

/** The app's database: an Executor that also knows how cheaply it can tell "something changed". */
export interface AppDb extends Executor {
  /** The driver underneath, for tests, benchmarks and the readiness probe; the app's code goes through the Executor. */
  readonly driver:
    | {
        kind: "sqlite";
        client: Database.Database;
        groupCommit: Readonly<GroupCommitStats>;
        onGroupCommit(listener: (transactions: number) => void): void;
      }
    | { kind: "postgres"; pool: pg.Pool };
  /** Equal only while nobody anywhere has committed a write. */
  changeStamp(): ChangeStamp | Promise<ChangeStamp>;
  close(): Promise<void>;
}

// ---------- SQLite ----------

function sqliteExecutor(db: SqliteDrizzle, connection: SqliteConnection, inTransaction: boolean): Executor {
  // Outside a transaction a statement waits while the connection is held (an uncommitted group).
  const whenFree = inTransaction ? () => undefined : () => (connection.busy ? connection.free() : undefined);
  const self: Executor = {
    engine: "sqlite",
    q: db,
    t: sqliteTables,
    root: connection.client,
    async all(query) {
      await whenFree();
      return query.all();
    },
    async get(query) {
      await whenFree();
      return (query.get() ?? undefined) as never;
    },
    async run(query) {
      await whenFree();
      return query.run().changes;
    },
    readConsistently: (fn) => (inTransaction ? fn(self) : connection.alone(() => fn(transactional))),
    transaction: (fn) => (inTransaction ? fn(self) : connection.transaction(() => fn(transactional))),
    forUpdate: (query) => query,
    sumJsonNumber: (column, key) => sql<number>`coalesce(sum(json_extract(${column}, ${`$.${key}`})), 0)`,
  };
  const transactional: Executor = inTransaction ? self : sqliteExecutor(db, connection, true);
  return self;
}

export function sqliteAppDb(db: SqliteDrizzle, close: () => void | Promise<void>): AppDb {
  const connection = new SqliteConnection(db.$client);
  return {
    ...sqliteExecutor(db, connection, false),
    driver: {
      kind: "sqlite",
      client: db.$client,
      groupCommit: connection.stats,
      onGroupCommit: (listener) => void (connection.onCommit = listener),
    },
    changeStamp: () => sqliteChangeStamp(db),
    // After the write group in progress (if any) has committed: its requests are still waiting for it.
    close: async () => {
      await connection.free();
      await close();
    },
  };
}

// ---------- PostgreSQL ----------

type PgDrizzle = NodePgDatabase<typeof pgTables>;

const awaitPg = (query: unknown) => query as Promise<unknown>;

type PgTransactionConfig = Parameters<PgDrizzle["transaction"]>[1];

/**
 * A transaction runs on one pool connection through that connection's own drizzle instance, so the
 * statements prepared on it (`prepared`) are built once per connection, not once per transaction.
 */
function pgExecutor(db: PgDrizzle, root: PgDrizzle & { $client: pg.Pool }, inTransaction: boolean): Executor {
  const onConnection = async <T>(fn: (tx: Executor) => Promise<T>, config?: PgTransactionConfig): Promise<T> => {
    const client = await root.$client.connect();
    try {
      let own = connectionDbs.get(client);
      // No schema: it is for drizzle's relational queries, which would be set up again for every transaction.
      if (!own) connectionDbs.set(client, (own = drizzle(client) as unknown as PgDrizzle));
      const tx = pgExecutor(own, root, true);
      return await own.transaction(() => fn(tx), config);
    } finally {
      client.release();
    }
  };
  const self: Executor = {
    engine: "postgres",
    q: db as unknown as QueryBuilder,
    t: pgTables as unknown as Tables,
    root,
    all: async (query) => (await awaitPg(query)) as never,
    get: async (query) => ((await awaitPg(query)) as unknown[])[0] as never,
    run: async (query) => ((await awaitPg(query)) as { rowCount: number | null }).rowCount ?? 0,
    transaction: (fn) => (inTransaction ? fn(self) : onConnection(fn)),
    readConsistently: (fn) =>
      inTransaction ? fn(self) : onConnection(fn, { isolationLevel: "repeatable read", accessMode: "read only" }),
    forUpdate: (query) => (query as { for(strength: "update"): unknown }).for("update") as typeof query,
    // ->> gives text; a number stored in the JSON reads back as numeric.
    sumJsonNumber: (column, key) => sql<number>`coalesce(sum((${column}::json ->> ${key})::numeric), 0)`,
  };
  return self;
}
const connectionDbs = new WeakMap<pg.PoolClient, PgDrizzle>();

export function postgresAppDb(db: PgDrizzle & { $client: pg.Pool }, close: () => Promise<void>): AppDb {
  return {
    ...pgExecutor(db, db, false),
    driver: { kind: "postgres", pool: db.$client },
    changeStamp: () => postgresChangeStamp(db.$client),
    close,
  };
}

// ---------- statements prepared once ----------

/** A query whose values come in through sql.placeholder(name). */
export interface PreparableQuery<T> {
  prepare(): {
    all(values?: Record<string, unknown>): T[];
    get(values?: Record<string, unknown>): T | undefined;
    run(values?: Record<string, unknown>): { changes: number };
  };
}

/** drizzle's Postgres prepared query (`.prepare(name)`). */
interface PgPrepared {
  execute(values?: Record<string, unknown>): Promise<unknown>;
}

export interface Prepared<T> {
  all(ex: Executor, values?: Record<string, unknown>): Promise<T[]>;
  get(ex: Executor, values?: Record<string, unknown>): Promise<T | undefined>;
  run(ex: Executor, values?: Record<string, unknown>): Promise<number>;
}

/**
 * A query built and prepared once per builder (the database, or a Postgres transaction) and run
 * with different values. On Postgres it is the unnamed statement (name ""): a transaction-mode
 * pooler keeps no named ones.
 */
export function prepared<T>(
  build: (q: QueryBuilder, t: Tables, forUpdate: Executor["forUpdate"]) => PreparableQuery<T>,
): Prepared<T> {
  const byBuilder = new WeakMap<object, unknown>();
  const preparedOn = <P>(ex: Executor, prepare: (query: unknown) => P): P => {
    let statement = byBuilder.get(ex.q) as P | undefined;
    if (statement === undefined) {
      statement = prepare(build(ex.q, ex.t, ex.forUpdate));
      byBuilder.set(ex.q, statement);
    }
    return statement;
  };
  const sqlite = (ex: Executor) => preparedOn(ex, (query) => (query as PreparableQuery<T>).prepare());
  const pg = (ex: Executor, values?: Record<string, unknown>) =>
    preparedOn(ex, (query) => (query as { prepare(name: string): PgPrepared }).prepare("")).execute(values);
  return {
    all: (ex, values) =>
      ex.engine === "sqlite" ? ex.all({ all: () => sqlite(ex).all(values) }) : (pg(ex, values) as Promise<T[]>),
    get: (ex, values) =>
      ex.engine === "sqlite"
        ? (ex.get({ get: () => sqlite(ex).get(values) }) as Promise<T | undefined>)
        : pg(ex, values).then((rows) => (rows as T[])[0]),
    run: (ex, values) =>
      ex.engine === "sqlite"
        ? ex.run({ run: () => sqlite(ex).run(values) })
        : pg(ex, values).then((r) => (r as { rowCount: number | null }).rowCount ?? 0),
  };
}

/** Something kept once per database (a transaction shares its database's), e.g. a cache. */
export function perDatabase<T>(build: (ex: Executor) => T): (ex: Executor) => T {
  const byRoot = new WeakMap<object, T>();
  return (ex) => {
    let value = byRoot.get(ex.root);
    if (value === undefined) {
      value = build(ex);
      byRoot.set(ex.root, value);
    }
    return value;
  };
}

/** A write (INSERT, UPDATE, DELETE without RETURNING) built once and run with different values. */
export type PreparedWrite = Pick<Prepared<never>, "run">;

export function preparedWrite(
  build: (q: QueryBuilder, t: Tables) => { prepare(): { run(values?: Record<string, unknown>): { changes: number } } },
): PreparedWrite {
  return prepared(build as unknown as (q: QueryBuilder, t: Tables) => PreparableQuery<never>);
}

/** @internal The better-sqlite3 connection under a SQLite AppDb (tests); throws on Postgres. */
export function sqliteClientOf(db: AppDb): Database.Database {
  if (db.driver.kind !== "sqlite") throw new Error("This needs the SQLite engine");
  return db.driver.client;
}

// ---------- errors ----------

/** The driver's own error under drizzle's wrapping (DrizzleQueryError keeps it as `cause`). */
function* causes(err: unknown): Generator<{ code?: unknown; message?: unknown }> {
  for (
    let e: unknown = err, depth = 0;
    e && typeof e === "object" && depth < 5;
    e = (e as { cause?: unknown }).cause, depth++
  ) {
    yield e as { code?: unknown; message?: unknown };
  }
}

/** node-postgres's "could not connect / the connection went away" (no SQLSTATE from a server that answered). */
export function isConnectionFailure(err: unknown): boolean {
  for (const e of causes(err)) {
    if (typeof e.code === "string") {
      if (/^(ECONNREFUSED|ECONNRESET|ENOTFOUND|EAI_AGAIN|ETIMEDOUT|EHOSTUNREACH|ENETUNREACH|EPIPE)$/.test(e.code))
        return true;
      // 57P01-57P03: the server is shutting down or starting; 08xxx: connection exceptions.
      if (/^(57P0[123]|08...)$/.test(e.code)) return true;
    }
    if (
      typeof e.message === "string" &&
      /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection ended|the database system is (starting up|shutting down)/i.test(
        e.message,
      )
    ) {
      return true;
    }
  }
  return false;
}

/** What a failed statement means on either engine: a taken unique key, another constraint, a value outside its column's type (Postgres 22003), or no database. */
export type DatabaseFailure = "unique" | "constraint" | "out_of_range" | "unavailable";

export function databaseFailureOf(err: unknown): DatabaseFailure | null {
  if (isConnectionFailure(err)) return "unavailable";
  for (const e of causes(err)) {
    if (typeof e.code !== "string") continue;
    // SQLite (better-sqlite3's extended codes)
    if (e.code === "SQLITE_CONSTRAINT_UNIQUE" || e.code === "SQLITE_CONSTRAINT_PRIMARYKEY") return "unique";
    if (e.code.startsWith("SQLITE_CONSTRAINT")) return "constraint";
    if (e.code === "SQLITE_BUSY") return "unavailable";
    // Postgres SQLSTATE class 23: integrity constraint violation (23505 unique_violation)
    if (e.code === "23505") return "unique";
    if (/^23...$/.test(e.code)) return "constraint";
    if (e.code === "22003") return "out_of_range";
  }
  return null;
}
