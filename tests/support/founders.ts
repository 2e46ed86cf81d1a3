// The one place tests make people: auth users (admin API + password grant, as Supabase Auth issues
// tokens) and founders whose data is built through the app's own API: buildFounder (the route
// matrix's stages) and founderAt (the creation flow's stages, optionally with a signed-in page).
import { createClient, type RealtimeClientOptions, type Session } from "@supabase/supabase-js";
import type { BrowserContext } from "playwright-core";
import { randomUUID } from "node:crypto";
import ws from "ws";
import { LOCAL_SUPABASE, type Config } from "../../server/src/config";
import { createSumsubClient } from "../../server/src/identity/client";
import { externalUserIdFor } from "../../server/src/identity/verification";
import type { Role } from "../../server/src/contract/roles";
import { storageInitScript } from "./init-script";
import { FOUNDER_STRATEGY, timestampNow } from "../../server/src/contract/rules";
import type { AllData } from "../../server/src/contract/entities";
import type { E2E, OpenOptions, UiPage } from "./e2e-harness";
import { DAF_CHOICE, ORGANIZATION, PROFILE, signedIdentityResult } from "./entry";
import { call, expectStatus, httpApi, type Api, type Reply } from "./http";

/** Meets the product's password policy (requirements §5) and config.toml's. */
export const TEST_PASSWORD = "Sturdy#Pass42";

export function uniqueEmail(prefix = "founder"): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@example.com`;
}

/** An auth service: its root URL (without /auth/v1) and keys. A bare URL means a local stack with the Supabase CLI's public keys. */
export interface AuthService {
  url: string;
  anonKey: string;
  serviceRoleKey: string;
}
export type AuthTarget = AuthService | string;

const serviceOf = (target: AuthTarget): AuthService =>
  typeof target === "string"
    ? { url: target, anonKey: LOCAL_SUPABASE.anonKey, serviceRoleKey: LOCAL_SUPABASE.serviceRoleKey }
    : target;

export interface AuthUser {
  userId: string;
  email: string;
  token: string;
  refreshToken: string;
}

export interface NewAuthUser {
  id?: string;
  /** Default: a unique address starting with `label` (default "user"). */
  email?: string;
  label?: string;
  /** Default TEST_PASSWORD. */
  password?: string;
  /** Put in app_metadata.roles (unknown names are kept as given); none given: no app_metadata. */
  roles?: readonly (Role | string)[];
  userMetadata?: Record<string, unknown>;
}

/** A confirmed user made through the admin API with the service key (as an admin would), not signed in. */
export async function newAuthUser(
  target: AuthTarget,
  o: NewAuthUser = {},
): Promise<{ userId: string; email: string; password: string }> {
  const service = serviceOf(target);
  const email = o.email ?? uniqueEmail(o.label ?? "user");
  const password = o.password ?? TEST_PASSWORD;
  const body: Record<string, unknown> = { email, password, email_confirm: true };
  if (o.id) body.id = o.id;
  if (o.roles) body.app_metadata = { roles: o.roles };
  if (o.userMetadata) body.user_metadata = o.userMetadata;
  const created = await call(service.url, "POST", "/auth/v1/admin/users", {
    token: service.serviceRoleKey,
    headers: { apikey: service.serviceRoleKey },
    body,
  });
  expectStatus(created, 200, "admin create user");
  return { userId: (created.json as { id: string }).id, email, password };
}

/** A password sign-in (a new session) of an existing user. */
export async function signInWithPassword(
  target: AuthTarget,
  email: string,
  password = TEST_PASSWORD,
): Promise<AuthUser> {
  const service = serviceOf(target);
  const session = await call(service.url, "POST", "/auth/v1/token", {
    query: { grant_type: "password" },
    headers: { apikey: service.anonKey },
    body: { email, password },
  });
  expectStatus(session, 200, "password sign-in");
  const s = session.json as { access_token: string; refresh_token: string; user: { id: string } };
  return { userId: s.user.id, email, token: s.access_token, refreshToken: s.refresh_token };
}

/** A new confirmed user, signed in (aal1). */
export async function createAuthUser(target: AuthTarget, o: NewAuthUser = {}): Promise<AuthUser> {
  const { email, password } = await newAuthUser(target, o);
  return signInWithPassword(target, email, password);
}

export async function deleteAuthUser(target: AuthTarget, userId: string): Promise<void> {
  const service = serviceOf(target);
  expectStatus(
    await call(service.url, "DELETE", `/auth/v1/admin/users/${userId}`, {
      token: service.serviceRoleKey,
      headers: { apikey: service.serviceRoleKey },
    }),
    200,
    "admin delete user",
  );
}

// A founder's data through the app's API: one function per step.

const ok = async <T>(reply: Promise<Reply>, status: number, what: string): Promise<T> => {
  const res = await reply;
  expectStatus(res, status, what);
  return res.json as T;
};

/** The user's account id (GET /api/accounts/user/{sub} makes the account on first call). */
export async function accountOf(api: Api, user: Pick<AuthUser, "userId" | "token">): Promise<number> {
  return (
    await ok<{ account_id: number }>(
      api("GET", `/api/accounts/user/${user.userId}`, { token: user.token }),
      200,
      "account lookup",
    )
  ).account_id;
}

/** A person of the account: the primary holder (with a profile) or an add-on owner (just an address). */
export async function addPerson(
  api: Api,
  token: string,
  accountId: number,
  person: { holder: Record<string, unknown> } | { ownerEmail: string },
): Promise<number> {
  const body =
    "holder" in person
      ? { account_id: accountId, account_primary_holder: true, ...person.holder }
      : { account_id: accountId, account_primary_holder: false, is_addon: true, email: person.ownerEmail };
  return (
    await ok<{ person_id: number }>(
      api("POST", "/api/persons/", { token, body }),
      201,
      "holder" in person ? "create primary holder" : "create add-on owner",
    )
  ).person_id;
}

export async function createStrategy(api: Api, token: string, accountId: number): Promise<number> {
  return (
    await ok<{ strategy_id: number }>(
      api("POST", "/api/strategies/", { token, body: { account_id: accountId, strategy_type: FOUNDER_STRATEGY } }),
      201,
      "create strategy",
    )
  ).strategy_id;
}

export async function createOrganization(
  api: Api,
  token: string,
  strategyId: number,
  organization: Record<string, unknown> = ORGANIZATION,
): Promise<number> {
  return (
    await ok<{ organization_id: number }>(
      api("POST", "/api/organizations/", { token, body: { strategy_id: strategyId, ...organization } }),
      201,
      "create organization",
    )
  ).organization_id;
}

export async function linkOwner(
  api: Api,
  token: string,
  organizationId: number,
  personId: number,
  primaryHolder: boolean,
): Promise<void> {
  await ok(
    api("POST", "/api/organization_users/", {
      token,
      body: { organization_id: organizationId, person_id: personId, primary_holder: primaryHolder },
    }),
    201,
    "link owner",
  );
}

/** Step 4: the DAF and custodian chosen (the organization's other fields sent again unchanged). */
export async function chooseDaf(
  api: Api,
  token: string,
  organizationId: number,
  organization: Record<string, unknown> = ORGANIZATION,
  daf: Record<string, unknown> = DAF_CHOICE,
): Promise<void> {
  await ok(
    api("PUT", `/api/organizations/${organizationId}`, { token, body: { ...organization, ...daf } }),
    200,
    "DAF step",
  );
}

/** The identity provider an app talks to (its config.identity), as test support drives it. */
export type IdentityAccess = Pick<
  Config["identity"],
  "baseUrl" | "appToken" | "secretKey" | "webhookSecret" | "levelName"
>;

/** A check of the person completed with `answer` at the app's identity provider; returns the applicant id. */
export async function completeCheck(
  identity: IdentityAccess,
  personId: number,
  answer: "GREEN" | "RED",
): Promise<string> {
  const sumsub = createSumsubClient(identity);
  const externalUserId = externalUserIdFor(personId);
  const applicant =
    (await sumsub.getApplicantByExternalUserId(externalUserId)) ??
    (await sumsub.createApplicant({ externalUserId, levelName: identity.levelName }));
  await sumsub.requestCheck(applicant.id);
  await sumsub.testCompleted(
    applicant.id,
    answer === "GREEN"
      ? { reviewAnswer: "GREEN" }
      : { reviewAnswer: "RED", rejectLabels: ["UNSATISFACTORY_PHOTOS"], reviewRejectType: "FINAL" },
  );
  return applicant.id;
}

/** A person's identity result: the provider's own check, then its signed webhook posted with time `at`. */
export async function postIdentityResult(
  t: AppUnderTest,
  personId: number,
  answer: "GREEN" | "RED",
  at = new Date(),
): Promise<Reply> {
  const applicantId = await completeCheck(t.config.identity, personId, answer);
  const { raw, headers } = signedIdentityResult(personId, answer, at, t.config.identity.webhookSecret, applicantId);
  return t.api("POST", "/api/sumsub/webhook", { rawBody: raw, headers });
}

/** The route matrix's stages: "full" has holder, add-on owner and organization; "complete" can be approved. */
export type Stage = "account" | "strategy" | "full" | "complete";
const STAGES: readonly Stage[] = ["account", "strategy", "full", "complete"];

export interface ApiFounder extends AuthUser {
  auth: { Authorization: string };
  /** Unique text in this founder's records (names, city, emails) unless built plain; never in anyone else's response. */
  marker: string;
  /** SSN digits stored for the primary holder. */
  ssn: string;
  accountId: number;
  personId?: number;
  addonId?: number;
  strategyId?: number;
  organizationId?: number;
  notificationId?: number;
}

export interface BuildOptions {
  /** Plain: the entry's fixed values; default: a marker in names, city, emails and a unique SSN, to find leaks. */
  plain?: boolean;
  /** The app's identity provider: needed from stage "complete" on (its identity check). */
  identity?: IdentityAccess;
}

let ssnCounter = 0;
/** A distinct valid SSN per founder (area 100-899, never 000/666/9xx), so leaks are attributable. */
export function uniqueSsn(): string {
  ssnCounter += 1;
  const n = (process.pid * 7919 + ssnCounter * 104729 + Date.now()) % 1_000_000;
  return `${100 + (n % 700)}${String(10 + (ssnCounter % 89)).padStart(2, "0")}${String(1000 + (n % 9000)).padStart(4, "0")}`;
}

/** A signed-in user's founder data built through the app's API up to `stage`. */
export async function buildFounder(
  app: Api | string,
  user: AuthUser,
  stage: Stage = "full",
  opts: BuildOptions = {},
): Promise<ApiFounder> {
  const api = typeof app === "string" ? httpApi(app) : app;
  const marker = `Mk${randomUUID().replace(/-/g, "").slice(0, 12)}`;
  const f: ApiFounder = {
    ...user,
    auth: { Authorization: `Bearer ${user.token}` },
    marker,
    ssn: opts.plain ? PROFILE.ssn : uniqueSsn(),
    accountId: await accountOf(api, user),
  };
  return advanceFounder(api, f, stage, opts);
}

/** Takes a founder from where it is (the ids it has) to `stage`. */
export async function advanceFounder(
  api: Api,
  f: ApiFounder,
  stage: Stage,
  opts: BuildOptions = {},
): Promise<ApiFounder> {
  const upTo = (s: Stage) => STAGES.indexOf(stage) >= STAGES.indexOf(s);
  const organization = opts.plain ? ORGANIZATION : { ...ORGANIZATION, name_1: `${f.marker} LLC` };
  // Holder and owner first, then the strategy and its organization: the API suites read the audit trail in this order.
  if (upTo("full") && f.personId === undefined) {
    const holder = opts.plain
      ? PROFILE
      : { ...PROFILE, first_name: f.marker, city: f.marker, ssn: f.ssn, email: f.email };
    f.personId = await addPerson(api, f.token, f.accountId, { holder });
    f.addonId = await addPerson(api, f.token, f.accountId, {
      ownerEmail: opts.plain ? `owner-${f.accountId}@example.com` : `${f.marker.toLowerCase()}@example.com`,
    });
  }
  if (upTo("strategy") && f.strategyId === undefined) f.strategyId = await createStrategy(api, f.token, f.accountId);
  if (upTo("full") && f.organizationId === undefined) {
    f.organizationId = await createOrganization(api, f.token, f.strategyId!, organization);
    await linkOwner(api, f.token, f.organizationId, f.personId!, true);
    const notes = await ok<Array<{ notification_id: number }>>(
      api("GET", "/api/notifications/", { token: f.token, query: { include_read: true } }),
      200,
      "list notifications",
    );
    f.notificationId = notes[0]?.notification_id;
  }
  if (upTo("complete")) {
    if (!opts.identity) throw new Error('stage "complete" needs the app\'s identity provider (BuildOptions.identity)');
    expectStatus(
      await postIdentityResult(
        { api, config: { identity: opts.identity } },
        f.personId!,
        "GREEN",
        new Date(Date.now() - 1000),
      ),
      200,
      "identity result",
    );
    await chooseDaf(api, f.token, f.organizationId!, organization);
  }
  return f;
}

/** An app under test as the builders need it: its API and its identity provider (a TestApp). */
export interface AppUnderTest {
  api: Api;
  config: { identity: IdentityAccess };
}

/** The ids of a founder's plain entry. */
export interface FounderData {
  personId: number;
  addonId: number;
  strategyId: number;
  organizationId: number;
}

/** A plain entry (stage "full": Ada Lovelace, her LLC, an add-on owner) for a founder made at stage "account"; its ids. */
export async function buildFounderData(t: AppUnderTest, f: ApiFounder): Promise<FounderData> {
  // A copy: the same founder may get a second entry.
  const built = await advanceFounder(t.api, { ...f }, "full", { plain: true, identity: t.config.identity });
  return {
    personId: built.personId!,
    addonId: built.addonId!,
    strategyId: built.strategyId!,
    organizationId: built.organizationId!,
  };
}

/** Makes a plain entry complete (DAF and custodian chosen, identity check passed), ready to submit. */
export async function completeEntry(t: AppUnderTest, f: ApiFounder, d: FounderData): Promise<void> {
  await advanceFounder(t.api, { ...f, ...d }, "complete", { plain: true, identity: t.config.identity });
}

/** Every string that belongs to this (marked) founder alone; none may appear in another caller's response. */
export function privateStrings(f: ApiFounder): string[] {
  return [
    f.marker,
    f.marker.toLowerCase(),
    f.email,
    f.userId,
    f.ssn,
    `${f.ssn.slice(0, 3)}-${f.ssn.slice(3, 5)}-${f.ssn.slice(5)}`,
  ];
}

// Founders for browser suites and the bench (signed in as the web signs in: supabase-js)

export interface Founder {
  id: string;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

/** The localStorage key (value: the user id) the sign-in gate sets when a user skips TOTP enrolment (web/src/features/auth/store.ts). */
export const MFA_SKIPPED_KEY = "mfaEnrollSkipped";

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

/** Who a new founder is: name, address and password (defaults below), and roles in app_metadata (none by default, as at sign-up). */
export interface FounderDetails extends Partial<Omit<Founder, "id">> {
  roles?: readonly (Role | string)[];
}

/** A confirmed founder created with the service key (as an admin would), ready to sign in. */
export async function createFounder(stack: AuthStack, overrides: FounderDetails = {}): Promise<Founder> {
  const founder = {
    email: overrides.email ?? uniqueEmail(),
    password: overrides.password ?? "Founder-pass1!",
    firstName: overrides.firstName ?? "Ada",
    lastName: overrides.lastName ?? "Lovelace",
  };
  const { userId } = await newAuthUser(stack.config.auth, {
    email: founder.email,
    password: founder.password,
    roles: overrides.roles,
    userMetadata: { full_name: `${founder.firstName} ${founder.lastName}`, name: founder.firstName },
  });
  return { id: userId, ...founder };
}

export async function signInThroughApi(
  stack: AuthStack,
  founder: Pick<Founder, "email" | "password">,
): Promise<Session> {
  const { data, error } = await authClient(stack.config.auth.url, stack.config.auth.anonKey).auth.signInWithPassword(
    founder,
  );
  if (error) throw error;
  return data.session;
}

/** A stack's app beside its auth service; the identity provider too where a check is passed (a TestStack has all three). */
export interface AppOnStack extends AuthStack {
  app: { url: string };
  config: AuthStack["config"] & { identity?: IdentityAccess };
}

/** An additional owner (just the address, as step 3 adds one) linked to the entry's organization; their person id. */
export async function addOwner(
  stack: AppOnStack,
  entry: Pick<EntryFounder, "token" | "accountId" | "organizationId">,
  email: string,
): Promise<number> {
  const api = httpApi(stack.app.url);
  const ownerId = await addPerson(api, entry.token, entry.accountId, { ownerEmail: email });
  await linkOwner(api, entry.token, entry.organizationId, ownerId, false);
  return ownerId;
}

/** A person's identity check passed, as the provider reports it (a signed webhook): the stack needs its identity provider. */
export async function passIdentity(stack: AppOnStack, personId: number): Promise<void> {
  const { identity } = stack.config;
  if (!identity) throw new Error("passing an identity check needs the stack's identity provider (config.identity)");
  expectStatus(
    await postIdentityResult(
      { api: httpApi(stack.app.url), config: { identity } },
      personId,
      "GREEN",
      new Date(Date.now() - 1000),
    ),
    200,
    "identity result",
  );
}

/** The creation flow's stages (requirements §4): signed up; profile (step 2); entry (steps 1, 3, 4); identity; submitted. */
export const FOUNDER_STAGES = ["signed-up", "profile", "entry", "identity", "submitted"] as const;
export type FounderStage = (typeof FOUNDER_STAGES)[number];

export interface SignedUpFounder extends Founder {
  token: string;
  session: Session;
}
export interface ProfiledFounder extends SignedUpFounder {
  accountId: number;
  personId: number;
}
export interface EntryFounder extends ProfiledFounder {
  strategyId: number;
  organizationId: number;
  /** The additional owners, in the order asked for. */
  owners: Array<{ email: string; personId: number }>;
}
/** The founder founderAt returns: the ids its stage has made. */
export type FounderAt<S extends FounderStage> = S extends "signed-up"
  ? SignedUpFounder
  : S extends "profile"
    ? ProfiledFounder
    : EntryFounder;

export interface FounderAtOptions {
  /** The auth user's name, address, password and roles (default: Ada Lovelace at a unique address, no roles). */
  founder?: FounderDetails;
  /** The primary holder as the API takes it (default the entry's PROFILE). */
  profile?: Record<string, unknown>;
  /** Step 1's organization (default ORGANIZATION) and step 4's choice (default DAF_CHOICE). */
  organization?: Record<string, unknown>;
  daf?: Record<string, unknown>;
  /** Additional owners' addresses, added and linked at "entry" (default none). Not mailed: that is Approve's call in the web. */
  owners?: readonly string[];
}

/** Where the founder is made: a stack (the bench, API-only set-up), or the browser harness, which also opens a page signed in as them. */
export type FounderAtTarget =
  { on: AppOnStack } | { browser: Pick<E2E, "stack" | "open">; open?: Omit<OpenOptions, "as"> };

/** A founder taken to `stage` through the API, the stage read back (stageOf); with `browser`, a page signed in as them. */
export async function founderAt<S extends FounderStage>(
  stage: S,
  o: FounderAtOptions & { browser: Pick<E2E, "stack" | "open">; open?: Omit<OpenOptions, "as"> },
): Promise<FounderAt<S> & { ui: UiPage }>;
export async function founderAt<S extends FounderStage>(
  stage: S,
  o: FounderAtOptions & { on: AppOnStack },
): Promise<FounderAt<S>>;
export async function founderAt(
  stage: FounderStage,
  o: FounderAtOptions & FounderAtTarget,
): Promise<SignedUpFounder & Partial<EntryFounder> & { ui?: UiPage }> {
  const stack = "browser" in o ? o.browser.stack : o.on;
  const api = httpApi(stack.app.url);
  const reaches = (s: FounderStage) => FOUNDER_STAGES.indexOf(stage) >= FOUNDER_STAGES.indexOf(s);
  const founder = await createFounder(stack, o.founder);
  const session = await signInThroughApi(stack, founder);
  const f: SignedUpFounder & Partial<EntryFounder> = { ...founder, token: session.access_token, session };
  if (reaches("profile")) {
    f.accountId = await accountOf(api, { userId: f.id, token: f.token });
    f.personId = await addPerson(api, f.token, f.accountId, { holder: o.profile ?? PROFILE });
  }
  if (reaches("entry")) {
    const organization = o.organization ?? ORGANIZATION;
    f.strategyId = await createStrategy(api, f.token, f.accountId!);
    f.organizationId = await createOrganization(api, f.token, f.strategyId, organization);
    await linkOwner(api, f.token, f.organizationId, f.personId!, true);
    f.owners = [];
    for (const email of o.owners ?? [])
      f.owners.push({ email, personId: await addOwner(stack, f as EntryFounder, email) });
    await chooseDaf(api, f.token, f.organizationId, organization, o.daf);
  }
  if (reaches("identity")) await passIdentity(stack, f.personId!);
  if (reaches("submitted")) {
    await ok(
      api("PUT", `/api/strategies/${f.strategyId}`, {
        token: f.token,
        body: { entry_completed_at: timestampNow(), attested: true },
      }),
      200,
      "Approve",
    );
  }
  if (reaches("profile")) {
    const all = await ok<AllData>(
      api("GET", `/api/accounts/${f.accountId}/all_data`, { token: f.token }),
      200,
      "all_data",
    );
    const reached = stageOf(all);
    if (reached !== stage) throw new Error(`founderAt("${stage}"): the API shows the founder at "${reached}"`);
    const owners = all.persons.filter((p) => !p.account_primary_holder).map((p) => p.email);
    if (owners.join() !== (o.owners ?? []).join())
      throw new Error(
        `founderAt("${stage}"): the API lists the owners [${owners.join(", ")}], not [${(o.owners ?? []).join(", ")}]`,
      );
  }
  if ("browser" in o) return { ...f, ui: await o.browser.open({ ...o.open, as: f }) };
  return f;
}

/** The stage a founder's record is at, as the API shows it (GET /api/accounts/{id}/all_data); short of a stage is the one before. */
export function stageOf(all: AllData): FounderStage {
  const holder = all.account.primary_account_holder;
  if (!holder) return "signed-up";
  const strategy = all.strategies[0];
  const organization = strategy && all.organizations.find((org) => org.strategy_id === strategy.strategy_id);
  const linked =
    organization &&
    all.organization_users.some(
      (u) => u.organization_id === organization.organization_id && u.person_id === holder.person_id && u.primary_holder,
    );
  if (!organization || !linked || !organization.donor_advised_fund || !organization.custodian) return "profile";
  if (holder.sumsub_review_answer !== "GREEN") return "entry";
  return strategy.entry_completed_at ? "submitted" : "identity";
}

/** supabase-js's default storage key for an auth URL: sb-<first label of the host>-auth-token. */
export function storageKeyFor(authUrl: string): string {
  return `sb-${new URL(authUrl).hostname.split(".")[0]}-auth-token`;
}

/** The founder's session in the context's storage before any page loads; skipMfa lets an aal1 founder through. */
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
        ((opts.skipMfa ?? true)
          ? `localStorage.setItem(${JSON.stringify(MFA_SKIPPED_KEY)}, ${JSON.stringify(session.user.id)});`
          : ""),
    ),
  );
  return session;
}
