// A cheap "has the database changed, by anyone?" check for caches. SQLite: this connection's
// total_changes() and data_version (bumped by other connections' commits). PostgreSQL: the current
// snapshot, equal only while no transaction anywhere has completed (decision 0008).
import type pg from "pg";
import type { Db } from "./client";
import { preparedPerDb } from "./prepared";

export type ChangeStamp = string;

// Two statements: the table-valued pragma_data_version opens a read transaction and is slower.
const stampStatements = preparedPerDb((db) => ({
  ownChanges: db.$client.prepare("SELECT total_changes()").pluck(),
  otherCommits: db.$client.prepare("PRAGMA data_version").pluck(),
}));

export function sqliteChangeStamp(db: Db): ChangeStamp {
  const s = stampStatements(db);
  return `${s.ownChanges.get() as number}:${s.otherCommits.get() as number}`;
}

export async function postgresChangeStamp(pool: pg.Pool): Promise<ChangeStamp> {
  const { rows } = await pool.query<{ s: string }>("SELECT pg_current_snapshot()::text AS s");
  return rows[0]!.s;
}
