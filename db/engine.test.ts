// The engine adapter on both engines: the same calls give the same values, transactions are all or
// nothing, and on SQLite another request's statement never lands inside an open transaction.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { openDatabase } from "./client";
import { openPostgres } from "./postgres";
import {
  databaseFailureOf,
  prepared,
  preparedWrite,
  sqliteAppDb,
  postgresAppDb,
  type AppDb,
  type Executor,
} from "./engine";
import { createMigratedDatabase, startPostgres, type PostgresServer } from "../tests/support/postgres";

const NOW = "2026-11-23T20:00:00.000";
let server: PostgresServer;
/** The Postgres database under test, which a second pool (a second instance) also opens. */
let databaseName: string;
const engines: Record<"sqlite" | "postgres", AppDb> = {} as never;

beforeAll(async () => {
  const file = openDatabase(":memory:");
  engines.sqlite = sqliteAppDb(file.db, () => file.close());
  // A server of its own, not the run's shared one: the Postgres change stamp is the cluster's
  // snapshot, which other test files writing to their databases in parallel would move.
  server = await startPostgres();
  databaseName = await createMigratedDatabase(server);
  const pg = openPostgres(server.url(databaseName), { max: 4 });
  engines.postgres = postgresAppDb(pg.db, () => pg.close());
});
afterAll(async () => {
  await engines.sqlite?.close();
  await engines.postgres?.close();
  await server?.stop();
});

const addAccount = (db: Executor, userId: string) =>
  db.get(db.q.insert(db.t.account).values({ userId, createdAt: NOW, updatedAt: NOW }).returning());
const accountCount = async (db: AppDb, userIds: string[]) => {
  const rows = await db.all(db.q.select({ id: db.t.account.userId }).from(db.t.account));
  return rows.filter((r) => userIds.includes(r.id)).length;
};
const byUser = prepared((q, { account }) =>
  q
    .select()
    .from(account)
    .where(eq(account.userId, sql.placeholder("userId"))),
);
const renameUser = preparedWrite((q, { account }) =>
  q
    .update(account)
    .set({ userId: sql`${sql.placeholder("to")}`, updatedAt: sql`${sql.placeholder("at")}` })
    .where(eq(account.userId, sql.placeholder("from"))),
);
const insertAccount = preparedWrite((q, { account }) =>
  q
    .insert(account)
    .values({ userId: sql.placeholder("userId"), createdAt: sql.placeholder("at"), updatedAt: sql.placeholder("at") }),
);

describe.each(["sqlite", "postgres"] as const)("on %s", (engine) => {
  const db = () => engines[engine];

  it("RETURNING, rows written, booleans and text timestamps read back the same", async () => {
    const a = await addAccount(db(), `${engine}-a`);
    expect(a).toMatchObject({ userId: `${engine}-a`, createdAt: NOW, primaryAccountHolder: null });
    const { person } = db().t;
    const p = await db().get(
      db()
        .q.insert(person)
        .values({ accountId: a!.accountId, isAddon: true, createdAt: NOW, updatedAt: NOW })
        .returning(),
    );
    expect(p).toMatchObject({ isAddon: true, accountPrimaryHolder: false });
    expect(await db().run(db().q.update(person).set({ city: "Dover" }).where(eq(person.accountId, a!.accountId)))).toBe(
      1,
    );
    expect(await db().run(db().q.update(person).set({ city: "Dover" }).where(eq(person.accountId, -1)))).toBe(0);
    // An upsert that does nothing on a taken key.
    await db().run(
      db()
        .q.insert(db().t.account)
        .values({ userId: `${engine}-a`, createdAt: NOW, updatedAt: NOW })
        .onConflictDoNothing({ target: db().t.account.userId }),
    );
    expect(await accountCount(db(), [`${engine}-a`])).toBe(1);
  });

  it("a statement built once runs with different values, inside and outside a transaction", async () => {
    await addAccount(db(), `${engine}-p1`);
    expect((await byUser.get(db(), { userId: `${engine}-p1` }))?.userId).toBe(`${engine}-p1`);
    expect(await byUser.get(db(), { userId: "nobody" })).toBeUndefined();
    await db().transaction(async (tx) => {
      await addAccount(tx, `${engine}-p2`);
      // The transaction sees its own uncommitted row through the prepared statement.
      expect(await byUser.all(tx, { userId: `${engine}-p2` })).toHaveLength(1);
    });
  });

  it("a transaction is all or nothing", async () => {
    await expect(
      db().transaction(async (tx) => {
        await addAccount(tx, `${engine}-t1`);
        throw new Error("abort");
      }),
    ).rejects.toThrow("abort");
    expect(await accountCount(db(), [`${engine}-t1`])).toBe(0);
    await db().transaction(async (tx) => void (await addAccount(tx, `${engine}-t2`)));
    expect(await accountCount(db(), [`${engine}-t2`])).toBe(1);
  });

  it("another request's write while a transaction is open is neither inside it nor lost with it", async () => {
    let opened!: () => void;
    const isOpen = new Promise<void>((r) => (opened = r));
    const tx = db().transaction(async (t) => {
      await addAccount(t, `${engine}-rolled-back`);
      opened();
      await new Promise((r) => setTimeout(r, 50)); // other requests run meanwhile
      throw new Error("abort");
    });
    await isOpen;
    const outside = addAccount(db(), `${engine}-outside`);
    await expect(tx).rejects.toThrow("abort");
    await outside;
    expect(await accountCount(db(), [`${engine}-rolled-back`])).toBe(0);
    expect(await accountCount(db(), [`${engine}-outside`])).toBe(1);
  });

  it("a prepared write counts its rows, and inside a transaction that fails it is rolled back with it", async () => {
    await addAccount(db(), `${engine}-w1`);
    expect(await renameUser.run(db(), { from: `${engine}-none`, to: `${engine}-none2`, at: NOW })).toBe(0);
    const failed = await db()
      .transaction(async (tx) => {
        expect(await renameUser.run(tx, { from: `${engine}-w1`, to: `${engine}-w1b`, at: NOW })).toBe(1);
        await insertAccount.run(tx, { userId: `${engine}-w1b`, at: NOW });
      })
      .catch((e: unknown) => e);
    expect(databaseFailureOf(failed)).toBe("unique");
    expect(await accountCount(db(), [`${engine}-w1`, `${engine}-w1b`])).toBe(1);
    expect((await byUser.get(db(), { userId: `${engine}-w1` }))?.userId).toBe(`${engine}-w1`);
    await expect(renameUser.run(db(), { from: "x", to: "y" })).rejects.toThrow(/placeholder/);
  });

  it("sums a number inside a JSON text column", async () => {
    const { auditEvent } = db().t;
    const row = {
      at: NOW,
      accountId: 990,
      actorType: "user" as const,
      actorId: "u",
      action: "owner_mail.send",
      entityType: "person",
      fields: "[]",
      route: "r",
    };
    await db().run(
      db()
        .q.insert(auditEvent)
        .values([
          { ...row, detail: JSON.stringify({ mailed: 2 }) },
          { ...row, detail: JSON.stringify({ mailed: 3 }) },
        ]),
    );
    const r = await db().get(
      db()
        .q.select({ total: db().sumJsonNumber(auditEvent.detail, "mailed") })
        .from(auditEvent)
        .where(eq(auditEvent.accountId, 990)),
    );
    expect(Number(r?.total)).toBe(5);
  });

  it("names a taken unique key and a missing referenced row the same way", async () => {
    const unique = await addAccount(db(), `${engine}-a`).catch((e: unknown) => e);
    expect(databaseFailureOf(unique)).toBe("unique");
    const { person } = db().t;
    const missing = await db()
      .run(db().q.insert(person).values({ accountId: 999_999, createdAt: NOW, updatedAt: NOW }))
      .catch((e: unknown) => e);
    expect(databaseFailureOf(missing)).toBe("constraint");
  });

  it("names an id outside the integer column's range (Postgres 22003; SQLite's integers are 64-bit)", async () => {
    const { account } = db().t;
    const outcome = await db()
      .get(db().q.select().from(account).where(eq(account.accountId, 2_147_483_648)))
      .catch((e: unknown) => e);
    if (engine === "postgres") expect(databaseFailureOf(outcome)).toBe("out_of_range");
    else expect(outcome).toBeUndefined();
  });
});

describe("what differs, and is meant to", () => {
  it.each(["sqlite", "postgres"] as const)(
    "%s: the change stamp holds while nothing is written and moves on a write",
    async (engine) => {
      const db = engines[engine];
      const s = await db.changeStamp();
      await accountCount(db, ["nobody"]); // reads change nothing
      await db.readConsistently((view) => view.all(view.q.select().from(view.t.account)));
      expect(await db.changeStamp()).toBe(s);
      await addAccount(db, `${engine}-stamp`);
      expect(await db.changeStamp()).not.toBe(s);
    },
  );

  it("Postgres: a commit through another pool (another instance) moves the stamp; a rolled-back write also does, harmlessly", async () => {
    const other = openPostgres(server.url(databaseName), { max: 1 });
    try {
      const before = await engines.postgres.changeStamp();
      const client = await other.pool.connect();
      try {
        await client.query("BEGIN");
        await client.query("INSERT INTO account (user_id, created_at, updated_at) VALUES ('other-instance', $1, $1)", [
          NOW,
        ]);
        await client.query("COMMIT");
      } finally {
        client.release();
      }
      const afterCommit = await engines.postgres.changeStamp();
      expect(afterCommit).not.toBe(before);
      expect(await engines.postgres.changeStamp()).toBe(afterCommit);
    } finally {
      await other.close();
    }
  });

  it("a Postgres transaction's drizzle sets up no relational queries (the app uses none; they were built per transaction)", async () => {
    const relational = await engines.postgres.transaction(async (tx) =>
      Object.keys((tx.q as unknown as { query: object }).query),
    );
    expect(relational).toEqual([]);
  });

  it("a Postgres server that cannot be reached is 'unavailable'", async () => {
    const gone = openPostgres("postgres://nobody@127.0.0.1:1/none", { max: 1 });
    const err = await gone.pool.query("SELECT 1").catch((e: unknown) => e);
    await gone.close();
    expect(databaseFailureOf(err)).toBe("unavailable");
  });
});
