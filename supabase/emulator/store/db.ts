// The one SQLite connection every model table shares, with its prepared statements.
import Database from "better-sqlite3";

export type Json = Record<string, unknown>;
export type Row = Record<string, unknown>;

/** A model's tables: their DDL, and the columns added after the first release (older data folders lack them). */
export interface ModelSchema {
  ddl: string;
  /** Child tables first, so a wipe never trips a foreign key. */
  tables: string[];
  addedColumns?: { table: string; columns: string[] }[];
  /** Indexes on the columns requests look rows up by, made after the added columns exist. */
  indexes?: string;
}

export class StoreDb {
  readonly db: Database.Database;
  /** Statements are prepared once and reused: preparing is a large share of a short query. */
  private readonly statements = new Map<string, Database.Statement>();
  private readonly runInTransaction: (fn: () => unknown) => unknown;

  /** `file` is a path, or ":memory:" for a store that ends with the process. */
  constructor(file: string) {
    this.db = new Database(file);
    // Before the first table (a no-op on an existing file). SQLite scans its whole page cache at a commit after
    // some B-tree splits: in memory that is every page, so fewer, larger pages keep commits short (decision 0060).
    this.db.pragma("page_size = 8192");
    this.db.pragma("journal_mode = WAL");
    // Durable across a process crash (the crash suite kills it mid-write); a power cut may lose
    // the last commits, which a local emulator can afford for one fsync less per write.
    this.db.pragma("synchronous = NORMAL");
    this.db.pragma("foreign_keys = ON");
    // IMMEDIATE: the write lock is taken at BEGIN, so another process writing the same data folder
    // makes this one wait (busy timeout) instead of failing a read-then-write with SQLITE_BUSY.
    this.runInTransaction = this.db.transaction((fn: () => unknown) => fn()).immediate;
  }

  migrate(schema: ModelSchema): void {
    this.db.exec(schema.ddl);
    for (const { table, columns } of schema.addedColumns ?? []) {
      const have = new Set((this.db.pragma(`table_info(${table})`) as { name: string }[]).map((c) => c.name));
      for (const column of columns)
        if (!have.has(column)) this.db.exec(`ALTER TABLE ${table} ADD COLUMN ${column} TEXT`);
    }
    if (schema.indexes) this.db.exec(schema.indexes);
  }

  sql(text: string): Database.Statement {
    let statement = this.statements.get(text);
    if (!statement) {
      statement = this.db.prepare(text);
      this.statements.set(text, statement);
    }
    return statement;
  }

  /**
   * Runs `fn` in a transaction (a savepoint when nested). One wrapper made once: better-sqlite3
   * builds five functions for every `db.transaction(fn)`, a visible share of a short request.
   */
  transaction<T>(fn: () => T): T {
    return this.runInTransaction(fn) as T;
  }
}
