// The server refuses what the forms refuse (requirements §5): a PUT/PATCH cannot blank a person's required
// fields, the RIA answers are all-or-nothing, and a submitted foundation's filed fields are fixed.
// Each refusal leaves the stored record exactly as it was; the calls the web makes still succeed.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGES, timestampNow } from "../../server/src/contract/rules";
import { createTestApp, type TestApp } from "../support/app";
import { buildFounderData, completeEntry, type ApiFounder as Founder, type FounderData } from "../support/founders";
import { DAF_CHOICE, ORGANIZATION, OWNER, PROFILE, RIA_ANSWERS } from "../support/entry";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

async function founderWithData(): Promise<{ f: Founder; d: FounderData }> {
  const f = await t.founder();
  return { f, d: await buildFounderData(t, f) };
}

const getPerson = async (f: Founder, id: number) =>
  (await t.http.get(`/api/persons/${id}`).set(f.auth)).body as Record<string, unknown>;
const getAccount = async (f: Founder) =>
  ((await t.http.get(`/api/accounts/${f.accountId}/all_data`).set(f.auth)).body as { account: Record<string, unknown> })
    .account;
const getOrganization = async (f: Founder, id: number) =>
  (await t.http.get(`/api/organizations/${id}`).set(f.auth)).body as Record<string, unknown>;

/** PATCHes the founder's own person with one field; expects a 400 naming it and the person unchanged. */
async function patchRefused(field: string, value: unknown): Promise<Record<string, unknown>> {
  const { f, d } = await founderWithData();
  const before = await getPerson(f, d.personId);
  const res = await t.http
    .patch(`/api/persons/${d.personId}`)
    .set(f.auth)
    .send({ [field]: value });
  expect(res.status).toBe(400);
  expect(res.body).toMatchObject({ error: "bad_request", field });
  expect(await getPerson(f, d.personId)).toEqual(before);
  return res.body as Record<string, unknown>;
}

describe("PUT/PATCH /api/persons/{id}: the primary holder keeps every §5 profile field", () => {
  it.each([
    ["PATCH", { first_name: null, city: "" }, "first_name"],
    ["PATCH", { city: "   " }, "city"],
    ["PATCH", { marital_status: null }, "marital_status"],
    ["PATCH", { ssn: null }, "ssn"],
    ["PUT", { ...PROFILE, ssn: "***-**-6789", email: null, last_name: "" }, "last_name"],
    ["PUT", { ...PROFILE, ssn: "***-**-6789", email: null, dob: null }, "dob"],
  ] as const)("%s %j → 400 naming %s, nothing changed", async (method, body, field) => {
    const { f, d } = await founderWithData();
    const before = await getPerson(f, d.personId);
    const res = await t.http[method === "PUT" ? "put" : "patch"](`/api/persons/${d.personId}`).set(f.auth).send(body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: "bad_request",
      message: `${field}: Required`,
      field,
      request_id: expect.any(String),
    });
    expect(await getPerson(f, d.personId)).toEqual(before);
  });

  it("accepts the web's calls: step 2's full profile, /edit-profile without identity fields, a masked SSN sent back", async () => {
    const { f, d } = await founderWithData();
    const step2 = await t.http
      .patch(`/api/persons/${d.personId}`)
      .set(f.auth)
      .send({ ...PROFILE, first_name: "Augusta" });
    expect(step2.status).toBe(200);
    const { dob: _dob, ssn: _ssn, ...editable } = PROFILE;
    const edit = await t.http
      .patch(`/api/persons/${d.personId}`)
      .set(f.auth)
      .send({ ...editable, city: "Dover", address_line2: "Suite 5" });
    expect(edit.status).toBe(200);
    expect(edit.body).toMatchObject({ first_name: "Ada", city: "Dover", address_line2: "Suite 5", ssn: "***-**-6789" });
    const put = await t.http
      .put(`/api/persons/${d.personId}`)
      .set(f.auth)
      .send({ ...PROFILE, ssn: "***-**-6789", email: null, address_line2: null });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ ssn: "***-**-6789", address_line2: null });
  });
});

describe("PUT/PATCH /api/persons/{id}: an add-on owner keeps its email and the owner-form fields it gave", () => {
  it("refuses blanking the email, nothing changed", async () => {
    const { f, d } = await founderWithData();
    const before = await getPerson(f, d.addonId);
    const res = await t.http.patch(`/api/persons/${d.addonId}`).set(f.auth).send({ email: null });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: "bad_request",
      message: "email: Required",
      field: "email",
      request_id: expect.any(String),
    });
    expect(await getPerson(f, d.addonId)).toEqual(before);
  });

  it("accepts an owner with only an email, a new email, and the owner form filled in", async () => {
    const { f, d } = await founderWithData();
    // Not given yet, so clearing it again is no loss.
    expect((await t.http.patch(`/api/persons/${d.addonId}`).set(f.auth).send({ phone: null })).status).toBe(200);
    expect(
      (await t.http.patch(`/api/persons/${d.addonId}`).set(f.auth).send({ email: "renamed@example.com" })).status,
    ).toBe(200);
    const filled = await t.http.patch(`/api/persons/${d.addonId}`).set(f.auth).send(OWNER);
    expect(filled.status).toBe(200);
    expect(filled.body).toMatchObject({ email: "renamed@example.com", city: OWNER.city, ssn: "***-**-4321" });
    // The owner editor once birthdate and SSN are recorded: the rest of the form, changed.
    const { dob: _dob, ssn: _ssn, ...contact } = OWNER;
    const edited = await t.http
      .patch(`/api/persons/${d.addonId}`)
      .set(f.auth)
      .send({ ...contact, city: "Newark", zip: "19711" });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ city: "Newark", zip: "19711", dob: OWNER.dob });
  });

  it.each([
    ["PATCH", { phone: null }, "phone"],
    ["PATCH", { city: "", zip: null }, "city"],
    ["PATCH", { dob: null }, "dob"],
    ["PUT", { ...PROFILE, ...OWNER, email: "owner@example.com", ssn: "***-**-4321", state: null }, "state"],
  ] as const)("refuses %s %j once given → 400 naming %s, nothing changed", async (method, body, field) => {
    const { f, d } = await founderWithData();
    expect((await t.http.patch(`/api/persons/${d.addonId}`).set(f.auth).send(OWNER)).status).toBe(200);
    const before = await getPerson(f, d.addonId);
    const res = await t.http[method === "PUT" ? "put" : "patch"](`/api/persons/${d.addonId}`).set(f.auth).send(body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: "bad_request",
      message: `${field}: Required`,
      field,
      request_id: expect.any(String),
    });
    expect(await getPerson(f, d.addonId)).toEqual(before);
  });
});

describe("the person values of docs/decisions/0095: a US zip, an adult's birthdate, a whole risk score", () => {
  it.each([
    ["POST", { zip: "ABCDE" }, "zip", MESSAGES.zipFormat],
    ["PATCH", { zip: "1980A" }, "zip", MESSAGES.zipFormat],
    ["PATCH", { dob: "1800-01-01" }, "dob", MESSAGES.birthdateTooOld],
    [
      "PUT",
      { ...PROFILE, ssn: "***-**-6789", email: null, dob: timestampNow().slice(0, 10) },
      "dob",
      MESSAGES.birthdateMinor,
    ],
  ] as const)("%s person %j → 400 naming %s, nothing changed", async (method, body, field, message) => {
    const { f, d } = await founderWithData();
    const before = await getPerson(f, d.personId);
    const res =
      method === "POST"
        ? await t.http
            .post("/api/persons/")
            .set(f.auth)
            .send({ account_id: f.accountId, account_primary_holder: false, ...body })
        : await t.http[method === "PUT" ? "put" : "patch"](`/api/persons/${d.personId}`).set(f.auth).send(body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: "bad_request",
      message: `${field}: ${message}`,
      field,
      request_id: expect.any(String),
    });
    expect(await getPerson(f, d.personId)).toEqual(before);
  });

  it("accepts ZIP+4 and an adult's birthdate", async () => {
    const { f, d } = await founderWithData();
    const res = await t.http
      .patch(`/api/persons/${d.personId}`)
      .set(f.auth)
      .send({ zip: "19801-1234", dob: "1950-06-30" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ zip: "19801-1234", dob: "1950-06-30" });
  });

  it("PUT /api/accounts: risk score 3.5 → 400 'a whole number from 1 to 5', nothing changed", async () => {
    const f = await t.founder();
    const before = await getAccount(f);
    const res = await t.http
      .put(`/api/accounts/${f.accountId}`)
      .set(f.auth)
      .send({ ...RIA_ANSWERS, ria_risk_score: 3.5 });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: "bad_request",
      message: `ria_risk_score: ${MESSAGES.riskScoreWhole}`,
      field: "ria_risk_score",
      request_id: expect.any(String),
    });
    expect(await getAccount(f)).toEqual(before);
  });
});

describe("PUT /api/accounts: the loss capacity is a percent, 0 to 100, at most two decimals", () => {
  it.each([
    [150, MESSAGES.lossCapacity],
    [-1, MESSAGES.lossCapacity],
    [12.345, MESSAGES.lossCapacityDecimals],
    ["35", "Invalid input: expected number, received string"],
  ])("%s → 400 naming ria_loss_capacity_percent, nothing changed", async (value, message) => {
    const f = await t.founder();
    const before = await getAccount(f);
    const res = await t.http
      .put(`/api/accounts/${f.accountId}`)
      .set(f.auth)
      .send({ ...RIA_ANSWERS, ria_loss_capacity_percent: value });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      message: `ria_loss_capacity_percent: ${message}`,
      field: "ria_loss_capacity_percent",
    });
    expect(await getAccount(f)).toEqual(before);
  });

  it.each([0, 12.5, 0.29, 100])("%s is stored as sent", async (value) => {
    const f = await t.founder();
    const res = await t.http
      .put(`/api/accounts/${f.accountId}`)
      .set(f.auth)
      .send({ ...RIA_ANSWERS, ria_loss_capacity_percent: value });
    expect(res.status).toBe(200);
    expect((await getAccount(f)).ria_loss_capacity_percent).toBe(value);
  });
});

describe("free text refuses control and text-direction characters, naming the field (the same on every engine)", () => {
  const NUL = "\u0000";
  it("POST /api/persons/ with a NUL in last_name (and the whole profile) is 400 naming last_name; nothing is stored", async () => {
    const f = await t.founder();
    const res = await t.http
      .post("/api/persons/")
      .set(f.auth)
      .send({ account_id: f.accountId, account_primary_holder: true, ...PROFILE, last_name: `Love${NUL}lace` });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: "bad_request",
      message:
        "last_name: Last name contains a character that is not allowed (a control, invisible or text-direction character)",
      field: "last_name",
      request_id: expect.any(String),
    });
    expect((await t.http.get(`/api/persons/by_account/${f.accountId}`).set(f.auth)).body).toEqual([]);
  });

  it.each([
    ["first_name", "Ada\u202Eecalevol"], // right-to-left override
    ["last_name", "\u2066Lovelace\u2069"], // isolates
    ["address_line1", "1 Main\nStreet"], // C0 line break inside the text
    ["address_line2", "Suite\u00855"], // C1 next line
    ["city", `Wilmington${NUL}`],
    ["zip", "19801\u007F"],
    ["email", "ada\u0007@example.com"],
    // Invisible marks, line separators and lone surrogates (rules.ts says why for each).
    ["first_name", "A\u200Bda"], // zero-width space
    ["last_name", "Love\uFEFFlace"], // byte order mark (at an end, trimming drops it)
    ["address_line1", "1 Main\u200F Street"], // right-to-left mark
    ["address_line2", "Suite\u061C 5"], // Arabic letter mark
    ["city", "Wilmington\u2028Dover"], // line separator
    ["first_name", "Ada\uD800"], // lone surrogate
  ] as const)("PATCH a person's %s with %j → 400 naming it, nothing changed", async (field, value) => {
    expect((await patchRefused(field, value)).message).toMatch(
      new RegExp(`^${field}: .* contains a character that is not allowed`),
    );
  });

  it("the foundation's names and the custom DAF name too; plain text with accents and apostrophes passes", async () => {
    const { f, d } = await founderWithData();
    const before = await getOrganization(f, d.organizationId);
    const named = await t.http
      .put(`/api/organizations/${d.organizationId}`)
      .set(f.auth)
      .send({ ...ORGANIZATION, name_2: "Evil\u202E CLL LLC" });
    expect(named.status).toBe(400);
    expect(named.body.field).toBe("name_2");
    const daf = await t.http
      .put(`/api/organizations/${d.organizationId}`)
      .set(f.auth)
      .send({ ...ORGANIZATION, ...DAF_CHOICE, donor_advised_fund: `My${NUL}Fund` });
    expect(daf.status).toBe(400);
    expect(daf.body.field).toBe("donor_advised_fund");
    expect(await getOrganization(f, d.organizationId)).toEqual(before);
    const plain = await t.http
      .patch(`/api/persons/${d.personId}`)
      .set(f.auth)
      .send({ last_name: "O'Brien-Núñez", city: "Zürich" });
    expect(plain.status).toBe(200);
    expect(plain.body).toMatchObject({ last_name: "O'Brien-Núñez", city: "Zürich" });
    // A zero-width non-joiner belongs between the letters of Persian names; not before an email's @.
    const persian = await t.http
      .patch(`/api/persons/${d.personId}`)
      .set(f.auth)
      .send({ first_name: "Mehr\u200Cnoosh" });
    expect(persian.status).toBe(200);
    const email = await t.http.patch(`/api/persons/${d.personId}`).set(f.auth).send({ email: "ada\u200C@example.com" });
    expect(email.body).toMatchObject({ field: "email", message: `email: ${MESSAGES.forbiddenCharacters("Email")}` });
  });
});

describe("names and addresses by Unicode property, issued SSNs, existing phone numbers (docs/decisions/0190, 0095)", () => {
  it.each([
    ["first_name", "<script>alert(1)</script>", MESSAGES.personName("First name")],
    ["last_name", "Lovelace-Byron \u{1F680}", MESSAGES.personName("Last name")],
    ["address_line2", "<b>Apt 2</b>", MESSAGES.plainText("Address line 2")],
    ["city", "Dover\u2800", MESSAGES.plainText("City")],
    ["ssn", "000000000", MESSAGES.ssnNeverIssued],
    ["ssn", "666123456", MESSAGES.ssnNeverIssued],
    ["ssn", "123450000", MESSAGES.ssnNeverIssued],
    ["phone", "0000000000", MESSAGES.phoneImpossible],
    ["phone", "2121234567", MESSAGES.phoneImpossible],
  ] as const)("PATCH %s %j → 400 with the contract's message, nothing changed", async (field, value, message) => {
    expect((await patchRefused(field, value)).message).toBe(`${field}: ${message}`);
  });

  // Each found accepted by a review (docs/decisions/0190): invisible, or a look-alike of a space or a letter.
  it.each([
    ["soft hyphen", "Ada\u00ADLovelace"],
    ["tag letter", "Ada\u{E0041}"],
    ["interlinear annotation anchor", "Ada\uFFF9"],
    ["Hangul filler", "Ada\u3164"],
    ["Hangul choseong filler", "\u115FAda"],
    ["braille blank", "Ada\u2800"],
    ["combining grapheme joiner", "Ada\u034F"],
    ["variation selector 16", "Ada\uFE0F"],
  ])("a name with a %s → 400, the same on every engine", async (_what, name) => {
    await patchRefused("first_name", name);
  });

  it("an owner's email is one plain mailbox: <>,;\"() and non-ASCII are refused at POST and PATCH", async () => {
    const { f, d } = await founderWithData();
    for (const email of ["<v@x.com>", "a<v@x.com>", "c,v@x.com", "e;v@x.com", "émile@exämple.com"]) {
      const added = await t.http
        .post("/api/persons/")
        .set(f.auth)
        .send({ account_id: f.accountId, account_primary_holder: false, is_addon: true, email });
      expect(added.body, email).toMatchObject({ field: "email", message: `email: ${MESSAGES.email}` });
      const changed = await t.http.patch(`/api/persons/${d.addonId}`).set(f.auth).send({ email });
      expect(changed.body, email).toMatchObject({ field: "email", message: `email: ${MESSAGES.email}` });
    }
  });

  it("accepts names of any script with their marks and joiners, and stores them composed", async () => {
    const { f, d } = await founderWithData();
    const res = await t.http
      .patch(`/api/persons/${d.personId}`)
      .set(f.auth)
      .send({ first_name: "Zoe\u0308", last_name: "O’Brien-王", address_line2: "Apt #2, 3/F", ssn: "665123456" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ first_name: "Zoë", last_name: "O’Brien-王", address_line2: "Apt #2, 3/F" });
  });
});

describe("PUT /api/accounts/{id}: the seven RIA answers go together", () => {
  it("refuses a partial first answer, nothing changed", async () => {
    const f = await t.founder();
    const before = await getAccount(f);
    const res = await t.http.put(`/api/accounts/${f.accountId}`).set(f.auth).send({ ria_risk_score: 3 });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: "bad_request",
      message: "ria_primary_goal: Required",
      field: "ria_primary_goal",
      request_id: expect.any(String),
    });
    const { ria_state: _state, ...sixOfSeven } = RIA_ANSWERS;
    const six = await t.http.put(`/api/accounts/${f.accountId}`).set(f.auth).send(sixOfSeven);
    expect(six.body).toMatchObject({ field: "ria_state" });
    expect(await getAccount(f)).toEqual(before);
  });

  it("accepts the /ria screen's seven answers, then one changed answer; refuses clearing one", async () => {
    const f = await t.founder();
    const all = await t.http.put(`/api/accounts/${f.accountId}`).set(f.auth).send(RIA_ANSWERS);
    expect(all.status).toBe(200);
    expect(all.body).toMatchObject(RIA_ANSWERS);
    const one = await t.http.put(`/api/accounts/${f.accountId}`).set(f.auth).send({ ria_risk_score: 5 });
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ ...RIA_ANSWERS, ria_risk_score: 5 });
    const before = await getAccount(f);
    const cleared = await t.http.put(`/api/accounts/${f.accountId}`).set(f.auth).send({ ria_liquidity_needs: null });
    expect(cleared.status).toBe(400);
    expect(cleared.body).toMatchObject({ field: "ria_liquidity_needs" });
    expect(await getAccount(f)).toEqual(before);
  });
});

describe("PUT /api/organizations/{id}: a submitted foundation's filed fields are fixed", () => {
  const submitted = async () => {
    const { f, d } = await founderWithData();
    await completeEntry(t, f, d);
    expect(
      (
        await t.http
          .put(`/api/strategies/${d.strategyId}`)
          .set(f.auth)
          .send({ entry_completed_at: timestampNow(), attested: true })
      ).status,
    ).toBe(200);
    return { f, d };
  };
  const FULL = { ...ORGANIZATION, ...DAF_CHOICE };

  it("allows renaming before submission", async () => {
    const { f, d } = await founderWithData();
    const res = await t.http
      .put(`/api/organizations/${d.organizationId}`)
      .set(f.auth)
      .send({ ...FULL, name_1: "Renamed LLC", activity_is_investment: true });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name_1: "Renamed LLC", activity_is_investment: true });
  });

  it.each([
    ["name_1", "Renamed LLC"],
    ["name_2", "Other Name LLC"],
    ["registered_state", null],
    ["activity_is_investment", !ORGANIZATION.activity_is_investment],
  ] as const)("after submission, changing %s → 409, nothing changed", async (field, value) => {
    const { f, d } = await submitted();
    const before = await getOrganization(f, d.organizationId);
    const res = await t.http
      .put(`/api/organizations/${d.organizationId}`)
      .set(f.auth)
      .send({ ...FULL, itg_as_registered_agent: false, [field]: value });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      error: "fixed_after_submission",
      message: `${field} cannot be changed after the foundation is submitted`,
      field,
      request_id: expect.any(String),
    });
    expect(await getOrganization(f, d.organizationId)).toEqual(before);
  });

  it("after submission, accepts /edit-foundation and /edit-daf: same filed values, new agent choice, DAF and custodian", async () => {
    const { f, d } = await submitted();
    const foundation = await t.http
      .put(`/api/organizations/${d.organizationId}`)
      .set(f.auth)
      .send({ ...FULL, itg_as_registered_agent: false });
    expect(foundation.status).toBe(200);
    expect(foundation.body).toMatchObject({ ...ORGANIZATION, itg_as_registered_agent: false });
    const daf = await t.http
      .put(`/api/organizations/${d.organizationId}`)
      .set(f.auth)
      .send({
        ...FULL,
        itg_as_registered_agent: false,
        donor_advised_fund: "Ada Family Fund",
        custodian: "custodian_schwab",
      });
    expect(daf.status).toBe(200);
    expect(daf.body).toMatchObject({
      name_1: ORGANIZATION.name_1,
      donor_advised_fund: "Ada Family Fund",
      custodian: "custodian_schwab",
    });
  });
});
