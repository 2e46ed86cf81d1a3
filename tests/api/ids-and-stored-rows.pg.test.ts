// Inputs the database cannot hold, and rows it already holds: an id outside the integer column's range
// is a 400 (never a 500 from PostgreSQL's 22003), and a row stored before today's input rules (a name
// with a character the free-text rule now refuses, a birth date now over 120 years ago) stays readable.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../support/app";
import { buildFounderData } from "../support/founders";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const ABOVE_INT4 = 2_147_483_648;

describe("ids outside 1..2^31-1", () => {
  it.each([
    ["GET", `/api/persons/${ABOVE_INT4}`],
    ["GET", `/api/strategies/${ABOVE_INT4}`],
    ["GET", `/api/organizations/${ABOVE_INT4}`],
    ["GET", `/api/persons/by_account/${ABOVE_INT4}`],
    ["GET", `/api/persons/99999999999999999999`],
  ] as const)("%s %s → 400 naming the param", async (_method, url) => {
    const f = await t.founder();
    const res = await t.http.get(url).set(f.auth);
    expect(res.status).toBe(400);
    // The contract refuses it (naming the param), not the database.
    expect(res.body).toMatchObject({ error: "bad_request", field: expect.stringMatching(/Id$/) });
  });

  it("the audit trail's cursor too, for the founder and for staff", async () => {
    const f = await t.founder();
    const own = await t.http.get(`/api/accounts/${f.accountId}/audit?before=${ABOVE_INT4}`).set(f.auth);
    expect(own.status).toBe(400);
    expect(own.body).toMatchObject({ error: "bad_request", field: expect.stringContaining("before") });
    const staff = await t.founder({ roles: ["admin"] });
    expect((await t.http.get(`/api/audit?before=${ABOVE_INT4}`).set(staff.auth)).status).toBe(400);
    expect((await t.http.get(`/api/audit?account_id=${ABOVE_INT4}`).set(staff.auth)).status).toBe(400);
  });

  it("ids in bodies too; the largest id is still a valid request (404: no such record)", async () => {
    const f = await t.founder();
    const body = await t.http.post("/api/strategies/").set(f.auth).send({
      account_id: ABOVE_INT4,
      strategy_type: "strategy_type_founder",
    });
    expect(body.status).toBe(400);
    const mails = await t.http.post("/api/sumsub/send_sumsub_emails").set(f.auth).send([ABOVE_INT4]);
    expect(mails.status).toBe(400);
    expect((await t.http.get(`/api/persons/${ABOVE_INT4 - 1}`).set(f.auth)).status).toBe(404);
  });

  it("a valid request is unchanged", async () => {
    const f = await t.founder();
    const d = await buildFounderData(t, f);
    expect((await t.http.get(`/api/persons/${d.personId}`).set(f.auth)).status).toBe(200);
    expect((await t.http.get(`/api/accounts/${f.accountId}/audit?before=${ABOVE_INT4 - 1}`).set(f.auth)).status).toBe(
      200,
    );
  });
});
