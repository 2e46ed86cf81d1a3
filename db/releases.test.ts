// Expand/contract (db/releases.ts): migrated release by release, a fresh database keeps every table
// and column the release before still uses; a migration that drops or renames one is caught.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { drizzle } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import { afterAll, describe, expect, it } from "vitest";
import { MIGRATIONS_FOLDER, sqliteColumns } from "./client";
import { PG_MIGRATIONS_FOLDER } from "./postgres";
import { committedMigrations } from "./schema-version";
import { compareVersions, missingFrom, readReleases, tablesOfSchema, type TablesUsed } from "./releases";

const version = (
  JSON.parse(fs.readFileSync(new URL("../package.json", import.meta.url), "utf8")) as { version: string }
).version;
const releases = readReleases();
const temp = fs.mkdtempSync(path.join(os.tmpdir(), "ff-releases-"));
afterAll(() => fs.rmSync(temp, { recursive: true, force: true }));

interface JournalEntry {
  idx: number;
  version: string;
  when: number;
  tag: string;
  breakpoints: boolean;
}

/** A copy of the SQLite migrations: the first `count`, then `extra` ones (tag → SQL). */
function migrationsFolder(count: number, extra: Record<string, string> = {}): string {
  const dir = fs.mkdtempSync(path.join(temp, "m-"));
  fs.mkdirSync(path.join(dir, "meta"));
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_FOLDER, "meta/_journal.json"), "utf8")) as {
    entries: JournalEntry[];
  };
  const entries = journal.entries.slice(0, count);
  for (const e of entries)
    fs.copyFileSync(path.join(MIGRATIONS_FOLDER, `${e.tag}.sql`), path.join(dir, `${e.tag}.sql`));
  for (const [tag, sql] of Object.entries(extra)) {
    const last = entries[entries.length - 1]!;
    entries.push({ ...last, idx: last.idx + 1, when: last.when + 1000, tag });
    fs.writeFileSync(path.join(dir, `${tag}.sql`), sql);
  }
  fs.writeFileSync(path.join(dir, "meta/_journal.json"), JSON.stringify({ ...journal, entries }));
  return dir;
}

/** What a fresh database migrated with `folder` is missing of `used`. */
function missingAfter(folder: string, used: TablesUsed): string[] {
  const sqlite = new Database(path.join(folder, "app.db"));
  try {
    migrate(drizzle(sqlite), { migrationsFolder: folder });
    return missingFrom(used, sqliteColumns(sqlite));
  } finally {
    sqlite.close();
  }
}

const latestBefore = (v: string) => releases.filter((r) => compareVersions(r.version, v) < 0).at(-1);

describe("release snapshots (db/releases)", () => {
  it("has one for this version or an older one to compare against", () => {
    expect(releases.length).toBeGreaterThan(0);
  });

  it("this version's snapshot, once written, is this code's schema and migrations (a schema change after it needs the next version)", () => {
    const own = releases.find((r) => r.version === version);
    if (!own) return;
    const hint = "bump package.json's version for the next release (then npm run db:release when it ships)";
    expect(own.tables, hint).toEqual(tablesOfSchema());
    expect(own.migrations, hint).toEqual({
      sqlite: committedMigrations(MIGRATIONS_FOLDER).length,
      postgres: committedMigrations(PG_MIGRATIONS_FOLDER).length,
    });
  });

  it("each release's migrations keep every table and column the release before it uses", () => {
    for (const [i, release] of releases.entries()) {
      if (i === 0) continue;
      expect(
        missingAfter(migrationsFolder(release.migrations.sqlite), releases[i - 1]!.tables),
        `${release.version} after ${releases[i - 1]!.version}`,
      ).toEqual([]);
    }
  });

  it("this code's migrations keep everything the previous release uses", () => {
    const previous = latestBefore(version);
    if (!previous) return;
    expect(missingAfter(migrationsFolder(Number.MAX_SAFE_INTEGER), previous.tables)).toEqual([]);
  });

  it("catches a migration that renames a column or drops a table the previous release uses", () => {
    const previous = releases.at(-1)!;
    const breaking = migrationsFolder(previous.migrations.sqlite, {
      "9000_rename_city": "ALTER TABLE `person` RENAME COLUMN `city` TO `town`;",
      "9001_drop_limits": "DROP TABLE `rate_limit_hit`;",
    });
    expect(missingAfter(breaking, previous.tables)).toEqual(["person.city", "rate_limit_hit"]);
    // Adding is expanding: a new column and a new table break nothing.
    const expanding = migrationsFolder(previous.migrations.sqlite, {
      "9000_add_nickname":
        "ALTER TABLE `person` ADD `nickname` text;\n--> statement-breakpoint\nCREATE TABLE `later` (`id` integer PRIMARY KEY);",
    });
    expect(missingAfter(expanding, previous.tables)).toEqual([]);
  });

  it("orders versions part by part", () => {
    expect(["1.10.0", "0.2.0", "1.9.1", "0.10.0"].sort(compareVersions)).toEqual([
      "0.2.0",
      "0.10.0",
      "1.9.1",
      "1.10.0",
    ]);
  });
});
