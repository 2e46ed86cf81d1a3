// A cheap "has the database changed?" check for caches of data read from it. SQLite counts every
// row this connection has inserted, updated or deleted (total_changes()), and bumps data_version
// whenever another connection (a script, a test, a second app process) commits. The pair is the
// same only while nothing was written by anyone: one statement, about a microsecond and a half.
import type { Db } from "./client";
import { preparedPerDb } from "./prepared";

export type ChangeStamp = readonly [ownChanges: number, otherCommits: number];

const stampStatement = preparedPerDb((db) => db.$client.prepare("SELECT total_changes(), data_version FROM pragma_data_version").raw());

export function changeStamp(db: Db): ChangeStamp {
  return stampStatement(db).get() as [number, number];
}

export function sameStamp(a: ChangeStamp, b: ChangeStamp): boolean {
  return a[0] === b[0] && a[1] === b[1];
}
