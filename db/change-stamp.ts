// A cheap "has the database changed?" check for caches of data read from it, one per engine.
//
// SQLite counts every row this connection has inserted, updated or deleted (total_changes()), and
// bumps data_version whenever another connection (a script, a test, a second app process) commits.
// The pair is the same only while nothing was written by anyone: about a microsecond.
//
// PostgreSQL: the current snapshot (pg_current_snapshot(): xmin:xmax:in-progress xids), one
// round trip. Two equal snapshots see exactly the same set of completed transactions: a commit or
// abort after the first either removes an xid from the in-progress list or raises xmax (the
// latest completed xid + 1), and every write has an xid. So while the text is unchanged no
// instance has committed anything; any commit anywhere in the cluster (even to another database)
// changes it, which only costs a cache miss. Correct for any number of instances and behind a
// transaction-mode pooler (a plain SELECT, no session state).
import type pg from "pg";
import type { Db } from "./client";
import { preparedPerDb } from "./prepared";

export type ChangeStamp = string;

// Two statements, not one `SELECT … FROM pragma_data_version`: the table-valued form opens a read
// transaction around the pragma and is the slower of the two (the bench's api section measures
// all_data, which reads the stamp on every request).
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
