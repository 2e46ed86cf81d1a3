// Health endpoints for orchestrators: public, answer only a state, and readiness follows the
// database (answers, and has the schema this code expects).
import { sqliteClientOf } from "../../db/engine";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig, LOCAL_SUPABASE } from "../../server/src/config";
import { buildApp } from "../../server/src/app";
import { appDatabasePath, openDatabase } from "../../db/client";
import { SchemaMismatchError } from "../../db/schema-version";
import { startTestApp, type ListeningTestApp } from "../support/app";
import { call } from "../support/http";
import { TEST_SSN_KEY, testSecret } from "../support/production-env";

let h: ListeningTestApp;

beforeAll(async () => {
  h = await startTestApp();
});
afterAll(async () => {
  await h?.close();
});

/**
 * A migration by newer code that renamed a column this code uses (what expand/contract forbids a
 * release's next release to do, db/releases.ts): a schema this code cannot serve.
 */
const INCOMPATIBLE_MIGRATION =
  "INSERT INTO __drizzle_migrations (hash, created_at) VALUES ('from-newer-code', 9999999999999); ALTER TABLE person RENAME COLUMN city TO town;";
const unknownMigration = (file: string) => {
  const db = openDatabase(file, { migrate: false });
  db.sqlite.exec(INCOMPATIBLE_MIGRATION);
  return () => {
    db.sqlite.exec(
      "DELETE FROM __drizzle_migrations WHERE hash = 'from-newer-code'; ALTER TABLE person RENAME COLUMN town TO city;",
    );
    db.close();
  };
};

describe("GET /api/health and /api/ready", () => {
  it("answer without a token, with only a state, never cached", async () => {
    const health = await call(h.url, "GET", "/api/health");
    expect(health.status).toBe(200);
    expect(health.json).toEqual({ status: "ok" });
    expect(health.headers.get("cache-control")).toBe("no-store");
    const ready = await call(h.url, "GET", "/api/ready");
    expect(ready.status).toBe(200);
    expect(ready.json).toEqual({ status: "ready" });
    expect(ready.headers.get("cache-control")).toBe("no-store");
  });

  it("a bad or foreign token changes nothing (they are public)", async () => {
    for (const authorization of ["Bearer not-a-token", `Bearer ${LOCAL_SUPABASE.anonKey}`]) {
      expect((await call(h.url, "GET", "/api/ready", { authorization })).status).toBe(200);
      expect((await call(h.url, "GET", "/api/health", { authorization })).status).toBe(200);
    }
  });

  it("readiness turns 503 when the schema no longer matches the code, and back when it does; liveness stays 200", async () => {
    const restore = unknownMigration(h.dbFile);
    try {
      const ready = await call(h.url, "GET", "/api/ready");
      expect(ready.status).toBe(503);
      expect(ready.json).toEqual({
        error: "not_ready",
        message: "The database schema does not match this version of the app",
        request_id: expect.any(String),
      });
      expect((await call(h.url, "GET", "/api/health")).status).toBe(200);
    } finally {
      restore();
    }
    expect((await call(h.url, "GET", "/api/ready")).status).toBe(200);
  });

  it("do not write a log line per probe (orchestrators probe every few seconds)", async () => {
    const before = h.logs().length;
    await call(h.url, "GET", "/api/health");
    await call(h.url, "GET", "/api/ready");
    await call(h.url, "GET", "/api/enums/"); // an ordinary route still logs, at the harness's trace level
    const written = h.logs().slice(before);
    expect(written).toContain("/api/enums/");
    expect(written).not.toMatch(/\/api\/(health|ready)/);
  });

  it("are in the OpenAPI document as public operations", async () => {
    const doc = (await call(h.url, "GET", "/api/openapi.json")).json as {
      paths: Record<string, Record<string, { security?: unknown[]; responses: Record<string, unknown> }>>;
    };
    expect(doc.paths["/api/health"]?.get?.security).toEqual([]);
    expect(doc.paths["/api/ready"]?.get?.security).toEqual([]);
    expect(Object.keys(doc.paths["/api/ready"]!.get!.responses).sort()).toEqual(["200", "503"]);
  });
});

describe("readiness when the database is gone", () => {
  it("answers 503 unreachable, with no stack and no settings", async () => {
    const other = await startTestApp();
    try {
      sqliteClientOf(other.app.db).close();
      const ready = await call(other.url, "GET", "/api/ready");
      expect(ready.status).toBe(503);
      expect(ready.json).toEqual({
        error: "not_ready",
        message: "The database does not answer",
        request_id: expect.any(String),
      });
      expect(ready.text).not.toContain(other.dataDir);
      expect((await call(other.url, "GET", "/api/health")).status).toBe(200);
    } finally {
      await other.close().catch(() => undefined);
    }
  });
});

describe("schema check at start", () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  });
  const dataDir = () => {
    const d = fs.mkdtempSync(path.join(os.tmpdir(), "ff-schema-"));
    dirs.push(d);
    return d;
  };
  const production = (dir: string) =>
    loadConfig({
      NODE_ENV: "production",
      AUTH_MODE: "external",
      LOG_LEVEL: "silent",
      DATA_DIR: dir,
      PUBLIC_APP_URL: "https://app.example.org",
      SUPABASE_URL: "https://auth.example.org",
      SUPABASE_ANON_KEY: "anon",
      SUPABASE_SERVICE_ROLE_KEY: testSecret("the service role key"),
      SUPABASE_JWKS_URL: "https://auth.example.org/auth/v1/.well-known/jwks.json",
      SSN_ENCRYPTION_KEY: TEST_SSN_KEY,
      SMTP_URL: "smtp://127.0.0.1:9",
      SUMSUB_APP_TOKEN: `prd:${testSecret("the Sumsub app token")}`,
      SUMSUB_SECRET_KEY: testSecret("the Sumsub secret key"),
      SUMSUB_WEBHOOK_SECRET: testSecret("the Sumsub webhook secret"),
    });
  const noWeb = (dir: string) => ({ quiet: true, webDist: path.join(dir, "no-web") });

  it("production does not migrate at start: an unmigrated database is refused until db:migrate ran", async () => {
    const dir = dataDir();
    await expect(buildApp(production(dir), noWeb(dir))).rejects.toThrow(/older than the code.*npm run db:migrate/);
    openDatabase(appDatabasePath(dir)).close(); // what db:migrate does
    // An enum item gone (as if this code added it after the last migration): start puts it back.
    const h = openDatabase(appDatabasePath(dir), { migrate: false });
    h.sqlite.prepare("DELETE FROM enum_item WHERE enum_id = 'us_state_delaware'").run();
    h.close();
    const app = await buildApp(production(dir), noWeb(dir));
    expect(
      sqliteClientOf(app.db).prepare("SELECT enum_label FROM enum_item WHERE enum_id = 'us_state_delaware'").get(),
    ).toEqual({ enum_label: "Delaware" });
    await app.close();
  });

  it("development migrates, but refuses a database newer than its code; production serves a newer one only while it keeps what this code uses", async () => {
    const dir = dataDir();
    const dev = loadConfig({ NODE_ENV: "development", LOG_LEVEL: "silent", DATA_DIR: dir });
    await (await buildApp(dev, noWeb(dir))).close();
    const db = openDatabase(appDatabasePath(dir), { migrate: false });
    // The next release's expand migration: an added column.
    db.sqlite.exec(
      "INSERT INTO __drizzle_migrations (hash, created_at) VALUES ('next-release', 9999999999998); ALTER TABLE person ADD nickname text;",
    );
    await expect(buildApp(dev, noWeb(dir))).rejects.toThrow(SchemaMismatchError);
    await (await buildApp(production(dir), noWeb(dir))).close();
    // A release later, a contract that removed something this code still uses.
    db.sqlite.exec(INCOMPATIBLE_MIGRATION);
    db.close();
    await expect(buildApp(production(dir), noWeb(dir))).rejects.toThrow(/newer than the code/);
  });
});
