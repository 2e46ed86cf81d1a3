// `npm run db:migrate` as a deploy runs it, on both engines: migrates without the app, is a no-op
// the second time, --check only reports, and a database newer than the code is refused with one
// line and exit 1. An unreachable Postgres names DATABASE_URL with the password masked.
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import pg from "pg";
import { REPO_ROOT } from "../../server/src/app";
import { bundledEntry } from "../../scripts/node-bundle.mjs";
import { appDatabasePath, appliedMigrations, openDatabase } from "../../db/client";
import { sharedPostgres, type PostgresServer } from "../support/postgres";

const run = promisify(execFile);

async function migrate(
  env: Record<string, string>,
  ...args: string[]
): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    // The script's own bundle (scripts/node-bundle.mjs, as the app's children run): through tsx
    // each of this file's runs spent ~1 s of CPU compiling before the first line of the script.
    // `npm run db:migrate` itself is run by the deployment suites (tests/support/deployment.ts).
    const entry = await bundledEntry(path.join(REPO_ROOT, "scripts/db-migrate.ts"));
    const { stdout, stderr } = await run(process.execPath, [entry, ...args], {
      cwd: REPO_ROOT,
      env: { ...process.env, DATABASE_URL: "", ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

const NEWER = "INSERT INTO __drizzle_migrations (hash, created_at) VALUES ('from-newer-code', 9999999999999)";

describe("npm run db:migrate on SQLite (DATA_DIR)", () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "ff-migrate-"));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it("migrates, then has nothing to do, and refuses a newer database without changing it", async () => {
    const env = { DATA_DIR: dataDir };
    const check0 = await migrate(env, "--check");
    expect(check0.code).toBe(1);
    expect(check0.stdout).toMatch(/older than the code.*npm run db:migrate/);

    const first = await migrate(env);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toMatch(/^Database migrated: applied 0000_initial/);
    expect((await migrate(env)).stdout).toMatch(/nothing to apply; schema is current/);
    expect((await migrate(env, "--check")).code).toBe(0);

    const h = openDatabase(appDatabasePath(dataDir), { migrate: false });
    h.sqlite.prepare(NEWER).run();
    const rows = appliedMigrations(h.sqlite).length;
    h.close();
    const refused = await migrate(env);
    expect(refused.code).toBe(1);
    expect(
      refused.stderr
        .trim()
        .split("\n")
        .filter((l) => !l.startsWith("npm warn")),
    ).toEqual([expect.stringMatching(/^Refusing to migrate: Database schema is newer than the code/)]);
    expect((await migrate(env, "--check")).code).toBe(1);
    const after = openDatabase(appDatabasePath(dataDir), { migrate: false });
    expect(appliedMigrations(after.sqlite)).toHaveLength(rows);
    after.close();
  });
});

describe("npm run db:migrate on Postgres (DATABASE_URL)", () => {
  let server: PostgresServer;
  beforeAll(async () => {
    server = await sharedPostgres();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("migrates an empty database, then has nothing to do, and refuses a newer one", async () => {
    const env = { DATABASE_URL: server.url(await server.createDatabase()) };
    const first = await migrate(env);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toMatch(/^Database migrated: applied 0000_initial/);
    expect((await migrate(env)).stdout).toMatch(/nothing to apply/);
    expect((await migrate(env, "--check")).code).toBe(0);

    const client = new pg.Client({ connectionString: env.DATABASE_URL });
    await client.connect();
    try {
      const tables = await client.query(
        "SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema = 'public'",
      );
      expect(tables.rows[0].n).toBe(9); // the seven entity tables, the audit trail and the shared rate-limit counts
      await client.query(NEWER.replace("__drizzle_migrations", "drizzle.__drizzle_migrations"));
    } finally {
      await client.end();
    }
    const refused = await migrate(env);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/Refusing to migrate: Database schema is newer than the code/);
  });

  it("an unreachable server: one line naming DATABASE_URL, every credential form masked, exit 1", async () => {
    const result = await migrate({
      DATABASE_URL:
        "postgres://app:s3cret-pass@127.0.0.1:1/app?password=q-s3cret&sslmode=disable&sslpassword=ssl-s3cret",
    });
    expect(result.code).toBe(1);
    const lines = result.stderr
      .trim()
      .split("\n")
      .filter((l) => !l.startsWith("npm warn"));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(
      "DATABASE_URL=postgres://app:***@127.0.0.1:1/app?password=***&sslmode=disable&sslpassword=***",
    );
    for (const secret of ["s3cret-pass", "q-s3cret", "ssl-s3cret"])
      expect(result.stderr + result.stdout).not.toContain(secret);
  });
});
