// Statements prepared once per database connection instead of rebuilt for every request: drizzle's
// query builder plus SQLite's prepare cost tens of microseconds per query, and the hot API paths
// (the auth hook's account lookup, all_data, ownership checks, person reads and writes) run the same
// handful of queries with different values. Values go in through sql.placeholder().
import type { Db } from "./client";

/**
 * Wraps a builder (a prepared query, or anything else fixed for the life of a connection) so it runs
 * once per database (the app has one; tests open many) and is reused after. A WeakMap lets a closed
 * test database's statements be collected.
 */
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
