import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import Database from "better-sqlite3";
import { openDatabase, type DatabaseHandle } from "../../../db/client";
import { sqliteAppDb, type AppDb } from "../../../db/engine";
import { cacheUntilDbChanges } from "./until-db-changes";

let dir: string;
let h: DatabaseHandle;
let db: AppDb;

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "ff-cache-"));
  h = openDatabase(path.join(dir, "app.sqlite"));
  db = sqliteAppDb(h.db, () => h.close());
});
afterEach(() => {
  h.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** A cached read of the account count, and how many times it really ran. */
function countingRead(maxEntries = 10) {
  const cache = cacheUntilDbChanges<string, number>({ name: "test", maxEntries });
  const runs = { n: 0 };
  const read = (key = "accounts") =>
    cache(db, key, async () => {
      runs.n++;
      return h.sqlite.prepare("SELECT count(*) FROM account").pluck().get() as number;
    });
  return { read, runs };
}

const insertAccount = (db: Database.Database, userId: string) =>
  db.prepare("INSERT INTO account (user_id, created_at, updated_at) VALUES (?, 'now', 'now')").run(userId);

describe("cacheUntilDbChanges", () => {
  it("computes once while nothing is written", async () => {
    const { read, runs } = countingRead();
    expect([await read(), await read(), await read()]).toEqual([0, 0, 0]);
    expect(runs.n).toBe(1);
  });

  it("recomputes after a write through the app's own connection", async () => {
    const { read, runs } = countingRead();
    expect(await read()).toBe(0);
    insertAccount(h.sqlite, "u1");
    expect(await read()).toBe(1);
    expect(runs.n).toBe(2);
  });

  it("recomputes after a commit by another connection to the same file", async () => {
    const { read, runs } = countingRead();
    expect(await read()).toBe(0);
    const other = new Database(path.join(dir, "app.sqlite"));
    try {
      insertAccount(other, "u2");
    } finally {
      other.close();
    }
    expect(await read()).toBe(1);
    expect(runs.n).toBe(2);
  });

  it("an update that leaves the row count alone still invalidates", async () => {
    insertAccount(h.sqlite, "u3");
    const cache = cacheUntilDbChanges<string, string>({ name: "test", maxEntries: 10 });
    const userIds = () =>
      cache(
        db,
        "ids",
        async () => h.sqlite.prepare("SELECT group_concat(user_id) FROM account").pluck().get() as string,
      );
    expect(await userIds()).toBe("u3");
    h.sqlite.prepare("UPDATE account SET user_id = 'u4'").run();
    expect(await userIds()).toBe("u4");
  });

  it("keeps at most maxEntries keys, dropping the least recently used", async () => {
    const { read, runs } = countingRead(2);
    await read("a");
    await read("b");
    await read("a"); // a is now the most recent
    await read("c"); // b goes
    expect(runs.n).toBe(3);
    await read("a");
    await read("c");
    expect(runs.n).toBe(3);
    await read("b");
    expect(runs.n).toBe(4);
  });

  it("keeps at most maxBytes of values, dropping the least recently used", async () => {
    const cache = cacheUntilDbChanges<string, string>({
      name: "test",
      maxEntries: 100,
      maxBytes: 10,
      sizeOf: (v) => v.length,
    });
    const runs = { n: 0 };
    const read = (key: string) => cache(db, key, async () => (runs.n++, key.repeat(4)));
    await read("a");
    await read("b"); // 8 bytes kept
    await read("c"); // 12: a goes
    expect(runs.n).toBe(3);
    await read("b");
    await read("c");
    expect(runs.n).toBe(3);
    await read("a");
    expect(runs.n).toBe(4);
  });

  it("does not remember a failed computation", async () => {
    const cache = cacheUntilDbChanges<string, number>({ name: "test", maxEntries: 10 });
    await expect(cache(db, "k", () => Promise.reject(new Error("no such account")))).rejects.toThrow("no such account");
    expect(await cache(db, "k", async () => 7)).toBe(7);
  });
});
