// Founders for the reliability suites: real users of the auth emulator (created through its admin
// API, signed in with the password grant, so the app verifies emulator-issued tokens through JWKS)
// and their onboarding data built through the app's API, each carrying a unique marker string so a
// response that leaks one founder's data to another can be found by a plain text search.
import { randomUUID } from "node:crypto";
import { LOCAL_IDENTITY, LOCAL_SUPABASE } from "../../server/src/config";
import { DAF_CHOICE, ORGANIZATION, PROFILE, signedIdentityResult } from "./entry";
import { call, type Reply } from "./http";
import { TEST_PASSWORD } from "./auth";

export interface AuthUser {
  userId: string;
  email: string;
  token: string;
  refreshToken: string;
}

/**
 * How far a founder's onboarding has got: the matrix needs each stage for one of the POST routes;
 * "complete" adds the identity check (GREEN) and the DAF step, so Approve is accepted.
 */
export type Stage = "account" | "strategy" | "full" | "complete";

export interface Founder extends AuthUser {
  /** Unique text in this founder's records (names, city, emails); never in anyone else's response. */
  marker: string;
  /** SSN digits stored for the primary holder (unique per founder). */
  ssn: string;
  accountId: number;
  personId?: number;
  addonId?: number;
  strategyId?: number;
  organizationId?: number;
  notificationId?: number;
}

const admin = { apikey: LOCAL_SUPABASE.serviceRoleKey };

export async function createAuthUser(authUrl: string, label = "founder"): Promise<AuthUser> {
  const email = `${label}-${randomUUID().slice(0, 8)}@example.com`;
  const created = await call(authUrl, "POST", "/auth/v1/admin/users", {
    token: LOCAL_SUPABASE.serviceRoleKey,
    headers: admin,
    body: { email, password: TEST_PASSWORD, email_confirm: true },
  });
  expectStatus(created, 200, "admin create user");
  return signInWithPassword(authUrl, email);
}

async function signInWithPassword(authUrl: string, email: string): Promise<AuthUser> {
  const session = await call(authUrl, "POST", "/auth/v1/token", {
    query: { grant_type: "password" },
    headers: { apikey: LOCAL_SUPABASE.anonKey },
    body: { email, password: TEST_PASSWORD },
  });
  expectStatus(session, 200, "password sign-in");
  const s = session.json as { access_token: string; refresh_token: string; user: { id: string } };
  return { userId: s.user.id, email, token: s.access_token, refreshToken: s.refresh_token };
}

/** Another session (another access token) of an existing user. */
export async function createSession(authUrl: string, email: string): Promise<string> {
  return (await signInWithPassword(authUrl, email)).token;
}

export async function deleteAuthUser(authUrl: string, userId: string): Promise<void> {
  expectStatus(await call(authUrl, "DELETE", `/auth/v1/admin/users/${userId}`, { token: LOCAL_SUPABASE.serviceRoleKey, headers: admin }), 200, "admin delete user");
}

export function expectStatus(res: Reply, status: number, what: string): void {
  if (res.status !== status) throw new Error(`${what}: expected ${status}, got ${res.status} ${res.text.slice(0, 300)}`);
}

let ssnCounter = 0;
/** A distinct valid SSN per founder (area 100-899, never 000/666/9xx), so leaks are attributable. */
export function uniqueSsn(): string {
  ssnCounter += 1;
  const n = (process.pid * 7919 + ssnCounter * 104729 + Date.now()) % 1_000_000;
  return `${100 + (n % 700)}${String(10 + (ssnCounter % 89)).padStart(2, "0")}${String(1000 + (n % 9000)).padStart(4, "0")}`;
}

/** Builds a founder's onboarding data through the app's API up to `stage`. */
export async function buildFounder(appUrl: string, user: AuthUser, stage: Stage = "full"): Promise<Founder> {
  const marker = `Mk${randomUUID().replace(/-/g, "").slice(0, 12)}`;
  const ssn = uniqueSsn();
  const as = (method: string, path: string, body?: unknown, query?: Record<string, string | number | boolean>) => call(appUrl, method, path, { token: user.token, body, query });
  const lookup = await as("GET", `/api/accounts/user/${user.userId}`);
  expectStatus(lookup, 200, "account lookup");
  const f: Founder = { ...user, marker, ssn, accountId: (lookup.json as { account_id: number }).account_id };
  if (stage === "account") return f;

  const strategy = await as("POST", "/api/strategies/", { account_id: f.accountId, strategy_type: "strategy_type_founder" });
  expectStatus(strategy, 201, "create strategy");
  f.strategyId = (strategy.json as { strategy_id: number }).strategy_id;
  if (stage === "strategy") return f;

  const person = await as("POST", "/api/persons/", { account_id: f.accountId, account_primary_holder: true, ...PROFILE, first_name: marker, city: marker, ssn, email: user.email });
  expectStatus(person, 201, "create primary holder");
  f.personId = (person.json as { person_id: number }).person_id;
  const addon = await as("POST", "/api/persons/", { account_id: f.accountId, account_primary_holder: false, is_addon: true, email: `${marker.toLowerCase()}@example.com` });
  expectStatus(addon, 201, "create add-on owner");
  f.addonId = (addon.json as { person_id: number }).person_id;
  const org = await as("POST", "/api/organizations/", { strategy_id: f.strategyId, ...ORGANIZATION, name_1: `${marker} LLC` });
  expectStatus(org, 201, "create organization");
  f.organizationId = (org.json as { organization_id: number }).organization_id;
  expectStatus(await as("POST", "/api/organization_users/", { organization_id: f.organizationId, person_id: f.personId, primary_holder: true }), 201, "link owner");
  const notes = await as("GET", "/api/notifications/", undefined, { include_read: true });
  expectStatus(notes, 200, "list notifications");
  f.notificationId = (notes.json as Array<{ notification_id: number }>)[0]?.notification_id;
  if (stage === "full") return f;

  const daf = await as("PUT", `/api/organizations/${f.organizationId}`, { ...ORGANIZATION, name_1: `${marker} LLC`, ...DAF_CHOICE });
  expectStatus(daf, 200, "DAF step");
  const { raw, headers } = signedIdentityResult(f.personId, "GREEN", new Date(Date.now() - 1000), LOCAL_IDENTITY.webhookSecret);
  expectStatus(await call(appUrl, "POST", "/api/sumsub/webhook", { rawBody: raw, headers }), 200, "identity result");
  return f;
}

/** Every string that belongs to this founder alone; none may appear in another caller's response. */
export function privateStrings(f: Founder): string[] {
  return [f.marker, f.marker.toLowerCase(), f.email, f.userId, f.ssn, `${f.ssn.slice(0, 3)}-${f.ssn.slice(3, 5)}-${f.ssn.slice(5)}`];
}
