// The Postgres layer behind a transaction-mode pooler (Debian's PgBouncer, pool_mode=transaction,
// as Supabase's pooler on 6543): drizzle on node-postgres sends unnamed statements and keeps no
// session state, so transactions, RETURNING and upserts work from many clients at once over a
// smaller pool of server connections. Named prepared statements, by contrast, break there.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { openPostgres, postgresReadiness, seedPostgresEnums, type PostgresHandle } from "../../db/postgres";
import { account, enumItem, person } from "../../db/schema-pg";
import {
  createMigratedDatabase,
  startPgBouncer,
  sharedPostgres,
  type PgBouncer,
  type PostgresServer,
} from "../support/postgres";

let server: PostgresServer;
let bouncer: PgBouncer;
let db: PostgresHandle;

beforeAll(async () => {
  server = await sharedPostgres();
  // Fewer server connections than clients: transactions must hop between them.
  bouncer = await startPgBouncer(server, { poolSize: 3 });
  db = openPostgres(bouncer.url(await createMigratedDatabase(server)), { max: 12 });
});
afterAll(async () => {
  await db?.close();
  await bouncer?.stop();
  await server?.stop();
});

const now = "2026-11-23T20:00:00.000";

describe("through PgBouncer in transaction mode", () => {
  it("readiness, upserts and 40 concurrent multi-statement transactions all work", async () => {
    expect(await postgresReadiness(db)).toBe("ready");
    await seedPostgresEnums(db.db); // an upsert of every item, again: no duplicates
    expect((await db.db.select({ n: sql<number>`count(*)::int` }).from(enumItem))[0]!.n).toBeGreaterThan(50);

    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        db.db.transaction(async (tx) => {
          const [a] = await tx
            .insert(account)
            .values({ userId: `pooled-${i}`, createdAt: now, updatedAt: now })
            .returning({ id: account.accountId });
          const [p] = await tx
            .insert(person)
            .values({
              accountId: a!.id,
              accountPrimaryHolder: true,
              email: `p${i}@example.com`,
              createdAt: now,
              updatedAt: now,
            })
            .returning({ id: person.personId });
          await tx.update(account).set({ primaryAccountHolder: p!.id }).where(eq(account.accountId, a!.id));
          return { account: a!.id, person: p!.id };
        }),
      ),
    );
    const stored = await db.db.select({ id: account.accountId, holder: account.primaryAccountHolder }).from(account);
    expect(stored).toHaveLength(40);
    for (const r of results) expect(stored).toContainEqual({ id: r.account, holder: r.person });
  });

  it("a failed transaction rolls back whole, on whichever server connection it ran", async () => {
    const before = (await db.db.select({ n: sql<number>`count(*)::int` }).from(account))[0]!.n;
    await expect(
      db.db.transaction(async (tx) => {
        await tx.insert(account).values({ userId: "rolled-back", createdAt: now, updatedAt: now });
        await tx.insert(account).values({ userId: "rolled-back", createdAt: now, updatedAt: now }); // unique user_id
      }),
    ).rejects.toMatchObject({ cause: { code: "23505" } });
    expect((await db.db.select({ n: sql<number>`count(*)::int` }).from(account))[0]!.n).toBe(before);
  });

  it("named prepared statements are what breaks here (why the layer never uses them)", async () => {
    const named = db.db
      .select()
      .from(enumItem)
      .where(eq(enumItem.enumId, sql.placeholder("id")))
      .prepare("named_probe");
    const outcomes = await Promise.allSettled(
      Array.from({ length: 60 }, () => named.execute({ id: "strategy_type_founder" })),
    );
    const failures = outcomes.filter((o): o is PromiseRejectedResult => o.status === "rejected");
    expect(failures.length).toBeGreaterThan(0);
    expect(String((failures[0]!.reason as { cause?: Error }).cause?.message ?? failures[0]!.reason)).toMatch(
      /prepared statement "named_probe" (already exists|does not exist)/,
    );
  });
});
