// `npm start` as an orchestrator runs it: a separate process, stopped with SIGTERM while a request
// is in flight (a client still uploading its body). The app must stop taking new connections,
// finish that request, close its database cleanly and exit 0. And a database newer than the code
// stops the start with one line and a non-zero exit.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import { REPO_ROOT } from "../../server/src/app";
import { appDatabasePath, openDatabase } from "../../db/client";
import { isolatedStackEnv } from "../support/stack";
import { RIA_ANSWERS } from "../support/entry";
import { createTestDatabase } from "../support/test-database";
import { appAt, founderAt } from "../support/founders";
import { scaled } from "../support/machine";

interface Started {
  proc: ChildProcess;
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  stdout: () => string;
  stderr: () => string;
}

const dirs: string[] = [];
const procs: ChildProcess[] = [];
afterEach(() => {
  for (const p of procs.splice(0)) if (p.exitCode === null && p.signalCode === null) p.kill("SIGKILL");
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

async function startScript(dataDir: string, extraEnv: Record<string, string> = {}): Promise<Started> {
  const env = {
    ...process.env,
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    SKIP_WEB_BUILD: "1",
    ...(await isolatedStackEnv(dataDir)),
    ...extraEnv,
  };
  // `npm start`'s own entry (scripts/launch.mjs: the node side bundled once, not loaded through tsx
  // at each start, which cost ~1 s of CPU a start).
  const proc = spawn(process.execPath, ["scripts/launch.mjs"], {
    cwd: REPO_ROOT,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  procs.push(proc);
  let out = "";
  let err = "";
  proc.stdout!.on("data", (c: Buffer) => (out += c.toString()));
  proc.stderr!.on("data", (c: Buffer) => (err += c.toString()));
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    proc.once("exit", (code, signal) => resolve({ code, signal })),
  );
  return { proc, exit, stdout: () => out, stderr: () => err };
}

async function waitForUrls(s: Started): Promise<{ app: string; auth: string }> {
  const deadline = Date.now() + scaled(60_000);
  while (Date.now() < deadline) {
    const app = /app\s+(http:\/\/\S+)/.exec(s.stdout());
    const auth = /auth\s+(http:\/\/\S+)\/auth\/v1/.exec(s.stdout());
    if (app && auth) return { app: app[1]!, auth: auth[1]! };
    if (s.proc.exitCode !== null) throw new Error(`start exited with ${s.proc.exitCode}: ${s.stderr()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`start did not come up: ${s.stderr()}`);
}

const tempDataDir = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), "ff-sigterm-"));
  dirs.push(d);
  return d;
};

/** Resolves once a new connection to the URL is refused. */
async function refusesConnections(url: string): Promise<boolean> {
  for (let i = 0; i < 100; i++) {
    const refused = await fetch(new URL("/api/health", url)).then(
      () => false,
      () => true,
    );
    if (refused) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return false;
}

describe.each(["sqlite", "postgres"] as const)("SIGTERM, on %s", (engine) => {
  it("stops accepting, finishes the request in flight, closes the database (drains the pool) and exits 0", async () => {
    const dataDir = tempDataDir();
    // SQLite: the file in DATA_DIR, made by the app at start; Postgres: a database of its own.
    const database = engine === "postgres" ? await createTestDatabase(dataDir, "postgres") : undefined;
    const s = await startScript(dataDir, database?.env);
    const urls = await waitForUrls(s);
    const founder = await founderAt("signed-up", { on: appAt(urls.app, urls.auth), marked: true });

    // A PUT whose body arrives in two halves: the request is in flight when the signal lands.
    const body = JSON.stringify(RIA_ANSWERS);
    const target = new URL(`/api/accounts/${founder.accountId}`, urls.app);
    const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = http.request(
        target,
        {
          method: "PUT",
          agent: false,
          headers: {
            authorization: `Bearer ${founder.token}`,
            "content-type": "application/json",
            "content-length": Buffer.byteLength(body),
          },
        },
        (res) => {
          let text = "";
          res.on("data", (c: Buffer) => (text += c.toString()));
          res.on("end", () => resolve({ status: res.statusCode ?? 0, text }));
        },
      );
      req.on("error", reject);
      req.write(body.slice(0, 20));
      setTimeout(() => {
        s.proc.kill("SIGTERM");
        void refusesConnections(urls.app).then((refused) => {
          expect(refused, "new connections are refused while draining").toBe(true);
          req.end(body.slice(20));
        }, reject);
      }, 200);
    });

    const reply = await answer;
    expect(reply.status, reply.text).toBe(200);
    expect(JSON.parse(reply.text)).toMatchObject({
      account_id: founder.accountId,
      ria_risk_score: RIA_ANSWERS.ria_risk_score,
    });
    expect(await s.exit).toEqual({ code: 0, signal: null });

    if (database) {
      try {
        const [row] = await database.query(
          "SELECT ria_state, ria_risk_score FROM account WHERE account_id = ?",
          founder.accountId,
        );
        expect(row).toEqual({ ria_state: RIA_ANSWERS.ria_state, ria_risk_score: RIA_ANSWERS.ria_risk_score });
        // The pool was drained: no connection of the app is left on the server.
        const [others] = await database.query<{ n: unknown }>(
          "SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()",
        );
        expect(Number(others!.n)).toBe(0);
      } finally {
        await database.close();
      }
      return;
    }
    // Closed cleanly: SQLite folds the WAL back into the file when the last connection closes.
    const file = appDatabasePath(dataDir);
    expect(fs.existsSync(`${file}-wal`)).toBe(false);
    const db = new Database(file, { readonly: true });
    try {
      const row = db
        .prepare("SELECT ria_state, ria_risk_score FROM account WHERE account_id = ?")
        .get(founder.accountId);
      expect(row).toEqual({ ria_state: RIA_ANSWERS.ria_state, ria_risk_score: RIA_ANSWERS.ria_risk_score });
    } finally {
      db.close();
    }
  });
});

describe("SIGTERM with a shutdown delay (SHUTDOWN_DELAY_SECONDS)", () => {
  it("answers readiness 503 at once while it still serves requests, then stops accepting and exits 0", async () => {
    const s = await startScript(tempDataDir(), { SHUTDOWN_DELAY_SECONDS: "3" });
    const urls = await waitForUrls(s);
    const founder = await founderAt("signed-up", { on: appAt(urls.app, urls.auth), marked: true });
    expect((await fetch(new URL("/api/ready", urls.app))).status).toBe(200);
    s.proc.kill("SIGTERM");
    let ready: Response | undefined;
    for (let i = 0; i < 100 && ready?.status !== 503; i++) {
      ready = await fetch(new URL("/api/ready", urls.app));
      if (ready.status !== 503) await new Promise((r) => setTimeout(r, 20));
    }
    expect(ready?.status).toBe(503);
    expect(await ready!.json()).toMatchObject({ error: "not_ready", message: "This instance is shutting down" });
    // Still serving: a balancer that has not probed yet loses nothing.
    expect((await fetch(new URL("/api/health", urls.app))).status).toBe(200);
    const read = await fetch(new URL(`/api/accounts/${founder.accountId}/all_data`, urls.app), {
      headers: { authorization: `Bearer ${founder.token}` },
    });
    expect(read.status).toBe(200);
    expect(await refusesConnections(urls.app)).toBe(true);
    expect(await s.exit).toEqual({ code: 0, signal: null });
  });
});

describe("a second signal while draining", () => {
  it("exits 1 at once instead of waiting for the request in flight", async () => {
    const s = await startScript(tempDataDir());
    const urls = await waitForUrls(s);
    // A request that never finishes uploading (to the public webhook, which reads its whole raw
    // body before answering): the drain would wait for it until the deadline.
    const req = http.request(new URL("/api/sumsub/webhook", urls.app), {
      method: "POST",
      agent: false,
      headers: { "content-type": "application/json", "content-length": "100" },
    });
    req.on("error", () => undefined);
    req.write("{");
    await new Promise((r) => setTimeout(r, 200));
    s.proc.kill("SIGTERM");
    expect(await refusesConnections(urls.app)).toBe(true);
    const started = Date.now();
    s.proc.kill("SIGTERM");
    expect(await s.exit).toEqual({ code: 1, signal: null });
    expect(Date.now() - started).toBeLessThan(5000);
    req.destroy();
  });
});

describe("a database newer than the code", () => {
  it("stops `npm start` with one line naming the problem and a non-zero exit", async () => {
    const dataDir = tempDataDir();
    const h = openDatabase(appDatabasePath(dataDir));
    h.sqlite
      .prepare("INSERT INTO __drizzle_migrations (hash, created_at) VALUES ('from-newer-code', 9999999999999)")
      .run();
    h.close();
    const s = await startScript(dataDir);
    const { code } = await s.exit;
    expect(code).toBe(1);
    const lines = s
      .stderr()
      .trim()
      .split("\n")
      .filter((l) => !/^npm warn/.test(l));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Database schema is newer than the code/);
    expect(s.stdout()).not.toContain("is running");
  });
});

describe("a Postgres that cannot be reached at start", () => {
  it("stops `npm start` with one line naming DATABASE_URL, the password masked, and a non-zero exit", async () => {
    const s = await startScript(tempDataDir(), { DATABASE_URL: "postgres://founder:s3cret-pass@127.0.0.1:1/app" });
    const { code } = await s.exit;
    expect(code).not.toBe(0);
    const lines = s
      .stderr()
      .trim()
      .split("\n")
      .filter((l) => !/^npm warn/.test(l));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^Cannot reach the database at DATABASE_URL=postgres:\/\/founder:\*\*\*@127\.0\.0\.1:1\/app/,
    );
    expect(s.stderr() + s.stdout()).not.toContain("s3cret-pass");
    expect(s.stdout()).not.toContain("is running");
  });
});
