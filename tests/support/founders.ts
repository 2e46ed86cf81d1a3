// Signed-in founders without clicking: the user is created and signed in through the auth API
// (supabase-js against the stack's auth service), and the session is placed where the web's
// supabase-js looks for it before the page loads.
import { createClient, type RealtimeClientOptions, type Session } from "@supabase/supabase-js";
import type { BrowserContext } from "playwright-core";
import { randomUUID } from "node:crypto";
import ws from "ws";
import type { Config } from "../../server/src/config";
import { storageInitScript } from "./init-script";
import { apiCall } from "./api";
import { FOUNDER_STRATEGY } from "../../server/src/contract/rules";
import { DAF_CHOICE, ORGANIZATION, PROFILE, signedIdentityResult } from "./entry";

export interface Founder {
  id: string;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

/** The localStorage key (value: the user id) the sign-in gate sets when a user skips TOTP enrolment (web/src/features/auth/store.ts). */
export const MFA_SKIPPED_KEY = "mfaEnrollSkipped";

export function uniqueEmail(prefix = "founder"): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@example.com`;
}

/** What the helpers need of a stack: its auth service and keys (a TestStack, or a deployment's project). */
export interface AuthStack {
  config: { auth: Pick<Config["auth"], "url" | "anonKey" | "serviceRoleKey"> };
}

/** supabase-js for the auth service at authUrl (anon key: as a browser; service key: as an admin). */
export function authClient(authUrl: string, key: string) {
  return createClient(authUrl, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    // Node 20 has no global WebSocket; supabase-js takes the ws package in its place.
    realtime: { transport: ws as unknown as RealtimeClientOptions["transport"] },
  });
}

/** A confirmed founder created with the service key (as an admin would), ready to sign in. */
export async function createFounder(stack: AuthStack, overrides: Partial<Omit<Founder, "id">> = {}): Promise<Founder> {
  const founder = {
    email: overrides.email ?? uniqueEmail(),
    password: overrides.password ?? "Founder-pass1!",
    firstName: overrides.firstName ?? "Ada",
    lastName: overrides.lastName ?? "Lovelace",
  };
  const admin = authClient(stack.config.auth.url, stack.config.auth.serviceRoleKey);
  const { data, error } = await admin.auth.admin.createUser({
    email: founder.email,
    password: founder.password,
    email_confirm: true,
    user_metadata: { full_name: `${founder.firstName} ${founder.lastName}`, name: founder.firstName },
  });
  if (error) throw error;
  return { id: data.user.id, ...founder };
}

export async function signInThroughApi(stack: AuthStack, founder: Pick<Founder, "email" | "password">): Promise<Session> {
  const { data, error } = await authClient(stack.config.auth.url, stack.config.auth.anonKey).auth.signInWithPassword(founder);
  if (error) throw error;
  return data.session;
}

/** A founder signed in through the auth API, with an account and a primary person with a profile (Ada Lovelace), made through the app's API. */
export interface ProfiledFounder {
  founder: Founder;
  email: string;
  token: string;
  accountId: number;
  personId: number;
}

export async function createFounderWithProfile(stack: AuthStack, appUrl: string): Promise<ProfiledFounder> {
  const founder = await createFounder(stack);
  const token = (await signInThroughApi(stack, founder)).access_token;
  const { account_id: accountId } = await apiCall<{ account_id: number }>(appUrl, token, "GET", `/api/accounts/user/${founder.id}`);
  const body = { account_id: accountId, account_primary_holder: true, ...PROFILE };
  const { person_id: personId } = await apiCall<{ person_id: number }>(appUrl, token, "POST", "/api/persons/", body);
  return { founder, email: founder.email, token, accountId, personId };
}

/** What the browser suites seed through the app's API: a stack's app and the provider's webhook secret beside its auth. */
export interface AppStack extends AuthStack {
  app: { url: string };
  config: AuthStack["config"] & { identity: { webhookSecret: string } };
}

/** A profiled founder whose strategy has its organization (steps 1 and 4 done, DAF and custodian chosen) and the founder linked to it. */
export interface SeededEntry extends ProfiledFounder {
  strategyId: number;
  organizationId: number;
}

export async function seedEntry(stack: AppStack): Promise<SeededEntry> {
  const f = await createFounderWithProfile(stack, stack.app.url);
  const call = <T>(method: string, route: string, body?: unknown) => apiCall<T>(stack.app.url, f.token, method, route, body);
  const { strategy_id: strategyId } = await call<{ strategy_id: number }>("POST", "/api/strategies/", { account_id: f.accountId, strategy_type: FOUNDER_STRATEGY });
  await call("POST", "/api/organizations/", { strategy_id: strategyId, ...ORGANIZATION });
  const { organization_id: organizationId } = await call<{ organization_id: number }>("GET", `/api/organizations/by_strategy/${strategyId}`);
  await call("POST", "/api/organization_users/", { organization_id: organizationId, person_id: f.personId, primary_holder: true });
  await call("PUT", `/api/organizations/${organizationId}`, { ...ORGANIZATION, ...DAF_CHOICE });
  return { ...f, strategyId, organizationId };
}

/** An additional owner (just the address, as step 3 adds one) linked to the entry's organization; their person id. */
export async function addOwner(stack: AppStack, entry: Pick<SeededEntry, "token" | "accountId" | "organizationId">, email: string): Promise<number> {
  const call = <T>(method: string, route: string, body?: unknown) => apiCall<T>(stack.app.url, entry.token, method, route, body);
  const { person_id: ownerId } = await call<{ person_id: number }>("POST", "/api/persons/", { account_id: entry.accountId, account_primary_holder: false, is_addon: true, email });
  await call("POST", "/api/organization_users/", { organization_id: entry.organizationId, person_id: ownerId, primary_holder: false });
  return ownerId;
}

/** A person's identity check passed, as the provider reports it (a signed webhook). */
export async function passIdentity(stack: AppStack, personId: number): Promise<void> {
  const { raw, headers } = signedIdentityResult(personId, "GREEN", new Date(Date.now() - 1000), stack.config.identity.webhookSecret);
  const res = await fetch(`${stack.app.url}/api/sumsub/webhook`, { method: "POST", headers, body: raw });
  if (!res.ok) throw new Error(`identity result: HTTP ${res.status} ${await res.text()}`);
}

/** supabase-js's default storage key for an auth URL: sb-<first label of the host>-auth-token. */
export function storageKeyFor(authUrl: string): string {
  return `sb-${new URL(authUrl).hostname.split(".")[0]}-auth-token`;
}

/**
 * Puts the founder's session into the context's storage before any page loads. skipMfa marks
 * enrolment as skipped for the session, so the gate lets an aal1 founder straight through.
 * Pass `session` to reuse one already made instead of signing in again.
 */
export async function signInContext(
  context: BrowserContext,
  stack: AuthStack,
  founder: Pick<Founder, "email" | "password">,
  opts: { browserAuthUrl: string; skipMfa?: boolean; session?: Session },
): Promise<Session> {
  // A session already made for this founder is reused (many contexts, one sign-in).
  const session = opts.session ?? (await signInThroughApi(stack, founder));
  // Scripts run in the page, so they are passed as source text (the node-side types have no DOM).
  const key = JSON.stringify(storageKeyFor(opts.browserAuthUrl));
  await context.addInitScript(
    storageInitScript(
      `if (!localStorage.getItem(${key})) localStorage.setItem(${key}, ${JSON.stringify(JSON.stringify(session))});` +
        (opts.skipMfa ?? true ? `localStorage.setItem(${JSON.stringify(MFA_SKIPPED_KEY)}, ${JSON.stringify(session.user.id)});` : ""),
    ),
  );
  return session;
}
