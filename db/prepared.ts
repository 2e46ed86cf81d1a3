// Statements prepared once per database connection: drizzle's builder plus SQLite's prepare cost
// tens of microseconds per query on the hot paths.
import type { Db } from "./client";

/** Runs `build` once per database (a WeakMap, so a closed test database's statements go). */
export function preparedPerDb<T>(build: (db: Db) => T): (db: Db) => T {
  const byDb = new WeakMap<Db, T>();
  return (db) => {
    let prepared = byDb.get(db);
    if (prepared === undefined) {
      prepared = build(db);
      byDb.set(db, prepared);
    }
    return prepared;
  };
}
