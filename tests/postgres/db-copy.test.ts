// Moving up from one box: `npm run db:copy` copies a SQLite database built through the real API
// into an empty, migrated Postgres database; every row is compared here on its own terms (raw SQL
// on both sides), ids continue after the copied ones, and a non-empty or unmigrated target is
// refused with nothing written.
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import Database from "better-sqlite3";
import pg from "pg";
import { REPO_ROOT } from "../../server/src/app";
import { openDatabase } from "../../db/client";
import { openPostgres } from "../../db/postgres";
import { CopyRefused, copySqliteToPostgres } from "../../db/copy";
import { startTestApp, type ListeningTestApp } from "../support/app";
import { call } from "../support/http";
import { createMigratedDatabase, sharedPostgres, type PostgresServer } from "../support/postgres";

const run = promisify(execFile);
const TABLES = ["enum_item", "account", "person", "strategy", "organization", "organization_user", "notification"];

let server: PostgresServer;
let h: ListeningTestApp;

beforeAll(async () => {
  server = await sharedPostgres();
  // The source is a SQLite database, whatever engine the project runs the app on.
  h = await startTestApp({}, { engine: "sqlite" });
  // Two founders through the API: accounts, persons (SSNs encrypted by the app), strategies,
  // organizations, owner links, notifications; the first founder's add-on removed again so ids
  // have a gap (its notice goes with it; the second founder's stays).
  for (let i = 0; i < 2; i++) {
    const f = await h.founder({ stage: "entry", daf: false });
    if (i === 0)
      expect((await call(h.url, "DELETE", `/api/persons/${f.addonId}`, { token: f.token })).status).toBe(200);
  }
});
afterAll(async () => {
  await h?.close();
  await server?.stop();
});

async function copyScript(databaseUrl: string): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(
      process.execPath,
      ["--import", "tsx", "scripts/db-copy.ts", "--from", h.dbFile],
      { cwd: REPO_ROOT, env: { ...process.env, DATABASE_URL: databaseUrl } },
    );
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

/** Every row of a table, raw, as comparable text: booleans as 0/1, rows sorted. */
function sqliteRows(table: string): string[] {
  const db = new Database(h.dbFile, { readonly: true });
  try {
    return (db.prepare(`SELECT * FROM ${table}`).all() as Record<string, unknown>[])
      .map((r) => JSON.stringify(Object.entries(r).sort()))
      .sort();
  } finally {
    db.close();
  }
}

async function postgresRows(url: string, table: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const rows = (await client.query<Record<string, unknown>>(`SELECT * FROM ${table}`)).rows;
    return rows
      .map((r) =>
        JSON.stringify(
          Object.entries(r)
            .map(([k, v]) => [k, typeof v === "boolean" ? Number(v) : v])
            .sort(),
        ),
      )
      .sort();
  } finally {
    await client.end();
  }
}

describe("npm run db:copy (SQLite → Postgres)", () => {
  it("copies every table row for row, ids, timestamps and SSN ciphertexts included", async () => {
    const url = server.url(await createMigratedDatabase(server));
    const result = await copyScript(url);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/every row count and checksum matches/);
    for (const table of TABLES) {
      const expected = sqliteRows(table);
      expect(expected.length, table).toBeGreaterThan(0);
      expect(await postgresRows(url, table), table).toEqual(expected);
    }
    // account.primary_account_holder points at a person that points back at the account: the
    // cycle the copy breaks and mends.
    expect(sqliteRows("account").filter((r) => /"primary_account_holder",\d+/.test(r))).toHaveLength(2);
    // The SSN ciphertexts arrived as they were: still ciphertext, never the digits.
    expect(sqliteRows("person").join()).toMatch(/ssn_encrypted","[A-Za-z0-9+/=]{20,}/);

    // New rows get ids after the copied ones.
    const pgh = openPostgres(url, { max: 1 });
    try {
      const max = (await pgh.pool.query<{ m: number }>("SELECT max(account_id) AS m FROM account")).rows[0]!.m;
      const next = await pgh.pool.query<{ account_id: number }>(
        "INSERT INTO account (user_id, created_at, updated_at) VALUES ('after-copy', 'now', 'now') RETURNING account_id",
      );
      expect(next.rows[0]!.account_id).toBe(max + 1);
    } finally {
      await pgh.close();
    }

    // Run again: the target now holds data, so the copy is refused and nothing changes.
    const before = await postgresRows(url, "person");
    const again = await copyScript(url);
    expect(again.code).toBe(1);
    // The first table in copy order with rows is named (audit_event has no foreign keys, so it comes first).
    expect(again.stderr).toMatch(/Refusing to copy: Target \(DATABASE_URL\) is not empty: audit_event has \d+ row/);
    expect(await postgresRows(url, "person")).toEqual(before);
  });

  it("refuses a target that is not migrated, and writes nothing", async () => {
    const url = server.url(await server.createDatabase());
    const from = openDatabase(h.dbFile, { migrate: false });
    const to = openPostgres(url, { max: 1 });
    try {
      await expect(copySqliteToPostgres(from, to)).rejects.toThrow(CopyRefused);
      await expect(copySqliteToPostgres(from, to)).rejects.toThrow(
        /Target \(DATABASE_URL\): Database schema is older than the code/,
      );
      const tables = await to.pool.query(
        "SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema = 'public'",
      );
      expect(tables.rows[0].n).toBe(0);
    } finally {
      from.close();
      await to.close();
    }
  });

  it("without DATABASE_URL says what to set", async () => {
    const result = await copyScript("");
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/Set DATABASE_URL/);
  });
});
