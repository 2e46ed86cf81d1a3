// Inputs the database cannot hold, and rows it already holds: an id outside the integer column's range
// is a 400 (never a 500 from PostgreSQL's 22003), and a row stored before today's input rules (a name
// with a character the free-text rule now refuses, a birth date now over 120 years ago, an enum id
// of another category, a timestamp in another form) stays readable, as stored.
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

describe("rows stored before today's input rules stay readable", () => {
  /** A verified founder whose stored name and birth date today's input rules would refuse. */
  async function legacyFounder() {
    const f = await t.founder();
    const d = await buildFounderData(t, f);
    await t.database.query(
      "UPDATE person SET first_name = ?, last_name = ?, dob = ?, sumsub_review_answer = ?, sumsub_completed_at = ? WHERE person_id = ?",
      "Ada\u202E",
      "L".repeat(80),
      "1900-01-01",
      "GREEN",
      "2020-01-01T00:00:00.000",
      d.personId,
    );
    await t.database.query(
      "UPDATE organization SET name_1 = ?, name_2 = ? WHERE organization_id = ?",
      "\u{1F680} Rocket Giving LLC",
      "Rocket\u0007 Giving",
      d.organizationId,
    );
    await t.database.query("UPDATE account SET ria_risk_score = ? WHERE account_id = ?", 9, f.accountId);
    return { f, d };
  }

  it("the founder reads the person, the organization and all_data as stored", async () => {
    const { f, d } = await legacyFounder();
    const person = await t.http.get(`/api/persons/${d.personId}`).set(f.auth);
    expect(person.status).toBe(200);
    expect(person.body).toMatchObject({ first_name: "Ada\u202E", last_name: "L".repeat(80), dob: "1900-01-01" });
    const org = await t.http.get(`/api/organizations/${d.organizationId}`).set(f.auth);
    expect(org.status).toBe(200);
    expect(org.body).toMatchObject({ name_1: "\u{1F680} Rocket Giving LLC", name_2: "Rocket\u0007 Giving" });
    const all = await t.http.get(`/api/accounts/${f.accountId}/all_data`).set(f.auth);
    expect(all.status).toBe(200);
    expect(all.body.account).toMatchObject({ ria_risk_score: 9, primary_account_holder: { dob: "1900-01-01" } });
  });

  it("staff read it too", async () => {
    const { f, d } = await legacyFounder();
    const staff = await t.founder({ roles: ["admin"] });
    expect((await t.http.get(`/api/accounts/${f.accountId}/all_data`).set(staff.auth)).status).toBe(200);
    expect((await t.http.get(`/api/persons/by_account/${f.accountId}`).set(staff.auth)).status).toBe(200);
    expect((await t.http.get(`/api/persons/${d.personId}`).set(staff.auth)).status).toBe(200);
  });

  it("writes still meet today's rules, and the SSN still leaves masked", async () => {
    const { f, d } = await legacyFounder();
    const write = await t.http.patch(`/api/persons/${d.personId}`).set(f.auth).send({ first_name: "Ada\u202E" });
    expect(write.status).toBe(400);
    const person = await t.http.get(`/api/persons/${d.personId}`).set(f.auth);
    expect(person.body.ssn).toMatch(/^\*\*\*-\*\*-\d{4}$/);
  });
});

describe("every value a column can hold is readable again", () => {
  // Each written straight into the database: what the columns (text, or an enum id of any category) admit.
  it.each([
    ["organization", "registered_state", "us_state_texas"],
    ["organization", "custodian", "marital_status_single"],
    ["person", "sumsub_completed_at", "2026-11-01T10:00:00Z"],
    ["person", "created_at", "2020-01-01 00:00:00"],
    ["organization", "created_at", "2020-01-01 00:00:00"],
  ] as const)("%s.%s = %s: person, organization and all_data answer 200 with it", async (table, column, value) => {
    const f = await t.founder();
    const d = await buildFounderData(t, f);
    const id = table === "person" ? d.personId : d.organizationId;
    await t.database.query(`UPDATE ${table} SET ${column} = ? WHERE ${table}_id = ?`, value, id);
    const person = await t.http.get(`/api/persons/${d.personId}`).set(f.auth);
    const org = await t.http.get(`/api/organizations/${d.organizationId}`).set(f.auth);
    const all = await t.http.get(`/api/accounts/${f.accountId}/all_data`).set(f.auth);
    expect([person.status, org.status, all.status]).toEqual([200, 200, 200]);
    expect((table === "person" ? person : org).body[column]).toBe(value);
    const rows = table === "person" ? all.body.persons : all.body.organizations;
    expect(rows.find((r: Record<string, unknown>) => r[`${table}_id`] === id)[column]).toBe(value);
  });
});
