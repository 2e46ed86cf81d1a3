// One case per status GoTrue's OpenAPI document gives each operation: the request that makes a
// GoTrue answer that status, sent over HTTP to a running emulator (contract.test.ts). Requests
// carry no X-Supabase-Api-Version, so errors come in the legacy shape the document describes.
import { randomUUID } from "node:crypto";
import { generateSync } from "otplib";
import type { AuthEmulator } from "../index";

export interface Answer {
  status: number;
  location: string | null;
  body: unknown;
}

interface Options {
  query?: Record<string, string>;
  body?: unknown;
  /** Authorization: Bearer <token>; none when absent. */
  bearer?: string;
  /** The apikey header; the anon key when absent, none when null. */
  apikey?: string | null;
  /** A form post instead of JSON. */
  form?: boolean;
}
type Call = Options & { method: string; path: string };
type Json = Record<string, unknown>;
type Run = (f: Fixtures) => Promise<Answer>;

interface Expectation {
  /** GoTrue's error_code for an error status. */
  code?: string;
  run: Run;
}

export interface OperationCases {
  statuses: Record<string, Expectation>;
  /** A documented status no request provokes here, and why. */
  unprovoked?: Record<string, string>;
}

/** An operation answered as a GoTrue with its feature off (the package README lists each). */
export interface AbsentOperation {
  absent: string;
  status: number;
  code?: string;
  run: Run;
}

interface SignedIn {
  id: string;
  email: string;
  access: string;
  refresh: string;
}

const PASSWORD = "contract-password-1";
const BCRYPT_OF_PASSWORD = "$2b$04$gZXozXlu5gHpEqXQKVes1eCP3oSbO7ubrXewpUugXQ.f7Q32kxeo.";
/** Operations with a case before GoTrue's document lists them (an upstream pull request documents them). */
export const UPCOMING = new Set(["POST /admin/users"]);
export const TEST_PHONE = "15550001111";
export const TEST_PHONE_OTP = "123456";
const totpCode = (secret: string) => generateSync({ secret, algorithm: "sha1", digits: 6, period: 30 });
const address = (prefix: string) => `${prefix}-${randomUUID()}@example.com`;

export class Fixtures {
  constructor(
    readonly emu: AuthEmulator,
    /** The same settings with every rate limit at its least, for the 429 cases. */
    readonly tight: AuthEmulator,
  ) {}

  async call(c: Call, emu: AuthEmulator = this.emu): Promise<Answer> {
    const url = new URL(`${emu.url}/auth/v1${c.path}`);
    for (const [k, v] of Object.entries(c.query ?? {})) url.searchParams.set(k, v);
    const headers: Record<string, string> = {};
    if (c.apikey !== null) headers.apikey = c.apikey ?? emu.anonKey;
    if (c.bearer) headers.authorization = `Bearer ${c.bearer}`;
    let body: string | undefined;
    if (c.body !== undefined) {
      headers["content-type"] = c.form ? "application/x-www-form-urlencoded" : "application/json";
      const form = () => new URLSearchParams(c.body as Record<string, string>).toString();
      body = c.form ? form() : typeof c.body === "string" ? c.body : JSON.stringify(c.body);
    }
    const res = await fetch(url, { method: c.method, headers, body, redirect: "manual" });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // A redirect or HTML page: kept as text.
    }
    return { status: res.status, location: res.headers.get("location"), body: parsed };
  }

  req(method: string, path: string, o: Options = {}, emu = this.emu): Promise<Answer> {
    return this.call({ ...o, method, path }, emu);
  }

  /** With the service_role key. */
  admin(method: string, path: string, body?: unknown, emu = this.emu): Promise<Answer> {
    return this.call({ method, path, body, apikey: emu.serviceRoleKey, bearer: emu.serviceRoleKey }, emu);
  }

  /** The answer's body, or a throw when it is not a success. */
  async ok(answer: Promise<Answer>): Promise<Json> {
    const a = await answer;
    if (a.status >= 300) throw new Error(`${a.status} ${JSON.stringify(a.body)}`);
    return a.body as Json;
  }

  /** A confirmed user made by the admin API, signed in with a password. */
  async user(emu: AuthEmulator = this.emu): Promise<SignedIn> {
    const email = address("c");
    const created = await this.ok(
      this.admin("POST", "/admin/users", { email, password: PASSWORD, email_confirm: true }, emu),
    );
    const query = { grant_type: "password" };
    const s = await this.ok(this.req("POST", "/token", { query, body: { email, password: PASSWORD } }, emu));
    return { id: created.id as string, email, access: s.access_token as string, refresh: s.refresh_token as string };
  }

  /** A user with an unverified TOTP factor, its secret, and a challenge of it. */
  async totp(emu: AuthEmulator = this.emu) {
    const u = await this.user(emu);
    const body = { factor_type: "totp", friendly_name: randomUUID() };
    const factor = await this.ok(this.req("POST", "/factors", { bearer: u.access, body }, emu));
    const factorId = factor.id as string;
    const challenge = await this.ok(this.req("POST", `/factors/${factorId}/challenge`, { bearer: u.access }, emu));
    return { u, factorId, secret: (factor.totp as { secret: string }).secret, challengeId: challenge.id as string };
  }

  /** A user whose TOTP factor is verified, signed in at aal2. */
  async aal2() {
    const t = await this.totp();
    const body = { challenge_id: t.challengeId, code: totpCode(t.secret) };
    const s = await this.ok(this.req("POST", `/factors/${t.factorId}/verify`, { bearer: t.u.access, body }));
    return { ...t, access: s.access_token as string };
  }

  link(type: string, email: string): Promise<Json> {
    return this.ok(this.admin("POST", "/admin/generate_link", { type, email }));
  }

  async clientPath(type = "confidential"): Promise<string> {
    const body = { client_name: "contract", redirect_uris: ["https://app.example.com/cb"], client_type: type };
    return `/admin/oauth/clients/${(await this.ok(this.admin("POST", "/admin/oauth/clients", body))).client_id as string}`;
  }

  /** Sends `c` to the tight emulator, from the seed, until a limit answers (at most 8 tries). */
  async until429(c: (f: Fixtures) => Promise<Call>): Promise<Answer> {
    await this.tight.reset();
    const call = await c(this);
    let last: Answer | undefined;
    for (let i = 0; i < 8; i++) {
      last = await this.call(call, this.tight);
      if (last.status === 429) return last;
    }
    return last as Answer;
  }
}

const NIL = "00000000-0000-4000-8000-000000000000";
const NO_5XX = "a 5xx is a server failure the document leaves to global handling, not a case a client provokes";
const op = (statuses: Record<string, Expectation>, unprovoked?: Record<string, string>): OperationCases => ({
  statuses,
  unprovoked,
});
const ok = (run: Run): Expectation => ({ run });
const fails = (code: string, run: Run): Expectation => ({ code, run });
/** Sent to the tight emulator until a limit answers; `o` may spend one of its limits (a sign-in). */
const limited = (code: string, method: string, path: string, o: (g: Fixtures) => Promise<Options> | Options) =>
  fails(code, (f) => f.until429(async (g) => ({ ...(await o(g)), method, path })));
const tightUser = async (g: Fixtures) => ({ bearer: (await g.user(g.tight)).access });
const noToken = (method: string, path: string) => fails("no_authorization", (f) => f.req(method, path));
/** The admin guard's 401 and 403, and the 404 of a missing `missing` (GoTrue's code) when given. */
const guarded = (method: string, path: string, missing?: string, body?: unknown): Record<string, Expectation> => ({
  "401": noToken(method, path),
  "403": fails("not_admin", async (f) => f.req(method, path, { body, bearer: (await f.user()).access })),
  ...(missing ? { "404": fails(missing, (f) => f.admin(method, path, body)) } : {}),
});
const withUser = (method: string, path: string, o: (u: SignedIn) => Options = () => ({})): Run => {
  return async (f) => {
    const u = await f.user();
    return f.req(method, path, { bearer: u.access, ...o(u) });
  };
};
const totpFlow = (path: (id: string) => string, body: (t: { challengeId: string; secret: string }) => unknown) =>
  fails("over_request_rate_limit", (f) =>
    f.until429(async (g) => {
      const t = await g.totp(g.tight);
      return { method: "POST", path: path(t.factorId), bearer: t.u.access, body: body(t) };
    }),
  );
const password = { grant_type: "password" };

export const CASES: Record<string, OperationCases> = {
  "POST /token": op(
    {
      "200": ok(async (f) => {
        const u = await f.user();
        return f.req("POST", "/token", { query: { grant_type: "refresh_token" }, body: { refresh_token: u.refresh } });
      }),
      "400": fails("invalid_credentials", async (f) => {
        const body = { email: (await f.user()).email, password: "wrong-password" };
        return f.req("POST", "/token", { query: password, body });
      }),
      "401": fails("no_authorization", (f) =>
        f.req("POST", "/token", { apikey: "sb_publishable_not-this-instance", bearer: f.emu.serviceRoleKey }),
      ),
      "429": limited("over_request_rate_limit", "POST", "/token", () => ({
        query: password,
        body: { email: "nobody@example.com", password: "wrong-password" },
      })),
    },
    {
      "403": "no token grant raises a 403 (token*.go); the document's 403 is a hook's or CAPTCHA's refusal",
      "500": NO_5XX,
    },
  ),
  "POST /logout": op({ "204": ok(withUser("POST", "/logout")), "401": noToken("POST", "/logout") }),
  "GET /verify": op({
    "302": ok(async (f) => {
      const action = new URL((await f.link("magiclink", (await f.user()).email)).action_link as string);
      return f.req("GET", "/verify", { query: Object.fromEntries(action.searchParams) });
    }),
  }),
  "POST /verify": op({
    "200": ok(async (f) => {
      const link = await f.link("magiclink", (await f.user()).email);
      return f.req("POST", "/verify", { body: { type: "magiclink", token_hash: link.hashed_token } });
    }),
    "429": limited("over_request_rate_limit", "POST", "/verify", () => ({
      body: { type: "magiclink", token_hash: "0".repeat(56) },
    })),
  }),
  "GET /authorize": op({
    "302": ok((f) => f.req("GET", "/authorize", { query: { provider: "google", scopes: "email" } })),
  }),
  "POST /signup": op({
    "200": ok((f) => f.req("POST", "/signup", { body: { email: address("s"), password: PASSWORD } })),
    "400": fails("validation_failed", (f) =>
      f.req("POST", "/signup", { body: { email: "not-an-address", password: PASSWORD } }),
    ),
    "429": limited("over_request_rate_limit", "POST", "/signup", () => ({
      body: { email: address("s"), password: PASSWORD },
    })),
  }),
  "POST /recover": op(
    {
      "200": ok(async (f) => f.req("POST", "/recover", { body: { email: (await f.user()).email } })),
      "400": fails("validation_failed", (f) => f.req("POST", "/recover", { body: { email: "not-an-address" } })),
      "429": limited("over_email_send_rate_limit", "POST", "/recover", async (g) => ({
        body: { email: (await g.user(g.tight)).email },
      })),
    },
    { "422": "recover.go answers an address it cannot read with 400 validation_failed; it has no 422 left" },
  ),
  "POST /resend": op(
    {
      "200": ok((f) => f.req("POST", "/resend", { body: { type: "signup", email: "unknown@example.com" } })),
      "400": fails("validation_failed", (f) =>
        f.req("POST", "/resend", { body: { type: "nonsense", email: "a@example.com" } }),
      ),
      "429": limited("over_email_send_rate_limit", "POST", "/resend", async (g) => {
        const email = address("r");
        await g.req("POST", "/otp", { body: { email } }, g.tight);
        return { body: { type: "signup", email } };
      }),
    },
    { "422": "resend.go refuses a bad address or number with 400 validation_failed; it raises no 422" },
  ),
  "POST /magiclink": op({
    "200": ok(async (f) => f.req("POST", "/magiclink", { body: { email: (await f.user()).email } })),
    "400": fails("validation_failed", (f) => f.req("POST", "/magiclink", { body: { email: "not-an-address" } })),
    "422": fails("validation_failed", (f) => f.req("POST", "/magiclink", { body: {} })),
    // The tight instance's hourly mail budget (one) is spent before its sign-in limit.
    "429": limited("over_email_send_rate_limit", "POST", "/magiclink", () => ({ body: { email: address("m") } })),
  }),
  "POST /otp": op({
    "200": ok((f) => f.req("POST", "/otp", { body: { phone: `+${TEST_PHONE}` } })),
    "400": fails("validation_failed", (f) => f.req("POST", "/otp", { body: { email: "not-an-address" } })),
    "422": fails("otp_disabled", (f) => f.req("POST", "/otp", { body: { email: address("o"), create_user: false } })),
    "429": limited("over_email_send_rate_limit", "POST", "/otp", () => ({ body: { email: address("o") } })),
  }),
  "GET /user": op({ "200": ok(withUser("GET", "/user")) }),
  "PUT /user": op({
    "200": ok(withUser("PUT", "/user", () => ({ body: { data: { plan: "pro" } } }))),
    "400": fails(
      "validation_failed",
      withUser("PUT", "/user", () => ({ body: { email: "not-an-address" } })),
    ),
    "429": limited("over_email_send_rate_limit", "PUT", "/user", async (g) => ({
      ...(await tightUser(g)),
      body: { email: address("n") },
    })),
  }),
  "GET /user/identities/authorize": op({
    "302": ok(
      withUser("GET", "/user/identities/authorize", () => ({ query: { provider: "google", scopes: "email" } })),
    ),
  }),
  "DELETE /user/identities/{identityId}": op({
    "200": ok(async (f) => {
      const u = await f.user();
      const query = { provider: "google", skip_http_redirect: "true" };
      const linked = await f.ok(f.req("GET", "/user/identities/authorize", { query, bearer: u.access }));
      await consentAs(linked.url as string, address("g"));
      const user = await f.ok(f.req("GET", "/user", { bearer: u.access }));
      const identities = user.identities as { provider: string; identity_id: string }[];
      const google = identities.find((i) => i.provider === "google");
      return f.req("DELETE", `/user/identities/${google?.identity_id ?? NIL}`, { bearer: u.access });
    }),
    "401": noToken("DELETE", `/user/identities/${NIL}`),
    "403": fails("bad_jwt", (f) => f.req("DELETE", `/user/identities/${NIL}`, { bearer: "not.a.jwt" })),
    "404": fails("validation_failed", withUser("DELETE", "/user/identities/not-a-uuid")),
    "422": fails("single_identity_not_deletable", async (f) => {
      const u = await f.user();
      const user = await f.ok(f.req("GET", "/user", { bearer: u.access }));
      const only = (user.identities as { identity_id: string }[])[0]?.identity_id ?? NIL;
      return f.req("DELETE", `/user/identities/${only}`, { bearer: u.access });
    }),
  }),
  "POST /reauthenticate": op({
    "200": ok(withUser("POST", "/reauthenticate")),
    "400": fails("validation_failed", async (f) => {
      const anon = await f.ok(f.req("POST", "/signup", { body: {} }));
      return f.req("POST", "/reauthenticate", { bearer: anon.access_token as string });
    }),
    "429": limited("over_email_send_rate_limit", "POST", "/reauthenticate", tightUser),
  }),
  "POST /factors": op({
    "200": ok(withUser("POST", "/factors", () => ({ body: { factor_type: "totp", friendly_name: "a" } }))),
    "400": fails(
      "validation_failed",
      withUser("POST", "/factors", () => ({ body: { factor_type: "carrier-pigeon" } })),
    ),
  }),
  "POST /factors/{factorId}/challenge": op({
    "200": ok(async (f) => {
      const t = await f.totp();
      return f.req("POST", `/factors/${t.factorId}/challenge`, { bearer: t.u.access });
    }),
    "400": fails("bad_json", async (f) => {
      const t = await f.totp();
      return f.req("POST", `/factors/${t.factorId}/challenge`, { bearer: t.u.access, body: "[" });
    }),
    "429": totpFlow(
      (id) => `/factors/${id}/challenge`,
      () => undefined,
    ),
  }),
  "POST /factors/{factorId}/verify": op({
    "200": ok(async (f) => {
      const t = await f.totp();
      const body = { challenge_id: t.challengeId, code: totpCode(t.secret) };
      return f.req("POST", `/factors/${t.factorId}/verify`, { bearer: t.u.access, body });
    }),
    "400": fails("validation_failed", async (f) => {
      const t = await f.totp();
      const body = { challenge_id: t.challengeId, code: "" };
      return f.req("POST", `/factors/${t.factorId}/verify`, { bearer: t.u.access, body });
    }),
    "429": totpFlow(
      (id) => `/factors/${id}/verify`,
      (t) => ({ challenge_id: t.challengeId, code: "000000" }),
    ),
  }),
  "DELETE /factors/{factorId}": op({
    "200": ok(async (f) => {
      const t = await f.aal2();
      return f.req("DELETE", `/factors/${t.factorId}`, { bearer: t.access });
    }),
    "400": fails("bad_json", async (f) => {
      const t = await f.totp();
      return f.req("DELETE", `/factors/${t.factorId}`, { bearer: t.u.access, body: "{" });
    }),
  }),
  "GET /callback": op({ "302": ok((f) => f.req("GET", "/callback", { query: { state: "unknown" } })) }),
  "POST /callback": op({ "302": ok((f) => f.req("POST", "/callback", { form: true, body: { state: "unknown" } })) }),
  "POST /invite": op({
    "200": ok((f) => f.admin("POST", "/invite", { email: address("i") })),
    "400": fails("validation_failed", (f) => f.admin("POST", "/invite", { email: "not-an-address" })),
    "422": fails("email_exists", async (f) => f.admin("POST", "/invite", { email: (await f.user()).email })),
  }),
  "POST /admin/generate_link": op({
    "200": ok(async (f) =>
      f.admin("POST", "/admin/generate_link", { type: "recovery", email: (await f.user()).email }),
    ),
    "400": fails("validation_failed", (f) =>
      f.admin("POST", "/admin/generate_link", { type: "nonsense", email: "a@example.com" }),
    ),
    ...guarded("POST", "/admin/generate_link", undefined, { type: "recovery", email: "a@example.com" }),
    "404": fails("user_not_found", (f) =>
      f.admin("POST", "/admin/generate_link", { type: "recovery", email: "nobody@example.com" }),
    ),
    "422": fails("email_exists", async (f) =>
      f.admin("POST", "/admin/generate_link", { type: "signup", email: (await f.user()).email, password: PASSWORD }),
    ),
  }),
  "GET /admin/audit": op({ "200": ok((f) => f.admin("GET", "/admin/audit")), ...guarded("GET", "/admin/audit") }),
  "GET /admin/users": op({
    "200": ok((f) => f.admin("GET", "/admin/users?page=1&per_page=5")),
    ...guarded("GET", "/admin/users"),
  }),
  "POST /admin/users": op(
    {
      "200": ok((f) =>
        f.admin("POST", "/admin/users", {
          email: address("a"),
          password_hash: BCRYPT_OF_PASSWORD,
          email_confirm: true,
        }),
      ),
      "400": fails("validation_failed", (f) =>
        f.admin("POST", "/admin/users", { email: address("a"), password: PASSWORD, password_hash: BCRYPT_OF_PASSWORD }),
      ),
      ...guarded("POST", "/admin/users", undefined, { email: "a@example.com" }),
      "422": fails("email_exists", async (f) => f.admin("POST", "/admin/users", { email: (await f.user()).email })),
    },
    { "500": NO_5XX },
  ),
  ...userAdmin(),
  "GET /admin/oauth/clients": op({
    "200": ok((f) => f.admin("GET", "/admin/oauth/clients")),
    ...guarded("GET", "/admin/oauth/clients"),
  }),
  "POST /admin/oauth/clients": op({
    "201": ok((f) =>
      f.admin("POST", "/admin/oauth/clients", { client_name: "c", redirect_uris: ["https://app.example.com/cb"] }),
    ),
    "400": fails("validation_failed", (f) => f.admin("POST", "/admin/oauth/clients", { client_name: "c" })),
    ...guarded("POST", "/admin/oauth/clients"),
  }),
  "GET /admin/oauth/clients/{client_id}": op({
    "200": ok(async (f) => f.admin("GET", await f.clientPath())),
    ...guarded("GET", `/admin/oauth/clients/${NIL}`, "oauth_client_not_found"),
  }),
  "PUT /admin/oauth/clients/{client_id}": op({
    "200": ok(async (f) => f.admin("PUT", await f.clientPath(), { client_name: "renamed" })),
    "400": fails("validation_failed", async (f) => f.admin("PUT", await f.clientPath(), { redirect_uris: [] })),
    ...guarded("PUT", `/admin/oauth/clients/${NIL}`, "oauth_client_not_found", { client_name: "x" }),
  }),
  "DELETE /admin/oauth/clients/{client_id}": op({
    "204": ok(async (f) => f.admin("DELETE", await f.clientPath())),
    ...guarded("DELETE", `/admin/oauth/clients/${NIL}`, "oauth_client_not_found"),
  }),
  "POST /admin/oauth/clients/{client_id}/regenerate_secret": op({
    "200": ok(async (f) => f.admin("POST", `${await f.clientPath()}/regenerate_secret`)),
    "400": fails("validation_failed", async (f) =>
      f.admin("POST", `${await f.clientPath("public")}/regenerate_secret`),
    ),
    ...guarded("POST", `/admin/oauth/clients/${NIL}/regenerate_secret`, "oauth_client_not_found"),
  }),
  "GET /health": op(
    { "200": ok((f) => f.req("GET", "/health")) },
    { "500": NO_5XX, "502": NO_5XX, "503": NO_5XX, "504": NO_5XX },
  ),
  "GET /settings": op({ "200": ok((f) => f.req("GET", "/settings")) }),
};

function userAdmin(): Record<string, OperationCases> {
  const userPath = async (f: Fixtures) => `/admin/users/${(await f.user()).id}`;
  const factorPath = async (f: Fixtures) => {
    const t = await f.totp();
    return `/admin/users/${t.u.id}/factors/${t.factorId}`;
  };
  return {
    "GET /admin/users/{userId}": op({
      "200": ok(async (f) => f.admin("GET", await userPath(f))),
      ...guarded("GET", `/admin/users/${NIL}`, "user_not_found"),
    }),
    "PUT /admin/users/{userId}": op({
      "200": ok(async (f) => f.admin("PUT", await userPath(f), { user_metadata: { a: 1 } })),
      ...guarded("PUT", `/admin/users/${NIL}`, "user_not_found", { user_metadata: {} }),
    }),
    "DELETE /admin/users/{userId}": op({
      "200": ok(async (f) => f.admin("DELETE", await userPath(f))),
      ...guarded("DELETE", `/admin/users/${NIL}`, "user_not_found"),
    }),
    "GET /admin/users/{userId}/factors": op({
      "200": ok(async (f) => f.admin("GET", `/admin/users/${(await f.totp()).u.id}/factors`)),
      ...guarded("GET", `/admin/users/${NIL}/factors`, "user_not_found"),
    }),
    "PUT /admin/users/{userId}/factors/{factorId}": op({
      "200": ok(async (f) => f.admin("PUT", await factorPath(f), { friendly_name: "renamed" })),
      ...guarded("PUT", `/admin/users/${NIL}/factors/${NIL}`, "user_not_found", { friendly_name: "x" }),
    }),
    "DELETE /admin/users/{userId}/factors/{factorId}": op({
      "200": ok(async (f) => f.admin("DELETE", await factorPath(f))),
      ...guarded("DELETE", `/admin/users/${NIL}/factors/${NIL}`, "user_not_found"),
    }),
  };
}

/** Submits the emulator's Google stand-in page for `email` (a new stand-in account: any password). */
async function consentAs(pageUrl: string, email: string): Promise<void> {
  const page = await (await fetch(pageUrl)).text();
  const action = (page.match(/<form method="post" action="([^"]+)"/)?.[1] ?? "").replace(/&#38;/g, "&");
  const state = page.match(/name="state" value="([^"]+)"/)?.[1] ?? "";
  const res = await fetch(action, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ state, email, password: "stand-in password", full_name: "" }).toString(),
  });
  if (res.status !== 302) throw new Error(`consent: ${res.status} ${await res.text()}`);
}

const SAML =
  "SAML SSO needs an identity provider; the emulator answers as a GoTrue with SAML off (GOTRUE_SAML_ENABLED=false)";
const OAUTH_SERVER =
  "the OAuth 2.1 server's authorization flow is not emulated (its admin client API is); answered as a GoTrue with the OAuth server off";
const CUSTOM =
  "custom OIDC/OAuth providers are not emulated; answered as a GoTrue with them off (GOTRUE_CUSTOM_OAUTH_ENABLED=false)";
const absent = (absent: string, status: number, code: string | undefined, run: Run): AbsentOperation => ({
  absent,
  status,
  code,
  run,
});
const bodyFor = (method: string) => (method === "GET" || method === "DELETE" ? undefined : {});
const samlOff = (method: string, path: string) =>
  absent(SAML, 404, "saml_provider_disabled", (f) => f.req(method, path, { body: method === "GET" ? undefined : {} }));
const oauthOff = (method: string, path: string, bearer = false) =>
  absent(OAUTH_SERVER, 404, "feature_disabled", async (f) =>
    f.req(method, path, {
      bearer: bearer ? (await f.user()).access : undefined,
      body: method === "GET" ? undefined : {},
    }),
  );
const customOff = (method: string, path: string) =>
  absent(CUSTOM, 404, "feature_disabled", (f) => f.admin(method, path, bodyFor(method)));
const ssoMissing = (method: string) =>
  absent(SAML, 404, "sso_provider_not_found", (f) => f.admin(method, `/admin/sso/providers/${NIL}`, bodyFor(method)));

export const ABSENT: Record<string, AbsentOperation> = {
  "POST /sso": samlOff("POST", "/sso"),
  "GET /saml/metadata": samlOff("GET", "/saml/metadata"),
  "POST /saml/acs": samlOff("POST", "/saml/acs"),
  // With SAML off GoTrue still lists its (here: no) providers and finds none by id.
  "GET /admin/sso/providers": absent(SAML, 200, undefined, (f) => f.admin("GET", "/admin/sso/providers")),
  "POST /admin/sso/providers": absent(SAML, 404, "saml_provider_disabled", (f) =>
    f.admin("POST", "/admin/sso/providers", { type: "saml", metadata_xml: "<x/>" }),
  ),
  "GET /admin/sso/providers/{ssoProviderId}": ssoMissing("GET"),
  "PUT /admin/sso/providers/{ssoProviderId}": ssoMissing("PUT"),
  "DELETE /admin/sso/providers/{ssoProviderId}": ssoMissing("DELETE"),
  "GET /admin/custom-providers": customOff("GET", "/admin/custom-providers"),
  "POST /admin/custom-providers": customOff("POST", "/admin/custom-providers"),
  "GET /admin/custom-providers/{identifier}": customOff("GET", "/admin/custom-providers/custom:acme"),
  "PUT /admin/custom-providers/{identifier}": customOff("PUT", "/admin/custom-providers/custom:acme"),
  "DELETE /admin/custom-providers/{identifier}": customOff("DELETE", "/admin/custom-providers/custom:acme"),
  "GET /user/oauth/grants": oauthOff("GET", "/user/oauth/grants", true),
  "DELETE /user/oauth/grants": oauthOff("DELETE", "/user/oauth/grants", true),
  "POST /oauth/clients/register": oauthOff("POST", "/oauth/clients/register"),
  "POST /oauth/token": oauthOff("POST", "/oauth/token"),
  "GET /oauth/authorize": oauthOff("GET", "/oauth/authorize"),
  "GET /oauth/authorizations/{authorization_id}": oauthOff("GET", "/oauth/authorizations/abc", true),
  "POST /oauth/authorizations/{authorization_id}/consent": oauthOff("POST", "/oauth/authorizations/abc/consent", true),
};
