// How to make a valid request to each route of the OpenAPI document (the authorization matrix, the
// fuzzers): a route without a recipe here fails the matrix.
import { timestampNow } from "../../server/src/contract/rules";
import { DAF_CHOICE, ORGANIZATION, PROFILE, RIA_ANSWERS } from "./entry";
import type { ApiFounder as Founder, FounderAtOptions, FounderStage } from "./founders";
import { fillPath, type Operation } from "./openapi";

/** owner: others get 404; caller: about the caller's own account only; staff: founders get 403. */
type Scope = "owner" | "caller" | "staff";

export interface Recipe {
  scope: Scope;
  /** The owner's success status (staff routes: what a founder gets, 403). */
  success: number;
  /** How far the owner's onboarding must be for the request to succeed (default "entry" without step 4). */
  stage?: FounderStage;
  strategy?: FounderAtOptions["strategy"];
  params?: (f: Founder) => Record<string, string | number>;
  query?: (f: Founder) => Record<string, string | number | boolean>;
  body?: (f: Founder) => unknown;
}

/** Routes outside bearer authentication, and why. They are checked on their own terms. */
export const PUBLIC_ROUTES: Record<string, string> = {
  "POST /api/sumsub/webhook":
    "called by Sumsub, authenticated by the X-Payload-Digest HMAC of the raw body, not by a user's token",
  "GET /api/openapi.json": "the API's own description (hidden from the document itself); no data",
  "GET /api/health": "liveness probe for orchestrators: answers { status: 'ok' } and nothing else",
  "GET /api/ready": "readiness probe for orchestrators: { status: 'ready' } or 503 not_ready, no settings",
  "GET /app-config.json":
    "tells the browser where the auth and identity services are; only public values (the anon key is public by design)",
};

const need = <T>(v: T | undefined, what: string): T => {
  if (v === undefined) throw new Error(`fixture has no ${what}`);
  return v;
};

export function defaultParams(f: Founder): Record<string, string | number> {
  const out: Record<string, string | number> = { userId: f.userId, accountId: f.accountId };
  if (f.personId !== undefined) out.personId = f.personId;
  if (f.strategyId !== undefined) out.strategyId = f.strategyId;
  if (f.organizationId !== undefined) out.organizationId = f.organizationId;
  if (f.notificationId !== undefined) out.notificationId = f.notificationId;
  return out;
}

export const RECIPES: Record<string, Recipe> = {
  "GET /api/accounts/user/{userId}": { scope: "owner", success: 200 },
  // §5: the RIA answers go together, so a valid PUT sends all seven (as the /ria screen does).
  "PUT /api/accounts/{accountId}": {
    scope: "owner",
    success: 200,
    body: () => RIA_ANSWERS,
  },
  "GET /api/accounts/{accountId}/all_data": { scope: "owner", success: 200 },
  "POST /api/persons/": {
    scope: "owner",
    success: 201,
    body: (f) => ({
      account_id: f.accountId,
      account_primary_holder: false,
      is_addon: true,
      email: `second-${f.marker.toLowerCase()}@example.com`,
    }),
  },
  "GET /api/persons/{personId}": { scope: "owner", success: 200 },
  "PUT /api/persons/{personId}": {
    scope: "owner",
    success: 200,
    body: (f) => ({
      ...PROFILE,
      first_name: f.marker,
      ssn: "***-**-0000",
      email: f.email,
      sumsub_applicant_id: null,
      city: "Dover",
    }),
  },
  "PATCH /api/persons/{personId}": { scope: "owner", success: 200, body: () => ({ city: "Dover" }) },
  "DELETE /api/persons/{personId}": {
    scope: "owner",
    success: 200,
    params: (f) => ({ personId: need(f.addonId, "add-on") }),
  },
  "GET /api/persons/by_account/{accountId}": { scope: "owner", success: 200 },
  "POST /api/strategies/": {
    scope: "owner",
    success: 201,
    stage: "signed-up",
    body: (f) => ({ account_id: f.accountId, strategy_type: "strategy_type_founder" }),
  },
  "GET /api/strategies/{strategyId}": { scope: "owner", success: 200 },
  // Approve: a complete entry with the founder's attestation (docs/decisions/0096).
  "PUT /api/strategies/{strategyId}": {
    scope: "owner",
    success: 200,
    stage: "identity",
    body: () => ({ entry_completed_at: timestampNow(), attested: true }),
  },
  "GET /api/strategies/strategy/account/{accountId}": { scope: "owner", success: 200 },
  "POST /api/organizations/": {
    scope: "owner",
    success: 201,
    stage: "signed-up",
    strategy: true,
    body: (f) => ({ strategy_id: need(f.strategyId, "strategy"), ...ORGANIZATION, name_1: `${f.marker} LLC` }),
  },
  "PUT /api/organizations/{organizationId}": {
    scope: "owner",
    success: 200,
    body: (f) => ({ ...ORGANIZATION, name_1: `${f.marker} LLC`, ...DAF_CHOICE }),
  },
  "GET /api/organizations/{organizationId}": { scope: "owner", success: 200 },
  "GET /api/organizations/by_strategy/{strategyId}": { scope: "owner", success: 200 },
  "POST /api/organization_users/": {
    scope: "owner",
    success: 201,
    body: (f) => ({
      organization_id: need(f.organizationId, "organization"),
      person_id: need(f.addonId, "add-on"),
      primary_holder: false,
    }),
  },
  "DELETE /api/organization_users/{personId}/{organizationId}": { scope: "owner", success: 200 },
  "GET /api/enums/": { scope: "caller", success: 200 },
  "GET /api/notifications/": {
    scope: "caller",
    success: 200,
    query: () => ({ include_read: true, limit: 50, offset: 0 }),
  },
  "PUT /api/notifications/{notificationId}/read": { scope: "owner", success: 200 },
  "PUT /api/notifications/mark-all-read": { scope: "owner", success: 200, query: (f) => ({ account_id: f.accountId }) },
  // The answers on screen, which the form prints (docs/decisions/0191).
  "POST /api/ria/tax-form.pdf": { scope: "caller", success: 200, body: () => RIA_ANSWERS },
  "GET /api/accounts/{accountId}/audit": { scope: "owner", success: 200, query: () => ({ limit: 20 }) },
  "GET /api/audit": { scope: "staff", success: 403, query: () => ({ limit: 20 }) },
  "GET /api/admin/users": { scope: "staff", success: 403 },
  "PUT /api/admin/users/{userId}/roles": { scope: "staff", success: 403, body: () => ({ roles: ["user"] }) },
  // The web sends the caller's email as user_id; anyone else's is refused.
  "POST /api/sumsub/access_token": { scope: "owner", success: 200, body: (f) => ({ user_id: f.email }) },
  "POST /api/sumsub/confirm": {
    scope: "owner",
    success: 200,
    body: (f) => ({ person_id: need(f.personId, "person") }),
  },
  // Owners are mailed once the founder is verified ("identity" has the GREEN).
  "POST /api/sumsub/send_sumsub_emails": {
    scope: "owner",
    success: 200,
    stage: "identity",
    body: (f) => [need(f.addonId, "add-on")],
  },
  // The fixtures' provider holds no applicant to reset: 409 for everyone (tests/identity/routes.test.ts).
  "POST /api/sumsub/new_check": { scope: "caller", success: 409, body: () => ({}) },
};

export interface BuiltRequest {
  method: string;
  path: string;
  query?: Record<string, string | number | boolean>;
  body?: unknown;
}

/** A valid request for the operation on behalf of the owner `f`; throws when the recipe cannot build one. */
export function buildRequest(op: Operation, recipe: Recipe, f: Founder): BuiltRequest {
  if (op.hasBody && !recipe.body) throw new Error(`${op.key} takes a body but its recipe gives none`);
  const values = { ...defaultParams(f), ...recipe.params?.(f) };
  const missing = op.pathParams.filter((p) => values[p] === undefined);
  if (missing.length) throw new Error(`${op.key}: no value for path parameter(s) ${missing.join(", ")}`);
  return { method: op.method, path: fillPath(op.path, values), query: recipe.query?.(f), body: recipe.body?.(f) };
}
