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
import { PROFILE } from "./entry";

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
  email: string;
  token: string;
  accountId: number;
  personId: number;
}

export async function createFounderWithProfile(stack: AuthStack, appUrl: string): Promise<ProfiledFounder> {
  const f = await createFounder(stack);
  const token = (await signInThroughApi(stack, f)).access_token;
  const { account_id: accountId } = await apiCall<{ account_id: number }>(appUrl, token, "GET", `/api/accounts/user/${f.id}`);
  const body = { account_id: accountId, account_primary_holder: true, ...PROFILE };
  const { person_id: personId } = await apiCall<{ person_id: number }>(appUrl, token, "POST", "/api/persons/", body);
  return { email: f.email, token, accountId, personId };
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
