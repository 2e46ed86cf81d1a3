// A SQLite file read as another process sees it: every table's rows, order-independent, to prove a
// refused request changed nothing; and its integrity check.
import Database from "better-sqlite3";

/** Every table's rows as sorted JSON strings (order-independent). */
export type Dump = Record<string, string[]>;

/** The rate limiter's counters count refused requests too, by design, and hold no record data. */
export const BOOKKEEPING_TABLES: ReadonlySet<string> = new Set(["rate_limit_hit"]);

/** Every table but SQLite's own and the migrations' bookkeeping (no request writes those). */
export function dumpDatabase(file: string): Dump {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const tables = db
      .prepare(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '__drizzle%' ORDER BY name",
      )
      .all() as Array<{ name: string }>;
    const dump: Dump = {};
    for (const { name } of tables) {
      if (BOOKKEEPING_TABLES.has(name)) continue;
      const rows = db.prepare(`SELECT * FROM "${name.replace(/"/g, '""')}"`).all();
      dump[name] = rows.map((r) => JSON.stringify(r)).sort();
    }
    return dump;
  } finally {
    db.close();
  }
}

/** `PRAGMA integrity_check` of a file (read-only): "ok" when every page and index is consistent. */
export function integrityCheck(file: string): string {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    return (db.pragma("integrity_check", { simple: true }) as string) ?? "";
  } finally {
    db.close();
  }
}
