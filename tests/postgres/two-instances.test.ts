// Two app instances on one PostgreSQL database (docs/deploying.md, Several instances): a write
// through one is read through the other at once. The reads go through all_data, the answer each
// instance caches until the database changes (on Postgres: until its snapshot moves,
// db/change-stamp.ts). Were the cache blind to the other instance's commits, the read after its
// write would be stale and this test would fail (checked with a stamp that never moves:
// 'Wilmington' served instead of 'Dover').
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestApp, type TestApp } from "../support/app";
import { type ApiFounder as Founder } from "../support/founders";
import { PROFILE } from "../support/entry";

let a: TestApp;
let b: TestApp;
let founder: Founder;
let personId: number;

beforeAll(async () => {
  a = await createTestApp({}, { engine: "postgres" });
  b = await createTestApp({}, { engine: "postgres", instanceOf: a });
  founder = await a.founder();
  const created = await a.http
    .post("/api/persons/")
    .set(founder.auth)
    .send({ account_id: founder.accountId, account_primary_holder: true, ...PROFILE });
  expect(created.status).toBe(201);
  personId = created.body.person_id as number;
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

const textOf = (q: unknown) => String(typeof q === "string" ? q : (q as { text: string }).text);
/** The statements the spied clients were sent, by their first word. */
const sent = (query: { mock: { calls: unknown[][] } }) =>
  query.mock.calls.map(([q]) => textOf(q).split(" ")[0]!.toLowerCase());

const cityIn = async (t: TestApp) => {
  const res = await t.http.get(`/api/accounts/${founder.accountId}/all_data`).set(founder.auth);
  expect(res.status).toBe(200);
  return (res.body as { persons: { person_id: number; city: string }[] }).persons.find((p) => p.person_id === personId)
    ?.city;
};

describe("two instances on one Postgres", () => {
  it("both run on Postgres, on the same database", () => {
    expect([a.app.db.engine, b.app.db.engine]).toEqual(["postgres", "postgres"]);
    expect(b.database).toBe(a.database);
  });

  it("a write through one is read through the other at once, each way, even right after a read there", async () => {
    for (const [writer, reader, city] of [
      [a, b, "Dover"],
      [b, a, "Lewes"],
      [a, b, "Milford"],
      [b, a, "Newark"],
    ] as const) {
      await cityIn(reader); // the reader has just answered all_data (a cache would now hold it)
      const put = await writer.http.patch(`/api/persons/${personId}`).set(founder.auth).send({ city });
      expect(put.status).toBe(200);
      expect(await cityIn(reader)).toBe(city);
    }
  });

  it("a founder's saves alternating between the instances (round robin) take the same two round trips each", async () => {
    for (const t of [a, b]) await cityIn(t); // each instance has looked the caller's account up once
    const query = vi.spyOn(pg.Client.prototype, "query");
    try {
      for (const [i, t] of [a, b, a, b].entries()) {
        query.mockClear();
        const put = await t.http
          .patch(`/api/persons/${personId}`)
          .set(founder.auth)
          .send({ city: `Round ${i}` });
        expect(put.status).toBe(200);
        // The unlocked read, then the UPDATE that holds only while the row is as read, with its audit row.
        expect(sent(query)).toEqual(["select", "with"]);
        const [audit] = await t.database.query<{ at: string }>(
          "SELECT at FROM audit_event WHERE entity_id = ? ORDER BY audit_id DESC LIMIT 1",
          personId,
        );
        expect(audit?.at).toBe(put.body.updated_at);
      }
    } finally {
      query.mockRestore();
    }
  });

  it("a save whose person the other instance wrote between its read and its write takes the locked transaction", async () => {
    const original = pg.Client.prototype.query;
    let interfered = false;
    const query = vi.spyOn(pg.Client.prototype, "query").mockImplementation(function (this: pg.Client, ...args) {
      const text = textOf(args[0]);
      if (interfered || !text.startsWith('with "written"')) return original.apply(this, args as never);
      interfered = true;
      return (async () => {
        const other = await b.http.patch(`/api/persons/${personId}`).set(founder.auth).send({ phone: "3025550199" });
        expect(other.status).toBe(200);
        return original.apply(this, args as never);
      })() as never;
    });
    // Outside a transaction drizzle sends through the pool, whose promise carries the statement's outcome.
    const poolQuery = vi.spyOn(pg.Pool.prototype, "query");
    let put;
    try {
      put = await a.http.patch(`/api/persons/${personId}`).set(founder.auth).send({ city: "Smyrna" });
      expect(put.status).toBe(200);
      // Read again under the lock: the other save's phone is kept and answered.
      expect(put.body).toMatchObject({ city: "Smyrna", phone: "3025550199" });
      expect(sent(query)).toEqual([
        "select",
        "with",
        "select",
        "with",
        "begin",
        "select",
        "update",
        "insert",
        "commit",
      ]);
      // The stale write answers no row rather than failing (a failed statement is an ERROR in Postgres's log).
      const versioned = poolQuery.mock.calls.flatMap(([q], i) =>
        textOf(q).startsWith('with "written"') ? [poolQuery.mock.settledResults[i]] : [],
      );
      expect(versioned.map((r) => [r?.type, (r?.value as pg.QueryResult | undefined)?.rowCount])).toEqual([
        ["fulfilled", 0],
        ["fulfilled", 1],
      ]);
    } finally {
      query.mockRestore();
      poolQuery.mockRestore();
    }
    // One audit row each, the save's at the time it wrote.
    const audits = await a.database.query<{ fields: string; at: string }>(
      "SELECT fields, at FROM audit_event WHERE entity_id = ? AND action = 'person.update' ORDER BY audit_id DESC LIMIT 2",
      personId,
    );
    expect(audits.map((r) => r.fields)).toEqual(['["city"]', '["phone"]']);
    expect(audits[0]!.at).toBe(put.body.updated_at);
  });

  it("an account created through one instance is found by the other; a person deleted through one is gone in the other", async () => {
    const other = await b.founder(); // its account is created through b
    const viaA = await a.http.get(`/api/accounts/user/${other.userId}`).set(other.auth);
    expect(viaA.body.account_id).toBe(other.accountId);
    const addon = await a.http.post("/api/persons/").set(other.auth).send({
      account_id: other.accountId,
      account_primary_holder: false,
      is_addon: true,
      email: "two-instances@example.com",
    });
    expect(addon.status).toBe(201);
    expect((await b.http.get(`/api/persons/${addon.body.person_id}`).set(other.auth)).status).toBe(200);
    expect((await b.http.delete(`/api/persons/${addon.body.person_id}`).set(other.auth)).status).toBe(200);
    expect((await a.http.get(`/api/persons/${addon.body.person_id}`).set(other.auth)).status).toBe(404);
  });
});
