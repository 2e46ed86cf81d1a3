// The Postgres test support itself: a real server starts, databases come from a migrated template,
// PgBouncer pools in transaction mode in front of it, and stopping leaves nothing behind.
import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import pg from "pg";
import { startPgBouncer, startPostgres, type PgBouncer, type PostgresServer } from "../support/postgres";

let server: PostgresServer;
let bouncer: PgBouncer;

beforeAll(async () => {
  server = await startPostgres();
  bouncer = await startPgBouncer(server);
});
afterAll(async () => {
  await bouncer?.stop();
  await server?.stop();
});

async function query<T extends pg.QueryResultRow>(url: string, text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe("Postgres test support", () => {
  it("runs a real PostgreSQL 15 server, as the postgres user when we are root", async () => {
    const [row] = await query<{ server_version_num: string; usename: string }>(
      server.url(),
      "SELECT current_setting('server_version_num') AS server_version_num, current_user AS usename",
    );
    expect(Number(row!.server_version_num)).toBeGreaterThanOrEqual(150000);
    if (!process.env.TEST_DATABASE_URL) {
      expect(alive(server.pid!)).toBe(true);
      if (process.getuid?.() === 0) expect(fs.statSync(server.dir!).uid).not.toBe(0);
    }
  });

  it("migrates a template once, even when asked at the same time, and copies it per database", async () => {
    let migrations = 0;
    const migrate = async (url: string) => {
      migrations += 1;
      await query(url, "CREATE TABLE greeting (id serial PRIMARY KEY, text text NOT NULL)");
      await query(url, "INSERT INTO greeting (text) VALUES ('from the template')");
    };
    const key = `support-test-${Date.now()}`;
    const [t1, t2] = await Promise.all([server.template(key, migrate), server.template(key, migrate)]);
    expect(t1).toBe(t2);
    expect(migrations).toBe(1);

    const a = await server.createDatabase({ template: t1 });
    const b = await server.createDatabase({ template: t1 });
    expect(a).not.toBe(b);
    await query(server.url(a), "INSERT INTO greeting (text) VALUES ('only in a')");
    expect(
      (await query<{ text: string }>(server.url(a), "SELECT text FROM greeting ORDER BY id")).map((r) => r.text),
    ).toEqual(["from the template", "only in a"]);
    expect(
      (await query<{ text: string }>(server.url(b), "SELECT text FROM greeting ORDER BY id")).map((r) => r.text),
    ).toEqual(["from the template"]);
    const empty = await server.createDatabase();
    expect(await query(server.url(empty), "SELECT 1 FROM pg_tables WHERE tablename = 'greeting'")).toEqual([]);
  });

  it("connects through PgBouncer in transaction pooling mode", async () => {
    const db = await server.createDatabase();
    await query(bouncer.url(db), "CREATE TABLE t (n int)");
    await query(bouncer.url(db), "INSERT INTO t VALUES ($1)", [42]);
    expect(await query(server.url(db), "SELECT n FROM t")).toEqual([{ n: 42 }]);
    const config = await query<{ key: string; value: string }>(bouncer.url("pgbouncer"), "SHOW CONFIG");
    expect(config.find((r) => r.key === "pool_mode")?.value).toBe("transaction");
    // The client really is talking to a pooler, not to the server directly.
    expect(new URL(bouncer.url()).port).not.toBe(new URL(server.url()).port);
  });

  it("stopping a server leaves no process, no folder and no listener", async () => {
    if (process.env.TEST_DATABASE_URL) return; // an existing server is never stopped
    const own = await startPostgres();
    const ownBouncer = await startPgBouncer(own);
    const pids = [own.pid!, ownBouncer.pid!];
    const urls = [own.url(), ownBouncer.url()];
    expect(pids.every(alive)).toBe(true);
    await ownBouncer.stop();
    await own.stop();
    expect(pids.filter(alive)).toEqual([]);
    expect(fs.existsSync(own.dir!)).toBe(false);
    for (const url of urls) await expect(query(url, "SELECT 1")).rejects.toThrow(/ECONNREFUSED/);
    // No backend of the stopped server survives its postmaster either.
    const { execFileSync } = await import("node:child_process");
    const ps = execFileSync("ps", ["-eo", "args"], { encoding: "utf8" });
    expect(ps).not.toContain(own.dir!);
  });
});
