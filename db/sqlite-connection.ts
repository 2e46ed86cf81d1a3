// The app's one SQLite connection and group commit (decision 0003): the write transactions of one
// event-loop turn run in SAVEPOINTs and share one COMMIT, each answered only after it.
import path from "node:path";
import type Database from "better-sqlite3";

/** A bound on how many transactions one COMMIT waits for (each runs for tens of microseconds). */
const MAX_PER_COMMIT = 32;

/** What group commit did so far: transactions run in a group, and the COMMITs that ended them (bench, tests). */
export interface GroupCommitStats {
  transactions: number;
  commits: number;
}

interface Statements {
  begin: Database.Statement;
  commit: Database.Statement;
  rollback: Database.Statement;
  savepoint: Database.Statement;
  release: Database.Statement;
  rollbackTo: Database.Statement;
}

/** Who holds a file's connections, shared by every connection of this process to that file. */
interface Slot {
  /** Settles when whoever holds them (a write group, a consistent read) lets go. */
  holder: Promise<void> | null;
}
// Two connections to one file in one process (two app instances in a test) take turns here: a second
// BEGIN IMMEDIATE would wait out busy_timeout synchronously, blocking the event loop the first
// transaction needs to reach its COMMIT.
const slots = new Map<string, Slot>();
function slotOf(client: Database.Database): Slot {
  if (client.memory) return { holder: null };
  const file = path.resolve(client.name);
  let slot = slots.get(file);
  if (!slot) slots.set(file, (slot = { holder: null }));
  return slot;
}

export class SqliteConnection {
  private readonly slot: Slot;
  private admitting: WriteGroup | null = null;
  private readonly statements: Statements;
  readonly stats: GroupCommitStats = { transactions: 0, commits: 0 };
  /** Told how many transactions each COMMIT ended (the app's metrics: sqlite_group_commit_transactions). */
  onCommit: ((transactions: number) => void) | null = null;

  constructor(readonly client: Database.Database) {
    this.slot = slotOf(client);
    this.statements = {
      begin: client.prepare("BEGIN IMMEDIATE"),
      commit: client.prepare("COMMIT"),
      rollback: client.prepare("ROLLBACK"),
      savepoint: client.prepare("SAVEPOINT member"),
      release: client.prepare("RELEASE member"),
      rollbackTo: client.prepare("ROLLBACK TO member"),
    };
  }

  get busy(): boolean {
    return this.slot.holder !== null;
  }

  async free(): Promise<void> {
    while (this.slot.holder) await this.slot.holder;
  }

  /** Runs `fn` with the connection to itself: no transaction, nobody else's statement in between. */
  async alone<T>(fn: () => Promise<T>): Promise<T> {
    await this.free();
    const release = this.hold();
    try {
      return await fn();
    } finally {
      release();
    }
  }

  /** Runs `fn` as one write transaction, committed together with the others of this turn. */
  async transaction<T>(fn: () => Promise<T>): Promise<T> {
    for (;;) {
      if (this.admitting) return this.admitting.add(fn);
      if (!this.slot.holder) {
        const release = this.hold();
        try {
          this.statements.begin.run();
        } catch (err) {
          release();
          throw err;
        }
        const group = new WriteGroup(
          this.client,
          this.statements,
          this.stats,
          () => {
            if (this.admitting === group) this.admitting = null;
          },
          release,
          (n) => this.onCommit?.(n),
        );
        this.admitting = group;
        return group.add(fn);
      }
      await this.slot.holder;
    }
  }

  private hold(): () => void {
    let release!: () => void;
    this.slot.holder = new Promise<void>((resolve) => (release = resolve));
    return () => {
      this.slot.holder = null;
      release();
    };
  }
}

/** One open SQLite transaction and the request transactions that share its COMMIT. */
class WriteGroup {
  private size = 0;
  private kept = 0;
  private tail: Promise<void> = Promise.resolve();
  /** Set when SQLite ended the whole transaction early: nothing of the group can be kept. */
  private ended: { error: unknown } | null = null;
  private readonly committed: Promise<void>;
  private settle!: { resolve: () => void; reject: (err: unknown) => void };

  constructor(
    private readonly client: Database.Database,
    private readonly s: Statements,
    private readonly stats: GroupCommitStats,
    private readonly stopAdmitting: () => void,
    private readonly releaseConnection: () => void,
    private readonly committedCount: (transactions: number) => void,
  ) {
    this.committed = new Promise<void>((resolve, reject) => (this.settle = { resolve, reject }));
    // Members that failed on their own never wait for the COMMIT; its failure is theirs no more.
    this.committed.catch(() => undefined);
    setImmediate(() => this.close());
  }

  add<T>(fn: () => Promise<T>): Promise<T> {
    if (++this.size >= MAX_PER_COMMIT) this.stopAdmitting();
    const ran = this.tail.then(() => this.run(fn));
    this.tail = ran.then(
      () => undefined,
      () => undefined,
    );
    return ran.then(async (value) => {
      await this.committed;
      return value;
    });
  }

  private async run<T>(fn: () => Promise<T>): Promise<T> {
    if (this.ended) throw this.ended.error;
    this.s.savepoint.run();
    try {
      const value = await fn();
      this.s.release.run();
      this.stats.transactions++;
      this.kept++;
      return value;
    } catch (err) {
      if (this.client.inTransaction) {
        this.s.rollbackTo.run();
        this.s.release.run();
      } else {
        this.ended = { error: err };
      }
      throw err;
    }
  }

  /** No more members; once those admitted have run, one COMMIT answers them all. */
  private close(): void {
    this.stopAdmitting();
    void this.tail.then(() => {
      try {
        if (this.ended) throw this.ended.error;
        this.s.commit.run();
        this.stats.commits++;
        this.committedCount(this.kept);
        this.settle.resolve();
      } catch (err) {
        if (this.client.inTransaction) this.s.rollback.run();
        this.settle.reject(err);
      } finally {
        this.releaseConnection();
      }
    });
  }
}
