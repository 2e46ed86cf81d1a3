// The database going away and coming back, on a real Postgres: readiness says so within its
// timeout, queries fail instead of hanging, and the same pool serves again once the server is
// back, with every committed row still there. (The app is not on Postgres yet; this is the
// db/postgres.ts layer it will stand on.)
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { openPostgres, postgresReadiness, type PostgresHandle } from "../../db/postgres";
import { account } from "../../db/schema-pg";
import { READINESS_TIMEOUT_MS } from "../../db/schema-version";
import { createMigratedDatabase, startPostgres, type PostgresServer } from "../support/postgres";

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
    const [row] = await db.db.insert(account).values({ userId: "outage-user", createdAt: now, updatedAt: now }).returning();
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
