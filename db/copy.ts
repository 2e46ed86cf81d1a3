// Copies the SQLite database into an empty, migrated Postgres one (decision 0042) in one transaction
// that commits only when every table's row count and checksum match.
import crypto from "node:crypto";
import { and, eq, getTableColumns, is, sql, type Column } from "drizzle-orm";
import { PgTable, getTableConfig as pgTableConfig } from "drizzle-orm/pg-core";
import { SQLiteTable, getTableConfig as sqliteTableConfig } from "drizzle-orm/sqlite-core";
import * as sqliteSchema from "./schema";
import * as pgSchema from "./schema-pg";
import type { DatabaseHandle } from "./client";
import { schemaStatus } from "./client";
import { postgresSchemaStatus, type PostgresHandle } from "./postgres";
import { describeMismatch } from "./schema-version";

/** Rows from SQLite are inserted into Postgres in batches of this many (well under 65,535 parameters). */
const BATCH = 500;

export interface TableCopy {
  table: string;
  rows: number;
  /** sha256 of the table's rows in primary-key order, the same on both sides. */
  checksum: string;
}

export class CopyRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = "CopyRefused";
  }
}

type Row = Record<string, unknown>;

const pgTables = (Object.values(pgSchema) as unknown[]).filter((t): t is PgTable => is(t, PgTable));
const sqliteTables = new Map(
  (Object.values(sqliteSchema) as unknown[])
    .filter((t): t is SQLiteTable => is(t, SQLiteTable))
    .map((t) => [sqliteTableConfig(t).name, t]),
);

/** Tables whose rows the seed (not a founder) writes: replaced by the source's, never "data". */
const SEEDED = new Set(["enum_item"]);

interface Plan {
  name: string;
  table: PgTable;
  source: SQLiteTable;
  keys: string[];
  /** Nullable keys pointing at a table copied later (a cycle): filled in afterwards. */
  deferred: string[];
  /** The identity column's SQL name, if any (moved past the highest copied id). */
  identity?: string;
}

const keyOf = (table: PgTable) => {
  const byName = new Map(Object.entries(getTableColumns(table)).map(([key, col]) => [(col as Column).name, key]));
  return (col: Column) => byName.get(col.name)!;
};

/** Tables in foreign-key order; the account ↔ person cycle is broken at a nullable key, filled in later. */
function plan(): Plan[] {
  const missing = [...sqliteTables.keys()].filter((name) => !pgTables.some((t) => pgTableConfig(t).name === name));
  // A table without a Postgres twin would be left behind silently: refuse instead.
  if (missing.length) throw new CopyRefused(`db/schema-pg.ts has no twin for SQLite table(s) ${missing.join(", ")}`);
  const pending = new Map(pgTables.map((t) => [pgTableConfig(t).name, t]));
  const order: Plan[] = [];
  const done = new Set<string>();
  while (pending.size) {
    const refs = (t: PgTable) =>
      pgTableConfig(t).foreignKeys.map((fk) => {
        const ref = fk.reference();
        return {
          target: pgTableConfig(ref.foreignTable).name,
          columns: ref.columns,
          nullable: ref.columns.every((c) => !c.notNull),
        };
      });
    const isReady = (t: PgTable, allowDeferred: boolean) =>
      refs(t).every((r) => done.has(r.target) || (allowDeferred && r.nullable));
    const next =
      [...pending.values()].find((t) => isReady(t, false)) ?? [...pending.values()].find((t) => isReady(t, true));
    if (!next) throw new Error(`No copy order satisfies the foreign keys of: ${[...pending.keys()].join(", ")}`);
    const cfg = pgTableConfig(next);
    const key = keyOf(next);
    const source = sqliteTables.get(cfg.name);
    if (!source) throw new Error(`The SQLite schema has no table ${cfg.name}`);
    const pk = cfg.columns.filter((c) => c.primary);
    const keys = (pk.length ? pk : (cfg.primaryKeys[0]?.columns ?? [])).map(key);
    const deferred = refs(next)
      .filter((r) => !done.has(r.target))
      .flatMap((r) => r.columns.map(key));
    const identity = cfg.columns.find((c) => (c as unknown as { generatedIdentity?: unknown }).generatedIdentity)?.name;
    order.push({ name: cfg.name, table: next, source, keys, deferred, identity });
    done.add(cfg.name);
    pending.delete(cfg.name);
  }
  return order;
}

/** A checksum both engines agree on: every column's value, rows in primary-key order. */
function checksum(rows: Row[], keys: string[]): string {
  const columns = rows.length ? Object.keys(rows[0]!).sort() : [];
  const lines = rows.map((r) => ({
    key: JSON.stringify(keys.map((k) => r[k])),
    line: JSON.stringify(columns.map((c) => r[c] ?? null)),
  }));
  lines.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const hash = crypto.createHash("sha256");
  for (const l of lines) hash.update(`${l.line}\n`);
  return hash.digest("hex");
}

/** Refuses (CopyRefused, nothing written) a schema that does not match this code, or a target with data. */
export async function copySqliteToPostgres(
  from: Pick<DatabaseHandle, "db" | "sqlite">,
  to: PostgresHandle,
): Promise<TableCopy[]> {
  const sourceProblem = describeMismatch(schemaStatus(from));
  if (sourceProblem) throw new CopyRefused(`Source (SQLite): ${sourceProblem}`);
  const targetProblem = describeMismatch(await postgresSchemaStatus(to));
  if (targetProblem) throw new CopyRefused(`Target (DATABASE_URL): ${targetProblem}`);

  const steps = plan();
  return to.db.transaction(async (tx) => {
    for (const step of steps) {
      if (SEEDED.has(step.name)) continue;
      const [{ n }] = (await tx.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM ${step.table}`)).rows as [
        { n: number },
      ];
      if (n > 0)
        throw new CopyRefused(
          `Target (DATABASE_URL) is not empty: ${step.name} has ${n} row(s); db:copy only fills an empty, migrated database`,
        );
    }

    const results: TableCopy[] = [];
    const sources = new Map<string, Row[]>();
    for (const step of steps) {
      const rows = from.db.select().from(step.source).all() as Row[];
      sources.set(step.name, rows);
      if (SEEDED.has(step.name)) await tx.delete(step.table);
      for (let i = 0; i < rows.length; i += BATCH) {
        const batch = rows
          .slice(i, i + BATCH)
          .map((r) =>
            step.deferred.length ? { ...r, ...Object.fromEntries(step.deferred.map((k) => [k, null])) } : r,
          );
        await tx.insert(step.table).values(batch);
      }
    }
    for (const step of steps) {
      const columns = getTableColumns(step.table) as Record<string, Column>;
      for (const row of step.deferred.length ? sources.get(step.name)! : []) {
        const values = Object.fromEntries(step.deferred.map((k) => [k, row[k]]));
        if (Object.values(values).every((v) => v === null || v === undefined)) continue;
        await tx
          .update(step.table)
          .set(values)
          .where(and(...step.keys.map((k) => eq(columns[k]!, row[k]))));
      }
      if (step.identity) {
        // The next id Postgres hands out comes after the highest copied one.
        await tx.execute(
          sql`SELECT setval(pg_get_serial_sequence(${step.name}, ${step.identity}), COALESCE((SELECT max(${sql.identifier(step.identity)}) FROM ${step.table}), 0) + 1, false)`,
        );
      }
    }
    for (const step of steps) {
      const source = sources.get(step.name)!;
      const copied = (await tx.select().from(step.table)) as Row[];
      const expected = checksum(source, step.keys);
      const actual = checksum(copied, step.keys);
      if (copied.length !== source.length || actual !== expected) {
        throw new Error(
          `Copy of ${step.name} does not match: ${source.length} row(s) in SQLite, ${copied.length} in Postgres, checksums ${expected.slice(0, 12)} / ${actual.slice(0, 12)}; nothing was committed`,
        );
      }
      results.push({ table: step.name, rows: copied.length, checksum: actual });
    }
    return results;
  });
}
