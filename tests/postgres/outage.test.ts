// The database going away and coming back, on a real Postgres (a server of this file's own, since
// it is stopped and started): readiness says so within its timeout, queries fail instead of
// hanging, and the same pool serves again once the server is back, with every committed row still
// there; first for db/postgres.ts alone, then for the app over HTTP.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { openPostgres, postgresReadiness, type PostgresHandle } from "../../db/postgres";
import { account } from "../../db/schema-pg";
import { READINESS_TIMEOUT_MS } from "../../db/schema-version";
import { createMigratedDatabase, startPostgres, type PostgresServer } from "../support/postgres";
import { createTestApp } from "../support/app";

let server: PostgresServer;
let db: PostgresHandle;

beforeAll(async () => {
  server = await startPostgres();
  db = openPostgres(server.url(await createMigratedDatabase(server)), { max: 4 });
});
afterAll(async () => {
  await db?.close();
  await server?.stop();
});

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))("a Postgres outage", () => {
  it("readiness turns unreachable, then ready again on the same pool; committed rows survive", async () => {
    const now = "2026-11-23T20:00:00.000";
    const [row] = await db.db
      .insert(account)
      .values({ userId: "outage-user", createdAt: now, updatedAt: now })
      .returning();
    expect(await postgresReadiness(db)).toBe("ready");

    await server.pause();
    const started = Date.now();
    expect(await postgresReadiness(db)).toBe("unreachable");
    expect(Date.now() - started).toBeLessThan(READINESS_TIMEOUT_MS + 500);
    await expect(db.db.select().from(account)).rejects.toThrow();

    await server.resume();
    expect(await postgresReadiness(db)).toBe("ready");
    expect(await db.db.select().from(account).where(eq(account.accountId, row!.accountId))).toEqual([row]);
  });
});

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))("the app while its Postgres goes away and comes back", () => {
  it("answers 503 JSON (no 500, no stack), readiness false, then recovers by itself with every acknowledged write kept", async () => {
    const t = await createTestApp(
      { DATABASE_URL: server.url(await createMigratedDatabase(server)) },
      { engine: "postgres" },
    );
    try {
      const f = await t.founder();
      const acknowledged: number[] = [];
      for (let i = 0; i < 3; i++) {
        const res = await t.http
          .post("/api/persons/")
          .set(f.auth)
          .send({
            account_id: f.accountId,
            account_primary_holder: false,
            is_addon: true,
            email: `before-${i}@example.com`,
          });
        expect(res.status).toBe(201);
        acknowledged.push(res.body.person_id as number);
      }
      expect((await t.http.get("/api/ready")).status).toBe(200);

      await server.pause();
      for (const res of [
        await t.http.get(`/api/accounts/${f.accountId}/all_data`).set(f.auth),
        await t.http.post("/api/persons/").set(f.auth).send({
          account_id: f.accountId,
          account_primary_holder: false,
          is_addon: true,
          email: "during@example.com",
        }),
        await t.http.patch(`/api/persons/${acknowledged[0]}`).set(f.auth).send({ city: "Dover" }),
      ]) {
        expect(res.status, res.text).toBe(503);
        expect(res.body).toEqual({
          error: "database_unavailable",
          message: expect.any(String),
          request_id: expect.any(String),
        });
        expect(res.text).not.toMatch(/\bat \S+ \(|node_modules|ECONNREFUSED|postgres:\/\//);
      }
      const ready = await t.http.get("/api/ready");
      expect(ready.status).toBe(503);
      expect(ready.body.error).toBe("not_ready");

      await server.resume();
      // The same pool serves again, no restart of the app.
      expect((await t.http.get("/api/ready")).status).toBe(200);
      const after = await t.http.get(`/api/accounts/${f.accountId}/all_data`).set(f.auth);
      expect(after.status).toBe(200);
      const ids = (after.body.persons as { person_id: number }[]).map((p) => p.person_id);
      for (const id of acknowledged) expect(ids).toContain(id);
      expect((await t.http.patch(`/api/persons/${acknowledged[0]}`).set(f.auth).send({ city: "Lewes" })).status).toBe(
        200,
      );
    } finally {
      await t.close();
    }
  });
});
