// Group commit on the app's SQLite connection: transactions that arrive together share one COMMIT,
// each is answered only once it is durable, and one that fails takes nothing of the others with it.
// A second connection to the same file (another process, as a script or a test would be) sees only
// what is committed.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openDatabase } from "./client";
import { sqliteAppDb, type AppDb, type Executor } from "./engine";

const NOW = "2026-11-24T04:00:00.000";
let dir: string;
let db: AppDb;
let other: Database.Database;

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "ff-group-commit-"));
  const file = path.join(dir, "app.sqlite");
  const handle = openDatabase(file);
  db = sqliteAppDb(handle.db, () => handle.close());
  other = new Database(file, { readonly: true });
});
afterEach(async () => {
  other.close();
  await db.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const stats = () => ({ ...(db.driver.kind === "sqlite" ? db.driver.groupCommit : { transactions: 0, commits: 0 }) });
const addAccount = (ex: Executor, userId: string) =>
  ex.run(ex.q.insert(ex.t.account).values({ userId, createdAt: NOW, updatedAt: NOW }));
/** The user ids committed, as another connection sees them. */
const committed = () =>
  (other.prepare("SELECT user_id FROM account ORDER BY user_id").pluck().all() as string[]).filter((u) =>
    u.startsWith("u"),
  );
const settled = <T>(p: Promise<T>) =>
  p.then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  );

describe("group commit on SQLite", () => {
  it("transactions started together share one COMMIT, and none is answered before it", async () => {
    const before = stats();
    const seenInside: string[][] = [];
    const answered: string[] = [];
    const txs = ["u1", "u2", "u3", "u4", "u5"].map((u) =>
      db
        .transaction(async (tx) => {
          await addAccount(tx, u);
          seenInside.push(committed());
          return u;
        })
        .then((v) => void answered.push(v)),
    );
    await Promise.all(txs);
    // While the five ran, nothing was committed yet; afterwards all five are, by one COMMIT.
    expect(seenInside).toEqual([[], [], [], [], []]);
    expect(answered).toEqual(["u1", "u2", "u3", "u4", "u5"]);
    expect(committed()).toEqual(["u1", "u2", "u3", "u4", "u5"]);
    expect(stats()).toEqual({ transactions: before.transactions + 5, commits: before.commits + 1 });
  });

  it("one that throws is undone alone and answered at once; the others commit", async () => {
    const results = await Promise.all([
      settled(db.transaction((tx) => addAccount(tx, "u1"))),
      settled(
        db.transaction(async (tx) => {
          await addAccount(tx, "u2");
          throw new Error("abort");
        }),
      ),
      // A statement that fails (a taken unique key) after an earlier write of the same transaction.
      settled(
        db.transaction(async (tx) => {
          await addAccount(tx, "u3");
          await addAccount(tx, "u1");
        }),
      ),
      settled(db.transaction((tx) => addAccount(tx, "u4"))),
    ]);
    expect(results.map((r) => r.ok)).toEqual([true, false, false, true]);
    expect(committed()).toEqual(["u1", "u4"]);
  });

  it("a COMMIT that fails fails every transaction of the group, keeps none of them, and the next group works", async () => {
    const results = await Promise.all([
      settled(db.transaction((tx) => addAccount(tx, "u1"))),
      settled(
        db.transaction(async (tx) => {
          // A deferred foreign key is checked at COMMIT: a person of an account that does not exist.
          if (db.driver.kind === "sqlite") db.driver.client.pragma("defer_foreign_keys = ON");
          await tx.run(tx.q.insert(tx.t.person).values({ accountId: 999_999, createdAt: NOW, updatedAt: NOW }));
        }),
      ),
    ]);
    expect(results.map((r) => r.ok)).toEqual([false, false]);
    expect(String((results[0] as { error: unknown }).error)).toMatch(/FOREIGN KEY/);
    expect(committed()).toEqual([]);
    await db.transaction((tx) => addAccount(tx, "u2"));
    expect(committed()).toEqual(["u2"]);
  });

  it("when SQLite ends the whole transaction, every member fails: none runs outside a transaction", async () => {
    const results = await Promise.all([
      settled(db.transaction((tx) => addAccount(tx, "u1"))),
      settled(
        db.transaction(async () => {
          // What SQLite does by itself on a full disk or an I/O error: the whole transaction is gone.
          if (db.driver.kind === "sqlite") db.driver.client.prepare("ROLLBACK").run();
        }),
      ),
      settled(db.transaction((tx) => addAccount(tx, "u3"))),
    ]);
    expect(results.map((r) => r.ok)).toEqual([false, false, false]);
    expect(committed()).toEqual([]);
    await db.transaction((tx) => addAccount(tx, "u4"));
    expect(committed()).toEqual(["u4"]);
  });

  it("a statement outside a transaction waits for the group's end and never reads a write that is not committed", async () => {
    let wrote!: () => void;
    const written = new Promise<void>((r) => (wrote = r));
    const group = Promise.all([
      settled(
        db.transaction(async (t) => {
          await addAccount(t, "u1");
          wrote();
          await new Promise((r) => setTimeout(r, 30)); // the turn ends while the group is open
        }),
      ),
      // The group's COMMIT will fail (a deferred foreign key), so u1 is never committed.
      settled(
        db.transaction(async (t) => {
          if (db.driver.kind === "sqlite") db.driver.client.pragma("defer_foreign_keys = ON");
          await t.run(t.q.insert(t.t.person).values({ accountId: 999_999, createdAt: NOW, updatedAt: NOW }));
        }),
      ),
    ]);
    await written;
    const read = db.all(db.q.select({ userId: db.t.account.userId }).from(db.t.account));
    const consistent = db.readConsistently((view) =>
      view.all(view.q.select({ userId: view.t.account.userId }).from(view.t.account)),
    );
    expect((await group).map((r) => r.ok)).toEqual([false, false]);
    expect((await read).map((r) => r.userId)).not.toContain("u1");
    expect((await consistent).map((r) => r.userId)).not.toContain("u1");
    // And once a group commits, the same reads see its write.
    await db.transaction((t) => addAccount(t, "u2"));
    expect(
      (await db.all(db.q.select({ userId: db.t.account.userId }).from(db.t.account))).map((r) => r.userId),
    ).toContain("u2");
  });

  it("a transaction that arrives after the turn ended waits for the next group", async () => {
    const before = stats();
    const first = db.transaction(async (t) => {
      await addAccount(t, "u1");
      await new Promise((r) => setTimeout(r, 30));
    });
    await new Promise((r) => setTimeout(r, 5));
    const second = db.transaction((t) => addAccount(t, "u2"));
    await Promise.all([first, second]);
    expect(committed()).toEqual(["u1", "u2"]);
    expect(stats()).toEqual({ transactions: before.transactions + 2, commits: before.commits + 2 });
  });

  it("a second connection to the file in this process waits its turn instead of blocking the event loop", async () => {
    const handle = openDatabase(path.join(dir, "app.sqlite"));
    const second = sqliteAppDb(handle.db, () => handle.close());
    handle.sqlite.pragma("busy_timeout = 300");
    try {
      const first = db.transaction(async (t) => {
        await addAccount(t, "u1");
        await new Promise((r) => setTimeout(r, 50));
      });
      // Without turns: BEGIN IMMEDIATE waits 300 ms synchronously, the timer above cannot fire, SQLITE_BUSY.
      const other = second.transaction((t) => addAccount(t, "u2"));
      await Promise.all([first, other]);
      expect(committed()).toEqual(["u1", "u2"]);
    } finally {
      await second.close();
    }
  });
});
