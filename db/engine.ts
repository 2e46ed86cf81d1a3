// The one place where SQLite and PostgreSQL differ (decision 0043): repositories build queries once
// against the SQLite-typed schema (`db.t`, `db.q`) and run them through an Executor, which gives
// each engine its own tables and settles how queries run, statements are prepared (never named on
// Postgres: a transaction-mode pooler breaks them), transactions work (SQLite: group commit,
// db/sqlite-connection.ts) and "has anything changed?" is answered (db/change-stamp.ts).
import type Database from "better-sqlite3";
import {
  getTableColumns,
  getTableName,
  is,
  Param,
  Placeholder,
  sql,
  type SQL,
  type SQLWrapper,
  type Table,
} from "drizzle-orm";
import type { BetterSQLite3Database } from "drizzle-orm/better-sqlite3";
import type { NodePgDatabase } from "drizzle-orm/node-postgres";
import type pg from "pg";
import * as sqliteTables from "./schema";
import * as pgTables from "./schema-pg";
import { postgresChangeStamp, sqliteChangeStamp, type ChangeStamp } from "./change-stamp";
import { SqliteConnection, type GroupCommitStats } from "./sqlite-connection";

export type Engine = "sqlite" | "postgres";
/** The app's tables, typed as SQLite's (the Postgres twins have the same names, columns and JS values). */
export type Tables = typeof sqliteTables;
type SqliteDrizzle = BetterSQLite3Database<typeof sqliteTables> & { $client: Database.Database };
/** What repositories build queries with: the statement builders only (they run through the Executor). */
export type QueryBuilder = Pick<SqliteDrizzle, "select" | "selectDistinct" | "insert" | "update" | "delete">;

/** A built query, as SQLite's builder types it (the Postgres one is awaited instead). */
export interface AllQuery<T> {
  all(): T[];
}
export interface GetQuery<T> {
  get(): T;
}
export interface RunQuery {
  run(): { changes: number };
}

/** Runs queries: the database, or a transaction on it. */
export interface Executor {
  readonly engine: Engine;
  readonly q: QueryBuilder;
  readonly t: Tables;
  all<T>(query: AllQuery<T>): Promise<T[]>;
  /** The first row, or undefined. */
  get<T>(query: GetQuery<T>): Promise<Awaited<T> | undefined>;
  /** The number of rows written. */
  run(query: RunQuery): Promise<number>;
  /** All of `fn` or none; inside, use its `tx` (the outer database would wait on SQLite); nested joins the outer. */
  transaction<T>(fn: (tx: Executor) => Promise<T>): Promise<T>;
  /** Several reads as one consistent view (Postgres: read-only REPEATABLE READ; SQLite: the connection alone). */
  readConsistently<T>(fn: (tx: Executor) => Promise<T>): Promise<T>;
  /** Locks the rows read until the transaction ends: Postgres `FOR UPDATE`; SQLite as it is (one connection). */
  forUpdate<Q>(query: Q): Q;
  /** Independent prepared writes in order, each one's row count: on Postgres ONE statement (CTEs), on SQLite in turn. */
  runTogether(writes: readonly BoundWrite[]): Promise<number[]>;
  /** `coalesce(sum(<json number at key in column>), 0)`. */
  sumJsonNumber(column: SQLWrapper, key: string): SQL<number>;
  /** @internal the connection prepared statements belong to (SQLite) or the executor itself (Postgres). */
  readonly preparedScope: object;
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
    preparedScope: connection.client,
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
    async runTogether(writes) {
      const counts: number[] = [];
      for (const w of writes) counts.push(await w.statement.run(self, w.values));
      return counts;
    },
    sumJsonNumber: (column, key) => sql<number>`coalesce(sum(json_extract(${column}, ${`$.${key}`})), 0)`,
  };
  const transactional: Executor = inTransaction ? self : sqliteExecutor(db, connection, true);
  return self;
}

export function sqliteAppDb(db: SqliteDrizzle, close: () => void): AppDb {
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
      close();
    },
  };
}

// ---------- PostgreSQL ----------

type PgDrizzle = NodePgDatabase<typeof pgTables>;
type PgTx = Parameters<Parameters<PgDrizzle["transaction"]>[0]>[0];

/** Every built Postgres query is a promise of rows (SELECT, RETURNING) or of a pg result. */
const awaitPg = (query: unknown) => query as Promise<unknown>;

function pgExecutor(db: PgDrizzle | PgTx, root: PgDrizzle, inTransaction: boolean): Executor {
  const self: Executor = {
    engine: "postgres",
    q: db as unknown as QueryBuilder,
    t: pgTables as unknown as Tables,
    preparedScope: db,
    root,
    all: async (query) => (await awaitPg(query)) as never,
    get: async (query) => ((await awaitPg(query)) as unknown[])[0] as never,
    run: async (query) => ((await awaitPg(query)) as { rowCount: number | null }).rowCount ?? 0,
    transaction: (fn) => (inTransaction ? fn(self) : root.transaction((tx) => fn(pgExecutor(tx, root, true)))),
    readConsistently: (fn) =>
      inTransaction
        ? fn(self)
        : root.transaction((tx) => fn(pgExecutor(tx, root, true)), {
            isolationLevel: "repeatable read",
            accessMode: "read only",
          }),
    forUpdate: (query) => (query as { for(strength: "update"): unknown }).for("update") as typeof query,
    async runTogether(writes) {
      if (writes.length <= 1) return Promise.all(writes.map((w) => w.statement.run(self, w.values)));
      const query = writesTogether(
        self,
        writes.map((w) => w.statement),
      );
      const values: Record<string, unknown> = {};
      writes.forEach((w, i) => {
        for (const [name, value] of Object.entries(w.values)) values[`${i}.${name}`] = value;
      });
      const result = (await onConnection(query, pgClientOf(self)).execute(values)) as {
        rows: Array<Record<string, number>>;
      };
      return writes.map((_, i) => result.rows[0]?.[`c${i}`] ?? 0);
    },
    // ->> gives text; a number stored in the JSON reads back as numeric.
    sumJsonNumber: (column, key) => sql<number>`coalesce(sum((${column}::json ->> ${key})::numeric), 0)`,
  };
  return self;
}

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

export interface Prepared<T> {
  /** @internal the built query for this executor (a statement on SQLite, the builder with placeholders on Postgres). */
  queryFor(ex: Executor): SQLWrapper;
  all(ex: Executor, values?: Record<string, unknown>): Promise<T[]>;
  get(ex: Executor, values?: Record<string, unknown>): Promise<T | undefined>;
  /** The number of rows written. */
  run(ex: Executor, values?: Record<string, unknown>): Promise<number>;
}

/**
 * A query built once, run with different values: on SQLite a statement per connection; on Postgres
 * its text made once per database (an unnamed statement) and sent on the executor's connection.
 */
export function prepared<T>(
  build: (q: QueryBuilder, t: Tables, forUpdate: Executor["forUpdate"]) => PreparableQuery<T>,
): Prepared<T> {
  const sqliteStatements = new WeakMap<object, ReturnType<PreparableQuery<T>["prepare"]>>();
  const pgQueries = new WeakMap<object, { builder: SQLWrapper; query: PgPreparedQuery }>();
  const sqlite = (ex: Executor) => {
    let statement = sqliteStatements.get(ex.preparedScope);
    if (statement === undefined) {
      statement = build(ex.q, ex.t, ex.forUpdate).prepare();
      sqliteStatements.set(ex.preparedScope, statement);
    }
    return statement;
  };
  const pgBuilt = (ex: Executor) => {
    let built = pgQueries.get(ex.root);
    if (built === undefined) {
      // Built on the database itself (its session's client is the pool), whatever executor asks first.
      const builder = build(ex.root as QueryBuilder, ex.t, ex.forUpdate) as unknown as SQLWrapper & {
        _prepare(): PgPreparedQuery;
      };
      built = { builder, query: builder._prepare() };
      pgQueries.set(ex.root, built);
    }
    return built;
  };
  const pg = (ex: Executor, values?: Record<string, unknown>) => {
    return onConnection(pgBuilt(ex).query, pgClientOf(ex)).execute(values);
  };
  return {
    queryFor: (ex) => pgBuilt(ex).builder,
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

/** drizzle's node-postgres prepared query: what it runs on (`client`) and how. */
interface PgPreparedQuery {
  readonly client: unknown;
  execute(values?: Record<string, unknown>): Promise<unknown>;
}

/** The same query on this connection: everything else (text, parameters, result mapping) is shared. */
function onConnection(query: PgPreparedQuery, client: unknown): PgPreparedQuery {
  return client === query.client ? query : (Object.create(query, { client: { value: client } }) as PgPreparedQuery);
}

/** The connection a Postgres executor's queries go to: the pool, or its transaction's client (drizzle's session keeps it). */
function pgClientOf(ex: Executor): unknown {
  return (ex.preparedScope as { session: { client: unknown } }).session.client;
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
export interface PreparedWrite {
  /** @internal see Prepared.queryFor */
  queryFor(ex: Executor): SQLWrapper;
  /** The number of rows written. */
  run(ex: Executor, values?: Record<string, unknown>): Promise<number>;
}

/** A prepared write with the values for one run (what `runTogether` takes). */
export interface BoundWrite {
  statement: PreparedWrite;
  values: Record<string, unknown>;
}

/** Prepared writes as ONE Postgres statement (WITH w0 AS (… RETURNING 1), …), placeholders renamed "<index>.<name>". */
const MAX_COMBINED = 256;
const combinedByDatabase = new WeakMap<object, Map<string, PgPreparedQuery>>();
const writeIds = new WeakMap<PreparedWrite, number>();
let nextWriteId = 1;
function writesTogether(ex: Executor, statements: PreparedWrite[]): PgPreparedQuery {
  let combined = combinedByDatabase.get(ex.root);
  if (!combined) combinedByDatabase.set(ex.root, (combined = new Map()));
  const key = statements
    .map((st) => {
      let id = writeIds.get(st);
      if (id === undefined) writeIds.set(st, (id = nextWriteId++));
      return id;
    })
    .join(",");
  let query = combined.get(key);
  if (!query) {
    const root = pgRoot(ex);
    const sqls = statements.map((st) => st.queryFor(ex).getSQL());
    const parts = sqls.map((one, i) => sql`${sql.raw(`w${i}`)} as (${one} returning 1)`);
    const counts = sqls.map((_, i) => sql.raw(`(select count(*)::int from w${i}) as c${i}`));
    const whole = root.dialect.sqlToQuery(sql`with ${sql.join(parts, sql`, `)} select ${sql.join(counts, sql`, `)}`);
    // The i-th write's parameters are the next ones in order: as many as it has alone.
    const params = [...whole.params];
    let offset = 0;
    sqls.forEach((one, i) => {
      const count = root.dialect.sqlToQuery(one).params.length;
      for (let k = offset; k < offset + count; k++) params[k] = renamed(params[k], `${i}.`);
      offset += count;
    });
    // Unnamed (no name), so a transaction-mode pooler handles it; raw rows (no field mapping).
    query = root.session.prepareQuery({ sql: whole.sql, params }, undefined, undefined, false);
    combined.set(key, query);
    if (combined.size > MAX_COMBINED) combined.delete(combined.keys().next().value!);
  }
  return query;
}

/**
 * Postgres: `text` as it is, its values in order ($1, $2…), on the executor's connection: no query
 * building per request. For calls of the functions the migrations install (decision 0171).
 */
export async function pgRows(ex: Executor, text: string, values: unknown[]): Promise<Record<string, unknown>[]> {
  if (ex.engine !== "postgres") throw new Error("pgRows is for PostgreSQL");
  const client = pgClientOf(ex) as pg.Pool | pg.PoolClient;
  return (await client.query<Record<string, unknown>>({ text, values })).rows;
}

/** Postgres: a row of `table` as the server sends it (column names), with the schema's keys and JS values. */
export function rowFromPg<T extends Table>(table: T, raw: Record<string, unknown>): T["$inferSelect"] {
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = raw[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as T["$inferSelect"];
}

/** Postgres: `values` (the schema's keys) as JSON of column name to value, what jsonb_populate_record reads. */
export function pgColumnsJson(table: Table, values: Record<string, unknown>): string {
  const columns = getTableColumns(table);
  const named: Record<string, unknown> = {};
  for (const key in values) {
    const column = columns[key];
    if (!column) throw new Error(`${getTableName(table)} has no column ${key}`);
    named[column.name] = values[key] === null ? null : column.mapToDriverValue(values[key]);
  }
  return JSON.stringify(named);
}

/** drizzle's Postgres database under an executor: what turns SQL into an unnamed prepared query. */
function pgRoot(ex: Executor) {
  return ex.root as {
    dialect: { sqlToQuery(s: SQL): { sql: string; params: unknown[] } };
    session: {
      prepareQuery(
        q: { sql: string; params: unknown[] },
        fields: undefined,
        name: undefined,
        arrayMode: boolean,
      ): PgPreparedQuery;
    };
  };
}

/** A placeholder (bare, or bound to a column's encoder) under a prefixed name; other parameters as they are. */
function renamed(param: unknown, prefix: string): unknown {
  if (is(param, Placeholder)) return new Placeholder(`${prefix}${param.name}`);
  if (is(param, Param) && is(param.value, Placeholder))
    return new Param(new Placeholder(`${prefix}${param.value.name}`), param.encoder);
  return param;
}

export function preparedWrite(
  build: (q: QueryBuilder, t: Tables) => { prepare(): { run(values?: Record<string, unknown>): { changes: number } } },
): PreparedWrite {
  return prepared(build as unknown as (q: QueryBuilder, t: Tables) => PreparableQuery<never>);
}

/** The better-sqlite3 connection under a SQLite AppDb (tests, benchmarks); throws on Postgres. */
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
