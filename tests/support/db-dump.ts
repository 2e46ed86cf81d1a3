// A full, order-independent dump of every table of a SQLite file, read through a separate
// read-only connection (what another process would see), to prove a refused request changed nothing.
import Database from "better-sqlite3";

export type Dump = Record<string, string[]>;

export function dumpDatabase(file: string): Dump {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const tables = db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
      .all() as Array<{ name: string }>;
    const dump: Dump = {};
    for (const { name } of tables) {
      const rows = db.prepare(`SELECT * FROM "${name.replace(/"/g, '""')}"`).all();
      dump[name] = rows.map((r) => JSON.stringify(r)).sort();
    }
    return dump;
  } finally {
    db.close();
  }
}

export function rowCount(dump: Dump): number {
  return Object.values(dump).reduce((n, rows) => n + rows.length, 0);
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
