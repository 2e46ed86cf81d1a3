// The app starting on PostgreSQL (docs/decisions/0041): production never migrates at start and refuses a
// database whose schema does not match the code; development migrates an empty database.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../server/src/app";
import { loadConfig } from "../../server/src/config";
import { PRODUCTION_ENV } from "../support/production-env";
import { createMigratedDatabase, sharedPostgres, type PostgresServer } from "../support/postgres";

let server: PostgresServer;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "ff-pg-start-"));

beforeAll(async () => {
  server = await sharedPostgres();
});
afterAll(async () => {
  await server?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const start = (url: string, env: Record<string, string> = {}) =>
  buildApp(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: "silent", ...env, DATABASE_URL: url }), {
    quiet: true,
    webDist: path.join(dataDir, "no-web"),
  });

async function sql(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

describe("starting on Postgres", () => {
  it("production serves a database migrated by the deploy, and is ready", async () => {
    const app = await start(server.url(await createMigratedDatabase(server)), PRODUCTION_ENV);
    try {
      expect(app.db.engine).toBe("postgres");
      expect((await app.inject({ method: "GET", url: "/api/ready" })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it("production refuses a database that was never migrated, and one migrated by newer code that removed something it uses", async () => {
    await expect(start(server.url(await server.createDatabase()), PRODUCTION_ENV)).rejects.toThrow(
      /Database schema is older than the code/,
    );
    const newer = server.url(await createMigratedDatabase(server));
    // The next release's expand migration (an added column): this code still serves it (a rolling deploy).
    await sql(
      newer,
      "INSERT INTO drizzle.__drizzle_migrations (hash, created_at) VALUES ('next-release', 9999999999998)",
    );
    await sql(newer, "ALTER TABLE person ADD COLUMN nickname text");
    const app = await start(newer, PRODUCTION_ENV);
    try {
      expect((await app.inject({ method: "GET", url: "/api/ready" })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
    await sql(
      newer,
      "INSERT INTO drizzle.__drizzle_migrations (hash, created_at) VALUES ('from-newer-code', 9999999999999)",
    );
    await sql(newer, "ALTER TABLE person RENAME COLUMN city TO town");
    await expect(start(newer, PRODUCTION_ENV)).rejects.toThrow(/Database schema is newer than the code/);
  });

  it("development migrates an empty database at start", async () => {
    const app = await start(server.url(await server.createDatabase()), { NODE_ENV: "development" });
    try {
      expect((await app.inject({ method: "GET", url: "/api/ready" })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});
