// The one place tests make people: createAuthUser (admin API + password grant, as Supabase Auth issues
// tokens) and founderAt, the one founder builder (the creation flow's stages, through the app's own API).
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

export interface Founder {
  id: string;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

export interface SignedInUser extends AuthUser, Founder {
  session: Session;
}

export interface NewAuthUser {
  id?: string;
  /** Default: a unique address starting with `label` (default "user"). */
  email?: string;
  label?: string;
  password?: string;
  /** Put in app_metadata.roles (unknown names are kept as given); none given: no app_metadata. */
  roles?: readonly (Role | string)[];
  firstName?: string;
  lastName?: string;
}

async function newAuthUser(
  target: AuthTarget,
  o: NewAuthUser,
  password: string,
): Promise<{ id: string; email: string }> {
  const service = serviceOf(target);
  const email = o.email ?? uniqueEmail(o.label ?? "user");
  const name = { full_name: `${o.firstName ?? "Ada"} ${o.lastName ?? "Lovelace"}`, name: o.firstName ?? "Ada" };
  const body: Record<string, unknown> = { email, password, email_confirm: true, user_metadata: name };
  if (o.id) body.id = o.id;
  if (o.roles) body.app_metadata = { roles: o.roles };
  const created = await call(service.url, "POST", "/auth/v1/admin/users", {
    token: service.serviceRoleKey,
    headers: { apikey: service.serviceRoleKey },
    body,
  });
  expectStatus(created, 200, "admin create user");
  return { id: (created.json as { id: string }).id, email };
}

export async function signInWithPassword(
  target: AuthTarget,
  email: string,
  password = TEST_PASSWORD,
): Promise<AuthUser & { session: Session }> {
  const service = serviceOf(target);
  const reply = await call(service.url, "POST", "/auth/v1/token", {
    query: { grant_type: "password" },
    headers: { apikey: service.anonKey },
    body: { email, password },
  });
  expectStatus(reply, 200, "password sign-in");
  const session = reply.json as Session;
  return { userId: session.user.id, email, token: session.access_token, refreshToken: session.refresh_token, session };
}

/** The one way tests make a user: confirmed through the admin API (as an admin would), then signed in (aal1). */
export async function createAuthUser(target: AuthTarget, o: NewAuthUser = {}): Promise<SignedInUser> {
  const password = o.password ?? TEST_PASSWORD;
  const { id, email } = await newAuthUser(target, o, password);
  const signedIn = await signInWithPassword(target, email, password);
  return { ...signedIn, id, password, firstName: o.firstName ?? "Ada", lastName: o.lastName ?? "Lovelace" };
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
async function chooseDaf(
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

let ssnCounter = 0;
/** A distinct issued SSN per founder (area 100-799 but 666, group 10-98, serial 1000-9999), so leaks are attributable. */
export function uniqueSsn(): string {
  ssnCounter += 1;
  const n = (process.pid * 7919 + ssnCounter * 104729 + Date.now()) % 1_000_000;
  const area = 100 + (n % 700);
  return `${area === 666 ? 667 : area}${String(10 + (ssnCounter % 89)).padStart(2, "0")}${String(1000 + (n % 9000)).padStart(4, "0")}`;
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

/** The localStorage key (value: the user id) the sign-in gate sets when a user skips TOTP enrolment (web/src/features/auth/store.ts). */
export const MFA_SKIPPED_KEY = "mfaEnrollSkipped";

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

type FounderDetails = Partial<Omit<Founder, "id">> & Pick<NewAuthUser, "roles">;

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
interface AppInProcess extends AuthStack {
  api: Api;
  config: AuthStack["config"] & { identity?: IdentityAccess };
}
export interface AppUnderTest {
  api: Api;
  config: { identity: IdentityAccess };
}
type AnyApp = AppOnStack | AppInProcess;
/** An app at appUrl with the auth service at `auth` (a bare URL: a local stack's keys), as founderAt's `on`. */
export const appAt = (appUrl: string, auth: AuthTarget): AppOnStack => ({
  app: { url: appUrl },
  config: { auth: serviceOf(auth) },
});
type Reach = ({ app: { url: string } } | { api: Api }) & { config: { identity?: IdentityAccess } };
const apiOf = (on: Reach): Api => ("api" in on ? on.api : httpApi(on.app.url));

/** An additional owner (just the address, as step 3 adds one) linked to the entry's organization; their person id. */
export async function addOwner(
  stack: Reach,
  entry: Pick<EntryFounder, "token" | "accountId" | "organizationId">,
  email: string,
): Promise<number> {
  const api = apiOf(stack);
  const ownerId = await addPerson(api, entry.token, entry.accountId, { ownerEmail: email });
  await linkOwner(api, entry.token, entry.organizationId, ownerId, false);
  return ownerId;
}

/** A person's identity check passed, as the provider reports it (a signed webhook): the stack needs its identity provider. */
export async function passIdentity(stack: Reach, personId: number): Promise<void> {
  const { identity } = stack.config;
  if (!identity) throw new Error("passing an identity check needs the stack's identity provider (config.identity)");
  expectStatus(
    await postIdentityResult(
      { api: apiOf(stack), config: { identity } },
      personId,
      "GREEN",
      new Date(Date.now() - 1000),
    ),
    200,
    "identity result",
  );
}

/** The one stage vocabulary, the creation flow's (requirements §4): signed up; profile (step 2); entry (steps 1, 3, 4); identity; submitted. */
const FOUNDER_STAGES = ["signed-up", "profile", "entry", "identity", "submitted"] as const;
export type FounderStage = (typeof FOUNDER_STAGES)[number];

export interface SignedUpFounder extends SignedInUser {
  auth: { Authorization: string };
  /** Unique text in this founder's records (names, city, emails) when built marked; never in anyone else's response. */
  marker: string;
  ssn: string;
  accountId: number;
  strategyId?: number;
}
export interface ProfiledFounder extends SignedUpFounder {
  personId: number;
  addonId?: number;
}
export interface EntryFounder extends ProfiledFounder {
  strategyId: number;
  organizationId: number;
  owners: Array<{ email: string; personId: number }>;
  notificationId?: number;
}
export type FounderAt<S extends FounderStage> = S extends "signed-up"
  ? SignedUpFounder
  : S extends "profile"
    ? ProfiledFounder
    : EntryFounder;
export type ApiFounder = SignedUpFounder & Partial<EntryFounder>;

export interface FounderAtOptions {
  founder?: FounderDetails;
  /** A user already made and signed in (createAuthUser), e.g. with an aal2 token, instead of a new one. */
  user?: SignedInUser;
  /** A marker in names, city, emails and a unique SSN, to find leaks (default: the entry's fixed values). */
  marked?: boolean;
  /** At "signed-up": a strategy with no profile (the route matrix's bare strategy). */
  strategy?: boolean;
  /** From "profile": an add-on owner right after the holder, not linked (default: when marked). */
  addOnOwner?: boolean;
  /** The primary holder as the API takes it (default the entry's PROFILE). */
  profile?: Record<string, unknown>;
  /** Step 1's organization (default ORGANIZATION) and step 4's choice (default DAF_CHOICE; false: step 4 not done). */
  organization?: Record<string, unknown>;
  daf?: Record<string, unknown> | false;
  /** Additional owners' addresses, added and linked at "entry" (default none). Not mailed: that is Approve's call in the web. */
  owners?: readonly string[];
}

/** Where the founder is made: an app (a stack, a TestApp), or the browser harness, which also opens a page signed in as them. */
export type FounderAtTarget = { on: AnyApp } | { browser: Pick<E2E, "stack" | "open">; open?: Omit<OpenOptions, "as"> };

type Building = SignedUpFounder & Partial<EntryFounder> & { dafChosen?: boolean };

async function advance(on: Reach, f: Building, stage: FounderStage, o: FounderAtOptions): Promise<Building> {
  const api = apiOf(on);
  const reaches = (s: FounderStage) => FOUNDER_STAGES.indexOf(stage) >= FOUNDER_STAGES.indexOf(s);
  const base = o.organization ?? ORGANIZATION;
  const organization = o.marked ? { ...base, name_1: `${f.marker} LLC` } : base;
  if (o.strategy && stage !== "signed-up") throw new Error('the strategy option is for stage "signed-up"');
  if (o.strategy && f.strategyId === undefined) f.strategyId = await createStrategy(api, f.token, f.accountId);
  // Holder and add-on owner first, then the strategy and its organization: the API suites read the audit trail in this order.
  if (reaches("profile") && f.personId === undefined) {
    const profile = o.profile ?? PROFILE;
    const holder = o.marked
      ? { ...profile, first_name: f.marker, city: f.marker, ssn: f.ssn, email: f.email }
      : profile;
    f.personId = await addPerson(api, f.token, f.accountId, { holder });
    if (o.addOnOwner ?? o.marked)
      f.addonId = await addPerson(api, f.token, f.accountId, {
        ownerEmail: o.marked ? `${f.marker.toLowerCase()}@example.com` : `owner-${f.accountId}@example.com`,
      });
  }
  if (reaches("entry") && f.organizationId === undefined) {
    f.strategyId = await createStrategy(api, f.token, f.accountId);
    f.organizationId = await createOrganization(api, f.token, f.strategyId, organization);
    await linkOwner(api, f.token, f.organizationId, f.personId!, true);
    f.owners = [];
    for (const email of o.owners ?? [])
      f.owners.push({ email, personId: await addOwner(on, f as EntryFounder, email) });
    const notes = await ok<Array<{ notification_id: number }>>(
      api("GET", "/api/notifications/", { token: f.token, query: { include_read: true } }),
      200,
      "list notifications",
    );
    f.notificationId = notes[0]?.notification_id;
  }
  if (reaches("entry") && o.daf !== false && !f.dafChosen) {
    await chooseDaf(api, f.token, f.organizationId!, organization, o.daf);
    f.dafChosen = true;
  }
  if (reaches("identity")) await passIdentity(on, f.personId!);
  if (reaches("submitted"))
    await ok(
      api("PUT", `/api/strategies/${f.strategyId}`, {
        token: f.token,
        body: { entry_completed_at: timestampNow(), attested: true },
      }),
      200,
      "Approve",
    );
  return f;
}

/** The one founder builder: a signed-in founder taken to `stage` through the API, the stage read back (stageOf); with `browser`, a page signed in as them. */
export async function founderAt<S extends FounderStage>(
  stage: S,
  o: FounderAtOptions & { browser: Pick<E2E, "stack" | "open">; open?: Omit<OpenOptions, "as"> },
): Promise<FounderAt<S> & { ui: UiPage }>;
export async function founderAt<S extends FounderStage>(
  stage: S,
  o: FounderAtOptions & { on: AnyApp },
): Promise<FounderAt<S>>;
export async function founderAt(
  stage: FounderStage,
  o: FounderAtOptions & FounderAtTarget,
): Promise<ApiFounder & { ui?: UiPage }> {
  const on = "browser" in o ? o.browser.stack : o.on;
  const api = apiOf(on);
  const user = o.user ?? (await createAuthUser(on.config.auth, { ...o.founder, label: "founder" }));
  const marker = `Mk${randomUUID()
    .replace(/-/g, "")
    .slice(0, 12)
    .replace(/\d/g, (d) => "ghijklmnop"[Number(d)]!)}`; // letters only: the marker is a name too
  const f: Building = {
    ...user,
    auth: { Authorization: `Bearer ${user.token}` },
    marker,
    ssn: o.marked ? uniqueSsn() : String((o.profile ?? PROFILE).ssn),
    accountId: await accountOf(api, user),
  };
  await advance(on, f, stage, o);
  delete f.dafChosen;
  if (FOUNDER_STAGES.indexOf(stage) >= FOUNDER_STAGES.indexOf("profile")) {
    const all = await ok<AllData>(
      api("GET", `/api/accounts/${f.accountId}/all_data`, { token: f.token }),
      200,
      "all_data",
    );
    const reached = stageOf(all);
    const expected = o.daf === false && stage !== "profile" ? "profile" : stage;
    if (reached !== expected) throw new Error(`founderAt("${stage}"): the API shows the founder at "${reached}"`);
    const owners = all.persons.filter((p) => !p.account_primary_holder).map((p) => p.email);
    const asked = [
      ...(f.addonId === undefined ? [] : [all.persons.find((p) => p.person_id === f.addonId)?.email]),
      ...(o.owners ?? []),
    ];
    if (owners.join() !== asked.join())
      throw new Error(
        `founderAt("${stage}"): the API lists the owners [${owners.join(", ")}], not [${asked.join(", ")}]`,
      );
  }
  if ("browser" in o) return { ...f, ui: await o.browser.open({ ...o.open, as: f }) };
  return f;
}

export interface FounderData {
  personId: number;
  addonId: number;
  strategyId: number;
  organizationId: number;
}

/** A plain entry (Ada Lovelace, her LLC, an add-on owner; step 4 not done) for a founder made at "signed-up"; its ids. */
export async function buildFounderData(t: AppUnderTest, f: ApiFounder): Promise<FounderData> {
  const built = await advance(t, { ...f }, "entry", { addOnOwner: true, daf: false });
  return {
    personId: built.personId!,
    addonId: built.addonId!,
    strategyId: built.strategyId!,
    organizationId: built.organizationId!,
  };
}

/** Makes a plain entry complete (DAF and custodian chosen, identity check passed), ready to submit. */
export async function completeEntry(t: AppUnderTest, f: ApiFounder, d: FounderData): Promise<void> {
  await advance(t, { ...f, ...d }, "identity", {});
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
