// For every founder-data route: a success case, 401 without a token, 404 with another founder's
// token (and nothing of the first founder's data changes), and 400 for a malformed body or param
// naming the field. Every one of those error bodies carries a code of the API's closed set, one the
// OpenAPI document lists for the route. Behaviour beyond that lives in the resource suites beside this one.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Response } from "supertest";
import { createTestApp, type TestApp } from "../support/app";
import { buildFounderData, completeEntry, type ApiFounder as Founder, type FounderData } from "../support/founders";
import { ORGANIZATION, PROFILE, RIA_ANSWERS } from "../support/entry";
import { expectApiError } from "../support/api-errors";
import { operationsOf, type Operation } from "../support/openapi";

interface Ctx {
  a: Founder;
  d: FounderData;
  /** A founder with an account and nothing else. */
  empty: Founder;
  /** A founder with an account and a strategy but no organization. */
  started: Founder & { strategyId: number };
  notificationId: number;
}

type Method = "get" | "post" | "put" | "patch" | "delete";
interface Call {
  path: string;
  body?: object;
  query?: Record<string, string | number>;
}
interface RouteCase {
  route: string;
  method: Method;
  call: (c: Ctx) => Call;
  /** What the success call needs first (e.g. a complete entry before Approve). */
  prepare?: (c: Ctx) => Promise<void>;
  /** Who makes the success call (default: founder a). */
  as?: (c: Ctx) => Founder;
  success: number;
  check?: (res: Response, c: Ctx) => void;
  /** The same call by founder b must 404. */
  foreign?: false;
  bad: (c: Ctx) => Call;
  /** The field the 400 names. */
  badField: string;
}

const CASES: RouteCase[] = [
  {
    route: "GET /api/accounts/user/{userId}",
    method: "get",
    call: (c) => ({ path: `/api/accounts/user/${c.a.userId}` }),
    success: 200,
    check: (res, c) => expect(res.body).toEqual({ account_id: c.a.accountId }),
    bad: () => ({ path: "/api/accounts/user/not%20a%20user" }),
    badField: "userId",
  },
  {
    route: "PUT /api/accounts/{accountId}",
    method: "put",
    call: (c) => ({ path: `/api/accounts/${c.a.accountId}`, body: RIA_ANSWERS }),
    success: 200,
    check: (res) => expect(res.body).toMatchObject(RIA_ANSWERS),
    bad: (c) => ({ path: `/api/accounts/${c.a.accountId}`, body: { ria_risk_score: 9 } }),
    badField: "ria_risk_score",
  },
  {
    route: "GET /api/accounts/{accountId}/all_data",
    method: "get",
    call: (c) => ({ path: `/api/accounts/${c.a.accountId}/all_data` }),
    success: 200,
    check: (res, c) => {
      expect(res.body.account.account_id).toBe(c.a.accountId);
      expect(res.body.account.primary_account_holder.person_id).toBe(c.d.personId);
      expect(res.body.persons).toHaveLength(2);
      expect(res.body.strategies).toHaveLength(1);
      expect(res.body.organizations).toHaveLength(1);
      expect(res.body.organization_users).toEqual([
        { organization_id: c.d.organizationId, person_id: c.d.personId, primary_holder: true },
      ]);
    },
    bad: () => ({ path: "/api/accounts/abc/all_data" }),
    badField: "accountId",
  },
  {
    route: "POST /api/persons/",
    method: "post",
    call: (c) => ({
      path: "/api/persons/",
      body: {
        account_id: c.a.accountId,
        account_primary_holder: false,
        is_addon: true,
        email: "second.owner@example.com",
      },
    }),
    success: 201,
    check: (res) => expect(res.body).toEqual({ person_id: expect.any(Number) }),
    bad: (c) => ({
      path: "/api/persons/",
      body: { account_id: c.a.accountId, account_primary_holder: true, ...PROFILE, ssn: "12-34" },
    }),
    badField: "ssn",
  },
  {
    route: "GET /api/persons/{personId}",
    method: "get",
    call: (c) => ({ path: `/api/persons/${c.d.personId}` }),
    success: 200,
    check: (res, c) =>
      expect(res.body).toMatchObject({ person_id: c.d.personId, first_name: "Ada", ssn: "***-**-6789" }),
    bad: () => ({ path: "/api/persons/-4" }),
    badField: "personId",
  },
  {
    route: "PUT /api/persons/{personId}",
    method: "put",
    call: (c) => ({
      path: `/api/persons/${c.d.personId}`,
      body: { ...PROFILE, ssn: "***-**-6789", email: null, sumsub_applicant_id: null, city: "Dover" },
    }),
    success: 200,
    check: (res) => expect(res.body).toMatchObject({ city: "Dover", ssn: "***-**-6789" }),
    bad: (c) => ({
      path: `/api/persons/${c.d.personId}`,
      body: { ...PROFILE, email: null, sumsub_applicant_id: null, phone: "(212)-555-0123" },
    }),
    badField: "phone",
  },
  {
    route: "PATCH /api/persons/{personId}",
    method: "patch",
    call: (c) => ({ path: `/api/persons/${c.d.personId}`, body: { city: "Dover" } }),
    success: 200,
    check: (res) => expect(res.body).toMatchObject({ city: "Dover", first_name: "Ada" }),
    bad: (c) => ({ path: `/api/persons/${c.d.personId}`, body: { zip: "123" } }),
    badField: "zip",
  },
  {
    route: "DELETE /api/persons/{personId}",
    method: "delete",
    call: (c) => ({ path: `/api/persons/${c.d.addonId}` }),
    success: 200,
    bad: () => ({ path: "/api/persons/0" }),
    badField: "personId",
  },
  {
    route: "GET /api/persons/by_account/{accountId}",
    method: "get",
    call: (c) => ({ path: `/api/persons/by_account/${c.a.accountId}` }),
    success: 200,
    check: (res, c) =>
      expect(res.body.map((p: { person_id: number }) => p.person_id)).toEqual([c.d.personId, c.d.addonId]),
    bad: () => ({ path: "/api/persons/by_account/1.5" }),
    badField: "accountId",
  },
  {
    route: "POST /api/strategies/",
    method: "post",
    as: (c) => c.empty,
    call: (c) => ({
      path: "/api/strategies/",
      body: { account_id: c.empty.accountId, strategy_type: "strategy_type_founder" },
    }),
    success: 201,
    check: (res) => expect(res.body).toEqual({ strategy_id: expect.any(Number) }),
    bad: (c) => ({ path: "/api/strategies/", body: { account_id: c.a.accountId, strategy_type: "Founder" } }),
    badField: "strategy_type",
  },
  {
    route: "GET /api/strategies/{strategyId}",
    method: "get",
    call: (c) => ({ path: `/api/strategies/${c.d.strategyId}` }),
    success: 200,
    check: (res, c) =>
      expect(res.body).toMatchObject({
        strategy_id: c.d.strategyId,
        account_id: c.a.accountId,
        strategy_type: "strategy_type_founder",
        entry_completed_at: null,
      }),
    bad: () => ({ path: "/api/strategies/abc" }),
    badField: "strategyId",
  },
  {
    route: "PUT /api/strategies/{strategyId}",
    method: "put",
    prepare: (c) => completeEntry(t, c.a, c.d),
    // A client time far in the past: the server stamps its own.
    call: (c) => ({
      path: `/api/strategies/${c.d.strategyId}`,
      body: { entry_completed_at: "2020-01-01T00:00:00", attested: true },
    }),
    success: 200,
    check: (res) => {
      expect(res.body.entry_completed_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d+$/);
      expect(Date.parse(`${res.body.entry_completed_at}Z`)).toBeGreaterThan(Date.now() - 60_000);
    },
    bad: (c) => ({
      path: `/api/strategies/${c.d.strategyId}`,
      body: { entry_completed_at: "yesterday", attested: true },
    }),
    badField: "entry_completed_at",
  },
  {
    route: "GET /api/strategies/strategy/account/{accountId}",
    method: "get",
    call: (c) => ({ path: `/api/strategies/strategy/account/${c.a.accountId}` }),
    success: 200,
    check: (res, c) => expect(res.body.map((s: { strategy_id: number }) => s.strategy_id)).toEqual([c.d.strategyId]),
    bad: () => ({ path: "/api/strategies/strategy/account/none" }),
    badField: "accountId",
  },
  {
    route: "POST /api/organizations/",
    method: "post",
    as: (c) => c.started,
    call: (c) => ({ path: "/api/organizations/", body: { strategy_id: c.started.strategyId, ...ORGANIZATION } }),
    success: 201,
    check: (res, c) =>
      expect(res.body).toMatchObject({
        ...ORGANIZATION,
        strategy_id: c.started.strategyId,
        organization_id: expect.any(Number),
        donor_advised_fund: null,
      }),
    bad: (c) => ({
      path: "/api/organizations/",
      body: { strategy_id: c.started.strategyId, ...ORGANIZATION, name_1: "Ada Giving Inc" },
    }),
    badField: "name_1",
  },
  {
    route: "PUT /api/organizations/{organizationId}",
    method: "put",
    call: (c) => ({
      path: `/api/organizations/${c.d.organizationId}`,
      body: {
        ...ORGANIZATION,
        itg_as_registered_agent: false,
        donor_advised_fund: "Investor's Philanthropic",
        custodian: "custodian_schwab",
      },
    }),
    success: 200,
    check: (res) =>
      expect(res.body).toMatchObject({
        itg_as_registered_agent: false,
        donor_advised_fund: "Investor's Philanthropic",
        custodian: "custodian_schwab",
      }),
    bad: (c) => ({
      path: `/api/organizations/${c.d.organizationId}`,
      body: { ...ORGANIZATION, donor_advised_fund: "Investor's Philanthropic", custodian: null },
    }),
    badField: "custodian",
  },
  {
    route: "GET /api/organizations/{organizationId}",
    method: "get",
    call: (c) => ({ path: `/api/organizations/${c.d.organizationId}` }),
    success: 200,
    check: (res, c) =>
      expect(res.body).toMatchObject({ organization_id: c.d.organizationId, name_1: ORGANIZATION.name_1 }),
    bad: () => ({ path: "/api/organizations/x1" }),
    badField: "organizationId",
  },
  {
    route: "GET /api/organizations/by_strategy/{strategyId}",
    method: "get",
    call: (c) => ({ path: `/api/organizations/by_strategy/${c.d.strategyId}` }),
    success: 200,
    check: (res, c) =>
      expect(res.body).toMatchObject({ organization_id: c.d.organizationId, strategy_id: c.d.strategyId }),
    bad: () => ({ path: "/api/organizations/by_strategy/0" }),
    badField: "strategyId",
  },
  {
    route: "POST /api/organization_users/",
    method: "post",
    call: (c) => ({
      path: "/api/organization_users/",
      body: { organization_id: c.d.organizationId, person_id: c.d.addonId, primary_holder: false },
    }),
    success: 201,
    check: (res, c) =>
      expect(res.body).toEqual({ organization_id: c.d.organizationId, person_id: c.d.addonId, primary_holder: false }),
    bad: (c) => ({
      path: "/api/organization_users/",
      body: { organization_id: c.d.organizationId, person_id: "me", primary_holder: false },
    }),
    badField: "person_id",
  },
  {
    route: "DELETE /api/organization_users/{personId}/{organizationId}",
    method: "delete",
    call: (c) => ({ path: `/api/organization_users/${c.d.personId}/${c.d.organizationId}` }),
    success: 200,
    bad: (c) => ({ path: `/api/organization_users/${c.d.personId}/org` }),
    badField: "organizationId",
  },
  {
    route: "GET /api/notifications/",
    method: "get",
    call: () => ({ path: "/api/notifications/", query: { limit: 50, offset: 0, include_read: "true" } }),
    success: 200,
    check: (res, c) =>
      expect(res.body.map((n: { notification_id: number }) => n.notification_id)).toContain(c.notificationId),
    // Scoped to the caller: another founder's list simply does not contain these (checked below).
    foreign: false,
    bad: () => ({ path: "/api/notifications/", query: { limit: 0 } }),
    badField: "limit",
  },
  {
    route: "PUT /api/notifications/{notificationId}/read",
    method: "put",
    call: (c) => ({ path: `/api/notifications/${c.notificationId}/read` }),
    success: 200,
    check: (res, c) =>
      expect(res.body).toMatchObject({ notification_id: c.notificationId, read_at: expect.any(String) }),
    bad: () => ({ path: "/api/notifications/first/read" }),
    badField: "notificationId",
  },
  {
    route: "GET /api/accounts/{accountId}/audit",
    method: "get",
    call: (c) => ({ path: `/api/accounts/${c.a.accountId}/audit`, query: { limit: 5 } }),
    success: 200,
    check: (res) => {
      expect(res.body.entries).toHaveLength(5);
      expect(res.body.entries[0]).toMatchObject({
        action: "organization_user.create",
        actor_type: "user",
        route: "POST /api/organization_users/",
      });
    },
    bad: (c) => ({ path: `/api/accounts/${c.a.accountId}/audit`, query: { limit: 0 } }),
    badField: "limit",
  },
  {
    route: "PUT /api/notifications/mark-all-read",
    method: "put",
    call: (c) => ({ path: "/api/notifications/mark-all-read", query: { account_id: c.a.accountId } }),
    success: 200,
    check: (res) => expect(res.body).toEqual({ ok: true, updated: 1 }),
    bad: () => ({ path: "/api/notifications/mark-all-read", query: { account_id: "mine" } }),
    badField: "account_id",
  },
];

let t: TestApp;
let c: Ctx;
let b: Founder;
let operations: Operation[];

beforeAll(async () => {
  t = await createTestApp();
  operations = operationsOf((await t.http.get("/api/openapi.json")).body);
});

/** The case's route as the OpenAPI document lists it ("GET /api/persons/{personId}"). */
function operationOf(rc: RouteCase): Operation {
  const op = operations.find((o) => o.key === rc.route);
  expect(op, `${rc.route} is not in the OpenAPI document`).toBeDefined();
  return op!;
}
afterAll(async () => t.close());

beforeEach(async () => {
  const a = await t.founder();
  const d = await buildFounderData(t, a);
  const empty = await t.founder();
  const startedF = await t.founder();
  const s = await t.http
    .post("/api/strategies/")
    .set(startedF.auth)
    .send({ account_id: startedF.accountId, strategy_type: "strategy_type_founder" });
  const list = await t.http.get("/api/notifications/").set(a.auth);
  c = {
    a,
    d,
    empty,
    started: { ...startedF, strategyId: s.body.strategy_id },
    notificationId: list.body[0].notification_id,
  };
  b = await t.founder();
});

function send(method: Method, call: Call, auth?: { Authorization: string }) {
  let r = t.http[method](call.path);
  if (auth) r = r.set(auth);
  if (call.query) r = r.query(call.query);
  return call.body === undefined ? r : r.send(call.body);
}

const snapshot = async (f: Founder) => (await t.http.get(`/api/accounts/${f.accountId}/all_data`).set(f.auth)).body;

describe.each(CASES)("$route", (rc) => {
  it("succeeds for the owner", async () => {
    await rc.prepare?.(c);
    const res = await send(rc.method, rc.call(c), (rc.as?.(c) ?? c.a).auth);
    expect(res.status, res.text).toBe(rc.success);
    expect(res.headers["content-type"]).toMatch(/application\/json/);
    rc.check?.(res, c);
  });

  it("answers 401 without a token", async () => {
    const res = await send(rc.method, rc.call(c));
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: "unauthorized", message: expect.any(String), request_id: expect.any(String) });
    expectApiError(res.status, res.body, operationOf(rc), rc.route);
  });

  it.skipIf(rc.foreign === false)("answers 404 to another founder and changes nothing", async () => {
    const owner = rc.as?.(c) ?? c.a;
    const before = await snapshot(owner);
    const res = await send(rc.method, rc.call(c), b.auth);
    expect(res.status, res.text).toBe(404);
    expect(res.body).toEqual({ error: "not_found", message: expect.any(String), request_id: expect.any(String) });
    expectApiError(res.status, res.body, operationOf(rc), rc.route);
    expect(await snapshot(owner)).toEqual(before);
  });

  it("answers 400 naming the field for a malformed body or param", async () => {
    const res = await send(rc.method, rc.bad(c), c.a.auth);
    expect(res.status, res.text).toBe(400);
    expect(res.body).toMatchObject({ error: "bad_request", field: rc.badField });
    expectApiError(res.status, res.body, operationOf(rc), rc.route);
    expect(res.body.message).toContain(rc.badField);
  });
});

describe("routes scoped to the caller", () => {
  it("another founder's notification list holds none of the first founder's notifications", async () => {
    const res = await t.http.get("/api/notifications/").set(b.auth);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
  });
});
