import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import Database from "better-sqlite3";
import { openDatabase, type DatabaseHandle } from "../../../db/client";
import { cacheUntilDbChanges } from "./until-db-changes";

let dir: string;
let h: DatabaseHandle;

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "ff-cache-"));
  h = openDatabase(path.join(dir, "app.sqlite"));
});
afterEach(() => {
  h.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** A cached read of the account count, and how many times it really ran. */
function countingRead(maxEntries = 10) {
  const cache = cacheUntilDbChanges<string, number>({ maxEntries });
  const runs = { n: 0 };
  const read = (key = "accounts") =>
    cache(h.db, key, () => {
      runs.n++;
      return h.sqlite.prepare("SELECT count(*) FROM account").pluck().get() as number;
    });
  return { read, runs };
}

const insertAccount = (db: Database.Database, userId: string) =>
  db.prepare("INSERT INTO account (user_id, created_at, updated_at) VALUES (?, 'now', 'now')").run(userId);

describe("cacheUntilDbChanges", () => {
  it("computes once while nothing is written", () => {
    const { read, runs } = countingRead();
    expect([read(), read(), read()]).toEqual([0, 0, 0]);
    expect(runs.n).toBe(1);
  });

  it("recomputes after a write through the app's own connection", () => {
    const { read, runs } = countingRead();
    expect(read()).toBe(0);
    insertAccount(h.sqlite, "u1");
    expect(read()).toBe(1);
    expect(runs.n).toBe(2);
  });

  it("recomputes after a commit by another connection to the same file", () => {
    const { read, runs } = countingRead();
    expect(read()).toBe(0);
    const other = new Database(path.join(dir, "app.sqlite"));
    try {
      insertAccount(other, "u2");
    } finally {
      other.close();
    }
    expect(read()).toBe(1);
    expect(runs.n).toBe(2);
  });

  it("an update that leaves the row count alone still invalidates", () => {
    insertAccount(h.sqlite, "u3");
    const cache = cacheUntilDbChanges<string, string>({ maxEntries: 10 });
    const userIds = () => cache(h.db, "ids", () => (h.sqlite.prepare("SELECT group_concat(user_id) FROM account").pluck().get() as string));
    expect(userIds()).toBe("u3");
    h.sqlite.prepare("UPDATE account SET user_id = 'u4'").run();
    expect(userIds()).toBe("u4");
  });

  it("keeps at most maxEntries keys, dropping the least recently used", () => {
    const { read, runs } = countingRead(2);
    read("a");
    read("b");
    read("a"); // a is now the most recent
    read("c"); // b goes
    expect(runs.n).toBe(3);
    read("a");
    read("c");
    expect(runs.n).toBe(3);
    read("b");
    expect(runs.n).toBe(4);
  });

  it("does not remember a failed computation", () => {
    const cache = cacheUntilDbChanges<string, number>({ maxEntries: 10 });
    expect(() => cache(h.db, "k", () => { throw new Error("no such account"); })).toThrow("no such account");
    expect(cache(h.db, "k", () => 7)).toBe(7);
  });
});
