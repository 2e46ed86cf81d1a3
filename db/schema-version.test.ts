import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { readMigrationFiles } from "drizzle-orm/migrator";
import { MIGRATIONS_FOLDER, appliedMigrations, migrateDatabase, openDatabase, schemaStatus } from "./client";
import {
  SchemaMismatchError,
  assertCurrent,
  compareSchema,
  committedMigrations,
  describeMismatch,
  readinessOf,
} from "./schema-version";

const m = (tag: string, when: number) => ({ tag, when, hash: `hash-${tag}` });
const applied = (...ms: { hash: string; when: number }[]) => ms.map((x) => ({ hash: x.hash, createdAt: x.when }));
const committed = [m("0000_a", 100), m("0001_b", 200), m("0002_c", 300)];

describe("compareSchema", () => {
  it("current when the database applied exactly the committed migrations", () => {
    expect(compareSchema(applied(...committed), committed)).toEqual({ state: "current", applied: 3, committed: 3 });
  });

  it("behind when the committed migrations extend the applied ones; an empty database lacks them all", () => {
    expect(compareSchema(applied(committed[0]!), committed)).toEqual({
      state: "behind",
      applied: 1,
      committed: 3,
      pending: ["0001_b", "0002_c"],
    });
    expect(compareSchema([], committed)).toMatchObject({ state: "behind", pending: ["0000_a", "0001_b", "0002_c"] });
  });

  it("ahead when the database has a migration the code does not know, or more than the code has", () => {
    expect(compareSchema(applied(...committed, m("0003_new", 400)), committed)).toMatchObject({
      state: "ahead",
      unknown: 1,
    });
    expect(compareSchema(applied(committed[0]!, committed[0]!), committed.slice(0, 1))).toMatchObject({
      state: "ahead",
      unknown: 0,
    });
  });

  it("diverged when the applied migrations are known but skip one (drizzle would never apply the gap)", () => {
    expect(compareSchema(applied(committed[0]!, committed[2]!), committed)).toMatchObject({ state: "diverged" });
  });

  it("says what to do in one line, and nothing when current", () => {
    expect(describeMismatch(compareSchema(applied(...committed), committed))).toBeUndefined();
    for (const status of [
      compareSchema([], committed),
      compareSchema(applied(m("x", 1)), committed),
      compareSchema(applied(committed[1]!), committed),
    ]) {
      const line = describeMismatch(status)!;
      expect(line).not.toContain("\n");
      expect(line).toMatch(/^Database schema/);
    }
    expect(describeMismatch(compareSchema([], committed))).toContain("npm run db:migrate");
    expect(() => assertCurrent(compareSchema([], committed))).toThrow(SchemaMismatchError);
  });
});

describe("committed migrations", () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
  });

  it("hashes each file exactly as drizzle's migrator records it", () => {
    const ours = committedMigrations(MIGRATIONS_FOLDER);
    const drizzles = readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER });
    expect(ours.map((x) => [x.hash, x.when])).toEqual(drizzles.map((x) => [x.hash, x.folderMillis]));
  });

  it("follows the journal, so a migration added later is counted without changing this code", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ff-migr-"));
    dirs.push(dir);
    fs.cpSync(MIGRATIONS_FOLDER, dir, { recursive: true });
    const journalFile = path.join(dir, "meta/_journal.json");
    const journal = JSON.parse(fs.readFileSync(journalFile, "utf8")) as {
      entries: { idx: number; when: number; tag: string; version: string; breakpoints: boolean }[];
    };
    const last = journal.entries.at(-1)!;
    journal.entries.push({ ...last, idx: last.idx + 1, when: last.when + 1000, tag: "9999_added_later" });
    fs.writeFileSync(journalFile, JSON.stringify(journal));
    fs.writeFileSync(path.join(dir, "9999_added_later.sql"), "CREATE TABLE added_later (id integer PRIMARY KEY);");
    expect(committedMigrations(dir).map((x) => x.tag)).toEqual([
      ...committedMigrations(MIGRATIONS_FOLDER).map((x) => x.tag),
      "9999_added_later",
    ]);
  });
});

describe("the SQLite database's schema status", () => {
  it("an empty database is behind, migrating makes it current, a newer one is refused untouched", () => {
    const h = openDatabase(":memory:", { migrate: false });
    try {
      expect(schemaStatus(h).state).toBe("behind");
      const { before, after } = migrateDatabase(h);
      expect(before.state).toBe("behind");
      expect(after.state).toBe("current");
      expect(migrateDatabase(h).before.state).toBe("current");
      // As if a newer deploy had migrated this database.
      h.sqlite
        .prepare("INSERT INTO __drizzle_migrations (hash, created_at) VALUES ('from-newer-code', 9999999999999)")
        .run();
      const rows = appliedMigrations(h.sqlite).length;
      expect(schemaStatus(h)).toMatchObject({ state: "ahead", unknown: 1 });
      expect(() => migrateDatabase(h)).toThrow(/newer than the code/);
      expect(appliedMigrations(h.sqlite)).toHaveLength(rows);
    } finally {
      h.close();
    }
  });

  it("openDatabase refuses to migrate a newer database", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ff-db-"));
    const file = path.join(dir, "app.sqlite");
    try {
      const h = openDatabase(file);
      h.sqlite
        .prepare("INSERT INTO __drizzle_migrations (hash, created_at) VALUES ('from-newer-code', 9999999999999)")
        .run();
      h.close();
      expect(() => openDatabase(file)).toThrow(SchemaMismatchError);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("readinessOf", () => {
  it("ready when current, schema_mismatch otherwise, unreachable when the read fails or hangs", async () => {
    expect(await readinessOf(() => compareSchema(applied(...committed), committed))).toBe("ready");
    expect(await readinessOf(() => compareSchema([], committed))).toBe("schema_mismatch");
    expect(await readinessOf(() => compareSchema(applied(m("x", 1)), committed))).toBe("schema_mismatch");
    expect(
      await readinessOf(() => {
        throw new Error("database is closed");
      }),
    ).toBe("unreachable");
    const started = Date.now();
    expect(await readinessOf(() => new Promise(() => undefined), 100)).toBe("unreachable");
    expect(Date.now() - started).toBeLessThan(1000);
  });
});
