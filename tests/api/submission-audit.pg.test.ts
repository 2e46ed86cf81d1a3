// The record's rules over HTTP (docs/architecture.md, The record's rules): submission is the
// server's decision (complete entry only, server time, once), what was filed is fixed, writes after
// submission need role user, and the audit trail: one row per accepted change, none for a refusal,
// no values, append-only, readable by owner and staff. Every refusal is checked against the
// database afterwards.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../support/app";
import {
  buildFounderData,
  completeEntry,
  postIdentityResult,
  type ApiFounder as Founder,
  type FounderData,
} from "../support/founders";
import { DAF_CHOICE, ORGANIZATION, PROFILE, RIA_ANSWERS } from "../support/entry";
import { timestampNow } from "../../server/src/contract/rules";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const auditCount = async (accountId: number) =>
  Number(
    (await t.database.query<{ n: unknown }>("select count(*) n from audit_event where account_id = ?", accountId))[0]!
      .n,
  );
const auditRows = (accountId: number) =>
  t.database.query<{
    action: string;
    fields: string;
    route: string;
    actor_type: string;
    actor_id: string;
    detail: string | null;
  }>("select * from audit_event where account_id = ? order by audit_id", accountId);
/** Everything of an account that a refusal must leave as it was (audit rows included). */
async function dump(accountId: number) {
  const q = async (s: string) => (await t.database.query(s, accountId)).map((r) => JSON.stringify(r)).sort();
  return {
    account: await q("select * from account where account_id = ?"),
    persons: await q("select * from person where account_id = ?"),
    strategies: await q("select * from strategy where account_id = ?"),
    organizations: await q("select o.* from organization o join strategy s using (strategy_id) where s.account_id = ?"),
    links: await q("select ou.* from organization_user ou join person p using (person_id) where p.account_id = ?"),
    notifications: await q("select * from notification where account_id = ?"),
    audit: await q("select * from audit_event where account_id = ?"),
  };
}

async function built(): Promise<{ f: Founder; d: FounderData }> {
  const f = await t.founder();
  return { f, d: await buildFounderData(t, f) };
}
const approve = (f: Founder, strategyId: number, entry_completed_at: string | null = "2020-01-01T00:00:00") =>
  t.http.put(`/api/strategies/${strategyId}`).set(f.auth).send({ entry_completed_at, attested: true });

describe("Approve: submission is the server's decision", () => {
  it("refuses an entry with nothing in it, naming everything missing, and changes nothing", async () => {
    const f = await t.founder();
    const s = (
      await t.http
        .post("/api/strategies/")
        .set(f.auth)
        .send({ account_id: f.accountId, strategy_type: "strategy_type_founder" })
    ).body.strategy_id;
    const before = await dump(f.accountId);
    const res = await approve(f, s);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      error: "incomplete_entry",
      message: expect.stringContaining("The entry is not complete"),
      missing: ["organization", "primary_holder"],
      request_id: expect.any(String),
    });
    expect(await dump(f.accountId)).toEqual(before);
  });

  it("names each missing piece until the entry is complete: identity check, DAF, custodian, a profile field", async () => {
    const { f, d } = await built();
    expect((await approve(f, d.strategyId)).body.missing).toEqual([
      "primary_holder.identity_check",
      "organization.donor_advised_fund",
      "organization.custodian",
    ]);
    await completeEntry(t, f, d);
    // A blank profile field cannot be saved through the API (400); one missing from the start can.
    await t.database.query("update person set zip = null where person_id = ?", d.personId);
    const before = await dump(f.accountId);
    const res = await approve(f, d.strategyId);
    expect(res.status).toBe(409);
    expect(res.body.missing).toEqual(["primary_holder.zip"]);
    expect(await dump(f.accountId)).toEqual(before);
  });

  it("a RED identity check is not a completed one", async () => {
    const { f, d } = await built();
    await completeEntry(t, f, d);
    expect((await postIdentityResult(t, d.personId, "RED")).status).toBe(200);
    expect((await approve(f, d.strategyId)).body).toMatchObject({
      error: "incomplete_entry",
      missing: ["primary_holder.identity_check"],
    });
  });

  it("a complete entry is submitted once, at the server's time (a client time, past or future, is not stored), with one audit row", async () => {
    const { f, d } = await built();
    await completeEntry(t, f, d);
    const auditBefore = await auditCount(f.accountId);
    const started = Date.now();
    const res = await approve(f, d.strategyId, "2099-01-01T00:00:00");
    expect(res.status).toBe(200);
    const stamped = Date.parse(`${res.body.entry_completed_at}Z`);
    expect(stamped).toBeGreaterThanOrEqual(started - 5);
    expect(stamped).toBeLessThanOrEqual(Date.now() + 5);
    const rows = (await auditRows(f.accountId)).slice(auditBefore);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      action: "strategy.submit",
      fields: '["entry_completed_at","attested"]',
      route: "PUT /api/strategies/:strategyId",
      actor_type: "user",
      actor_id: f.userId,
    });

    // No re-stamp, no un-submit: 409 already_submitted, nothing changed.
    const before = await dump(f.accountId);
    for (const value of ["2020-01-01T00:00:00", null]) {
      const again = await approve(f, d.strategyId, value);
      expect(again.status).toBe(409);
      expect(again.body).toMatchObject({ error: "already_submitted", message: expect.any(String) });
    }
    expect(await dump(f.accountId)).toEqual(before);
  });

  it.each([
    ["without attested", {}],
    ["with attested: false", { attested: false }],
    ['with attested: "true" (a string)', { attested: "true" }],
  ])("a complete entry %s → 400 naming attested, nothing submitted (docs/decisions/0096)", async (_, extra) => {
    const { f, d } = await built();
    await completeEntry(t, f, d);
    const before = await dump(f.accountId);
    const res = await t.http
      .put(`/api/strategies/${d.strategyId}`)
      .set(f.auth)
      .send({ entry_completed_at: timestampNow(), ...extra });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: "bad_request", field: "attested" });
    expect(await dump(f.accountId)).toEqual(before);
    // The same call with the attestation submits.
    expect((await approve(f, d.strategyId)).status).toBe(200);
  });

  it("a null before submission changes nothing and is not submitted", async () => {
    const { f, d } = await built();
    const before = await dump(f.accountId);
    const res = await approve(f, d.strategyId, null);
    expect(res.status).toBe(200);
    expect(res.body.entry_completed_at).toBeNull();
    expect(await dump(f.accountId)).toEqual(before);
  });

  it("keeps a no-token (401), wrong-owner (404) and malformed-body (400) case, each changing nothing", async () => {
    const { f, d } = await built();
    await completeEntry(t, f, d);
    const other = await t.founder();
    const before = await dump(f.accountId);
    expect((await t.http.put(`/api/strategies/${d.strategyId}`).send({ entry_completed_at: null })).status).toBe(401);
    const foreign = await approve(other, d.strategyId);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual({ error: "not_found", message: expect.any(String), request_id: expect.any(String) });
    const bad = await t.http
      .put(`/api/strategies/${d.strategyId}`)
      .set(f.auth)
      .send({ entry_completed_at: "yesterday", attested: true });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ error: "bad_request", field: "entry_completed_at" });
    expect(await dump(f.accountId)).toEqual(before);
  });
});

describe("after submission", () => {
  async function submitted() {
    const { f, d } = await built();
    await completeEntry(t, f, d);
    expect((await approve(f, d.strategyId)).status).toBe(200);
    // The same session's token without role user in its claims (e.g. onboarding only).
    const noRole = {
      Authorization: `Bearer ${await t.auth.resign(f.token, { app_metadata: { provider: "email", providers: ["email"], roles: ["onboarding"] } })}`,
    };
    return { f, d, noRole };
  }

  it("writes to the record need role user: 403 Forbidden for every write route, nothing written", async () => {
    const { f, d, noRole } = await submitted();
    const before = await dump(f.accountId);
    const writes = [
      t.http.patch(`/api/persons/${d.personId}`).set(noRole).send({ city: "Dover" }),
      t.http
        .put(`/api/persons/${d.personId}`)
        .set(noRole)
        .send({ ...PROFILE, email: null }),
      t.http
        .post("/api/persons/")
        .set(noRole)
        .send({ account_id: f.accountId, account_primary_holder: false, is_addon: true, email: "late@example.com" }),
      t.http.delete(`/api/persons/${d.addonId}`).set(noRole),
      t.http
        .put(`/api/organizations/${d.organizationId}`)
        .set(noRole)
        .send({ ...ORGANIZATION, ...DAF_CHOICE, itg_as_registered_agent: false }),
      t.http
        .post("/api/organization_users/")
        .set(noRole)
        .send({ organization_id: d.organizationId, person_id: d.addonId, primary_holder: false }),
      t.http.delete(`/api/organization_users/${d.personId}/${d.organizationId}`).set(noRole),
      t.http.put(`/api/accounts/${f.accountId}`).set(noRole).send(RIA_ANSWERS),
      t.http.post("/api/sumsub/send_sumsub_emails").set(noRole).send([d.addonId]),
    ];
    for (const res of await Promise.all(writes)) {
      expect(res.status, res.text).toBe(403);
      expect(res.body).toMatchObject({ error: "forbidden", message: expect.any(String) });
    }
    expect(await dump(f.accountId)).toEqual(before);
    // Reads stay open to the signed-in owner.
    expect((await t.http.get(`/api/accounts/${f.accountId}/all_data`).set(noRole)).status).toBe(200);
    // With role user the edit screens work.
    expect((await t.http.patch(`/api/persons/${d.personId}`).set(f.auth).send({ city: "Dover" })).status).toBe(200);
    expect((await t.http.put(`/api/accounts/${f.accountId}`).set(f.auth).send(RIA_ANSWERS)).status).toBe(200);
  });

  it("the DAF can be changed but not removed, and the primary holder cannot be deleted", async () => {
    const { f, d } = await submitted();
    const before = await dump(f.accountId);
    const cleared = await t.http
      .put(`/api/organizations/${d.organizationId}`)
      .set(f.auth)
      .send({ ...ORGANIZATION, donor_advised_fund: null, custodian: null });
    expect(cleared.status).toBe(400);
    expect(cleared.body).toMatchObject({ field: "donor_advised_fund" });
    const del = await t.http.delete(`/api/persons/${d.personId}`).set(f.auth);
    expect(del.status).toBe(409);
    expect(del.body).toMatchObject({ error: "fixed_after_submission", field: "person_id" });
    expect(await dump(f.accountId)).toEqual(before);
  });
});

describe("audit trail", () => {
  it("an accepted change writes exactly one row naming its fields (never values); a refused one writes none", async () => {
    const { f, d } = await built();
    const cases: { run: () => Promise<{ status: number }>; ok: boolean; action?: string; fields?: string[] }[] = [
      {
        run: () => t.http.patch(`/api/persons/${d.personId}`).set(f.auth).send({ city: "Dover", ssn: "587654321" }),
        ok: true,
        action: "person.update",
        fields: ["ssn", "city"],
      },
      { run: () => t.http.patch(`/api/persons/${d.personId}`).set(f.auth).send({ zip: "1" }), ok: false },
      { run: () => t.http.patch(`/api/persons/${d.personId}`).set(f.auth).send({ city: null }), ok: false },
      {
        run: () => t.http.put(`/api/accounts/${f.accountId}`).set(f.auth).send(RIA_ANSWERS),
        ok: true,
        action: "account.update",
      },
      { run: () => t.http.put(`/api/accounts/${f.accountId}`).set(f.auth).send({ ria_risk_score: 9 }), ok: false },
      {
        run: () =>
          t.http
            .put(`/api/organizations/${d.organizationId}`)
            .set(f.auth)
            .send({ ...ORGANIZATION, ...DAF_CHOICE }),
        ok: true,
        action: "organization.update",
        fields: ["donor_advised_fund", "custodian"],
      },
      {
        run: () =>
          t.http
            .put(`/api/organizations/${d.organizationId}`)
            .set(f.auth)
            .send({ ...ORGANIZATION, name_1: "No suffix" }),
        ok: false,
      },
      {
        run: () =>
          t.http
            .post("/api/organization_users/")
            .set(f.auth)
            .send({ organization_id: d.organizationId, person_id: d.addonId, primary_holder: false }),
        ok: true,
        action: "organization_user.create",
      },
      {
        run: () =>
          t.http
            .post("/api/organization_users/")
            .set(f.auth)
            .send({ organization_id: d.organizationId, person_id: d.addonId, primary_holder: false }),
        ok: false,
      },
      {
        run: () => t.http.delete(`/api/organization_users/${d.addonId}/${d.organizationId}`).set(f.auth),
        ok: true,
        action: "organization_user.delete",
      },
      { run: () => t.http.delete(`/api/persons/${d.addonId}`).set(f.auth), ok: true, action: "person.delete" },
      { run: () => t.http.delete(`/api/persons/${d.addonId}`).set(f.auth), ok: false },
      { run: () => approve(f, d.strategyId), ok: false },
    ];
    for (const [i, c] of cases.entries()) {
      const before = await auditCount(f.accountId);
      const res = await c.run();
      expect(res.status < 300, `case ${i}: ${res.status}`).toBe(c.ok);
      const added = (await auditRows(f.accountId)).slice(before);
      expect(added, `case ${i}`).toHaveLength(c.ok ? 1 : 0);
      if (c.action) expect(added[0]!.action).toBe(c.action);
      if (c.fields) expect(JSON.parse(added[0]!.fields)).toEqual(c.fields);
    }
    // Names only: no SSN, no name, no address in the trail.
    const text = JSON.stringify(await auditRows(f.accountId));
    for (const value of ["587654321", "123456789", PROFILE.first_name, PROFILE.last_name, "Dover", PROFILE.dob])
      expect(text).not.toContain(value);
  });

  it("is append-only: the database refuses UPDATE and DELETE of a row", async () => {
    const { f } = await built();
    await expect(
      t.database.query("update audit_event set action = 'x' where account_id = ?", f.accountId),
    ).rejects.toThrow(/append-only/);
    await expect(t.database.query("delete from audit_event where account_id = ?", f.accountId)).rejects.toThrow(
      /append-only/,
    );
    expect(await auditCount(f.accountId)).toBeGreaterThan(0);
  });

  it("the founder reads their own trail; another founder gets 404, no token 401, a malformed query 400", async () => {
    const { f } = await built();
    const own = await t.http.get(`/api/accounts/${f.accountId}/audit`).set(f.auth);
    expect(own.status).toBe(200);
    expect(own.body.entries.map((e: { action: string }) => e.action)).toEqual([
      "organization_user.create",
      "organization.create",
      "strategy.create",
      "person.create",
      "person.create",
    ]);
    expect(own.body.entries[4]).toMatchObject({
      actor_type: "user",
      actor_id: f.userId,
      entity_type: "person",
      route: "POST /api/persons/",
    });
    const page = await t.http
      .get(`/api/accounts/${f.accountId}/audit`)
      .query({ limit: 2, before: own.body.entries[1].audit_id })
      .set(f.auth);
    expect(page.body.entries.map((e: { audit_id: number }) => e.audit_id)).toEqual([
      own.body.entries[2].audit_id,
      own.body.entries[3].audit_id,
    ]);
    const other = await t.founder();
    const before = await dump(f.accountId);
    expect((await t.http.get(`/api/accounts/${f.accountId}/audit`).set(other.auth)).status).toBe(404);
    expect((await t.http.get(`/api/accounts/${f.accountId}/audit`)).status).toBe(401);
    const bad = await t.http.get(`/api/accounts/${f.accountId}/audit`).query({ limit: "all" }).set(f.auth);
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ error: "bad_request", field: "limit" });
    expect(await dump(f.accountId)).toEqual(before);
  });

  it("staff reads of another account are recorded; the whole trail is staff-only", async () => {
    const { f } = await built();
    const staff = await t.founder({ roles: ["admin"] });
    const before = await auditCount(f.accountId);
    expect((await t.http.get(`/api/accounts/${f.accountId}/all_data`).set(staff.auth)).status).toBe(200);
    expect((await t.http.get(`/api/persons/by_account/${f.accountId}`).set(staff.auth)).status).toBe(200);
    const rows = (await auditRows(f.accountId)).slice(before);
    expect(rows.map((r) => [r.action, r.actor_type, r.actor_id, r.route])).toEqual([
      ["staff.read", "staff", staff.userId, "GET /api/accounts/:accountId/all_data"],
      ["staff.read", "staff", staff.userId, "GET /api/persons/by_account/:accountId"],
    ]);
    // The owner's own reads are not recorded.
    await t.http.get(`/api/accounts/${f.accountId}/all_data`).set(f.auth);
    expect(await auditCount(f.accountId)).toBe(before + 2);

    // A staff lookup of another user's account id is a read of that account too.
    expect((await t.http.get(`/api/accounts/user/${f.userId}`).set(staff.auth)).body).toEqual({
      account_id: f.accountId,
    });
    expect((await auditRows(f.accountId)).at(-1)).toMatchObject({
      action: "staff.read",
      route: "GET /api/accounts/user/:userId",
    });

    const all = await t.http.get("/api/audit").query({ account_id: f.accountId, limit: 3 }).set(staff.auth);
    expect(all.status).toBe(200);
    expect(all.body.entries[0]).toMatchObject({ action: "staff.read", account_id: f.accountId });
    // Reading an account's trail through GET /api/audit is a staff read of it too, recorded before the page is read.
    expect(all.body.entries[0]).toMatchObject({
      actor_type: "staff",
      actor_id: staff.userId,
      route: "GET /api/audit",
      entity_type: "account",
      entity_id: f.accountId,
    });
    expect((await auditRows(f.accountId)).at(-1)).toMatchObject({
      action: "staff.read",
      actor_id: staff.userId,
      route: "GET /api/audit",
    });
    // So is reading everyone's: one row, no account.
    const everything = await t.http.get("/api/audit").query({ limit: 1 }).set(staff.auth);
    expect(everything.status).toBe(200);
    expect(everything.body.entries).toEqual([
      expect.objectContaining({
        action: "staff.read",
        account_id: null,
        actor_type: "staff",
        actor_id: staff.userId,
        route: "GET /api/audit",
        entity_type: "audit_trail",
        fields: [],
      }),
    ]);
    const refused = await t.http.get("/api/audit").set(f.auth);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ error: "forbidden" });
    expect((await t.http.get("/api/audit")).status).toBe(401);
    expect((await t.http.get("/api/audit").query({ account_id: "x" }).set(staff.auth)).status).toBe(400);
  });
});
