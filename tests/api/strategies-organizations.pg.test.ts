// Strategies and organizations: the one-founder-strategy rule, §5 organization rules, and the
// notifications written when owners are linked and a foundation is submitted.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGES, timestampNow } from "../../server/src/contract/rules";
import { createTestApp, type TestApp } from "../support/app";
import { buildFounderData, completeEntry, type SignedUpFounder } from "../support/founders";
import { ORGANIZATION } from "../support/entry";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

/** A new founder with a bare strategy `s`, and `post`: a POST of ORGANIZATION for it with `change`. */
async function bareStrategy() {
  const f = await t.founder({ strategy: true });
  const s = f.strategyId!;
  const post = (change: object = {}) =>
    t.http
      .post("/api/organizations/")
      .set(f.auth)
      .send({ strategy_id: s, ...ORGANIZATION, ...change });
  return { f, s, post };
}

/** Approve: the foundation submitted with the attestation. */
const approve = (f: SignedUpFounder, strategyId: number) =>
  t.http.put(`/api/strategies/${strategyId}`).set(f.auth).send({ entry_completed_at: timestampNow(), attested: true });

describe("strategies", () => {
  it("refuses a second Founder Foundation strategy for the account", async () => {
    const f = await t.founder();
    const body = { account_id: f.accountId, strategy_type: "strategy_type_founder" };
    expect((await t.http.post("/api/strategies/").set(f.auth).send(body)).status).toBe(201);
    const second = await t.http.post("/api/strategies/").set(f.auth).send(body);
    expect(second.status).toBe(409);
    expect(second.body).toEqual({
      error: "conflict",
      message: "A Founder Foundation strategy already exists for this account",
      field: "strategy_type",
      request_id: expect.any(String),
    });
    expect((await t.http.get(`/api/strategies/strategy/account/${f.accountId}`).set(f.auth)).body).toHaveLength(1);
  });

  it("refuses an unknown strategy type", async () => {
    const f = await t.founder();
    const res = await t.http
      .post("/api/strategies/")
      .set(f.auth)
      .send({ account_id: f.accountId, strategy_type: "strategy_type_hedge" });
    expect(res.status).toBe(400);
    expect(res.body.field).toBe("strategy_type");
  });

  it("notifies once when the foundation is submitted (entry_completed_at set)", async () => {
    const f = await t.founder();
    const d = await buildFounderData(t, f);
    await completeEntry(t, f, d);
    expect((await approve(f, d.strategyId)).status).toBe(200);
    expect((await approve(f, d.strategyId)).status).toBe(409);
    const titles = (await t.http.get("/api/notifications/").set(f.auth)).body.map((n: { title: string }) => n.title);
    expect(titles.filter((x: string) => x === "Foundation submitted")).toHaveLength(1);
    const all = (await t.http.get("/api/notifications/").set(f.auth)).body;
    expect(all[0]).toMatchObject({
      title: "Foundation submitted",
      description: `${ORGANIZATION.name_1} was submitted for filing.`,
    });
  });

  it("rejects timestamps with a trailing Z (requirements §3)", async () => {
    const f = await t.founder();
    const d = await buildFounderData(t, f);
    const res = await t.http
      .put(`/api/strategies/${d.strategyId}`)
      .set(f.auth)
      .send({ entry_completed_at: new Date().toISOString(), attested: true });
    expect(res.status).toBe(400);
  });
});

describe("organizations", () => {
  it("requires both names to end in LLC and stay within 100 characters", async () => {
    const { post } = await bareStrategy();
    const noLlc = await post({ name_2: "Second choice" });
    expect(noLlc.body).toMatchObject({ field: "name_2", message: "name_2: Name must end with LLC" });
    const long = await post({ name_1: `${"A".repeat(98)} LLC` });
    expect(long.body).toMatchObject({
      field: "name_1",
      message: "name_1: Foundation name cannot exceed 100 characters",
    });
    // A name a state would register: no emoji, symbols or other scripts (docs/security.md, Free text).
    for (const name of ["\u{1F680} Rocket Giving LLC", "Rocket\u2122 Giving LLC", "Rocket Giving \u4E2D LLC"]) {
      const symbol = await post({ name_1: name });
      expect(symbol.status).toBe(400);
      expect(symbol.body).toMatchObject({ field: "name_1", message: `name_1: ${MESSAGES.legalName}` });
    }
    const lower = await post({
      name_1: "  Ada Giving llc ",
      name_2: "Zoë & O’Brien, (Dover) Giving LLC",
    });
    expect(lower.status).toBe(201);
    expect(lower.body.name_1).toBe("Ada Giving llc");
    const again = await post();
    expect(again.status).toBe(409);
  });

  it("needs a name before LLC in both choices, and two different choices (case and spaces aside)", async () => {
    const { post } = await bareStrategy();
    for (const [body, field, message] of [
      [{ name_1: "LLC" }, "name_1", MESSAGES.llcNameBefore],
      [{ name_2: " llc" }, "name_2", MESSAGES.llcNameBefore],
      [{ name_1: ", LLC" }, "name_1", MESSAGES.llcNameBefore],
      [{ name_1: "Acme Giving llc", name_2: "Acme  Giving LLC" }, "name_2", MESSAGES.sameNames],
    ] as const) {
      const res = await post(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toMatchObject({ field, message: `${field}: ${message}` });
    }
    const f = await t.founder();
    const d = await buildFounderData(t, f);
    const before = (await t.http.get(`/api/organizations/${d.organizationId}`).set(f.auth)).body;
    const renamed = await t.http
      .put(`/api/organizations/${d.organizationId}`)
      .set(f.auth)
      .send({ ...ORGANIZATION, name_2: ORGANIZATION.name_1.toUpperCase() });
    expect(renamed.body).toMatchObject({ field: "name_2", message: `name_2: ${MESSAGES.sameNames}` });
    expect((await t.http.get(`/api/organizations/${d.organizationId}`).set(f.auth)).body).toEqual(before);
  });

  it("only accepts Delaware or null as the registered state", async () => {
    const { post } = await bareStrategy();
    const res = await post({ registered_state: "us_state_nevada" });
    expect(res.body.field).toBe("registered_state");
    const none = await post({ registered_state: null });
    expect(none.body.registered_state).toBeNull();
  });

  it("requires a custodian with a DAF, a known custodian, and a non-empty custom name", async () => {
    const f = await t.founder();
    const d = await buildFounderData(t, f);
    const put = (body: object) =>
      t.http
        .put(`/api/organizations/${d.organizationId}`)
        .set(f.auth)
        .send({ ...ORGANIZATION, ...body });
    expect((await put({ donor_advised_fund: "Investor's Philanthropic", custodian: null })).body).toMatchObject({
      field: "custodian",
      message: "custodian: Required",
    });
    expect((await put({ donor_advised_fund: "My Fund", custodian: "custodian_nobody" })).body.field).toBe("custodian");
    expect((await put({ donor_advised_fund: "", custodian: "custodian_vanguard" })).body.field).toBe(
      "donor_advised_fund",
    );
    expect((await put({ donor_advised_fund: "x".repeat(101), custodian: "custodian_vanguard" })).body.field).toBe(
      "donor_advised_fund",
    );
    const ok = await put({ donor_advised_fund: "Lovelace Family Fund", custodian: "custodian_vanguard" });
    expect(ok.body).toMatchObject({ donor_advised_fund: "Lovelace Family Fund", custodian: "custodian_vanguard" });
    // Leaving the DAF fields out keeps them; clearing only the custodian of a DAF is refused.
    const kept = await put({ itg_as_registered_agent: false });
    expect(kept.body).toMatchObject({
      itg_as_registered_agent: false,
      donor_advised_fund: "Lovelace Family Fund",
      custodian: "custodian_vanguard",
    });
    expect((await put({ custodian: null })).body).toMatchObject({ field: "custodian" });
  });

  it("links owners of the same account only, refuses duplicates, and adds no second 'Owner added' (the owner's creation wrote it)", async () => {
    const f = await t.founder();
    const d = await buildFounderData(t, f);
    const other = await t.founder();
    const o = await buildFounderData(t, other);
    const foreignPerson = await t.http
      .post("/api/organization_users/")
      .set(f.auth)
      .send({ organization_id: d.organizationId, person_id: o.addonId, primary_holder: false });
    expect(foreignPerson.status).toBe(404);
    const before = (await t.http.get("/api/notifications/").set(f.auth)).body.length;
    const link = { organization_id: d.organizationId, person_id: d.addonId, primary_holder: false };
    expect((await t.http.post("/api/organization_users/").set(f.auth).send(link)).status).toBe(201);
    expect((await t.http.post("/api/organization_users/").set(f.auth).send(link)).status).toBe(409);
    const after = (await t.http.get("/api/notifications/").set(f.auth)).body as { title: string }[];
    expect(after).toHaveLength(before);
    // One owner added, one notice: written when the add-on owner was created.
    expect(after.filter((n) => n.title === "Owner added")).toHaveLength(1);
    expect((await t.http.delete(`/api/organization_users/${d.addonId}/${d.organizationId}`).set(f.auth)).status).toBe(
      200,
    );
    expect((await t.http.delete(`/api/organization_users/${d.addonId}/${d.organizationId}`).set(f.auth)).status).toBe(
      404,
    );
  });

  it("answers 200 null for a strategy of the caller without an organization yet (a new founder's step 1), 404 for no such strategy", async () => {
    const { f, s } = await bareStrategy();
    const res = await t.http.get(`/api/organizations/by_strategy/${s}`).set(f.auth);
    expect(res.status).toBe(200);
    expect(res.body).toBeNull();
    expect(res.headers["content-type"]).toMatch(/^application\/json/);
    expect((await t.http.get(`/api/organizations/by_strategy/999999`).set(f.auth)).status).toBe(404);
  });
});
