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

export interface Call {
  method: string;
  path: string;
  query?: Record<string, string>;
  body?: unknown;
  /** Authorization: Bearer <token>; none when absent. */
  bearer?: string;
  /** The apikey header; the anon key when absent, none when null. */
  apikey?: string | null;
  /** A form post instead of JSON. */
  form?: boolean;
}

export interface Expectation {
  /** GoTrue's error_code for an error status. */
  code?: string;
  run: (f: Fixtures) => Promise<Answer>;
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
  run: (f: Fixtures) => Promise<Answer>;
}

export interface SignedIn {
  id: string;
  email: string;
  password: string;
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
      body = c.form
        ? new URLSearchParams(c.body as Record<string, string>).toString()
        : typeof c.body === "string"
          ? c.body
          : JSON.stringify(c.body);
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

  admin(c: Omit<Call, "bearer">, emu: AuthEmulator = this.emu): Promise<Answer> {
    return this.call({ ...c, apikey: emu.serviceRoleKey, bearer: emu.serviceRoleKey }, emu);
  }

  async ok(c: Call, emu: AuthEmulator = this.emu): Promise<Record<string, unknown>> {
    const a = await this.call(c, emu);
    if (a.status >= 300) throw new Error(`${c.method} ${c.path}: ${a.status} ${JSON.stringify(a.body)}`);
    return a.body as Record<string, unknown>;
  }

  async adminOk(c: Omit<Call, "bearer">, emu: AuthEmulator = this.emu): Promise<Record<string, unknown>> {
    return this.ok({ ...c, apikey: emu.serviceRoleKey, bearer: emu.serviceRoleKey }, emu);
  }

  /** A confirmed user made by the admin API, signed in with a password. */
  async user(emu: AuthEmulator = this.emu): Promise<SignedIn> {
    const email = `c-${randomUUID()}@example.com`;
    const created = await this.adminOk(
      { method: "POST", path: "/admin/users", body: { email, password: PASSWORD, email_confirm: true } },
      emu,
    );
    const s = await this.ok(
      { method: "POST", path: "/token", query: { grant_type: "password" }, body: { email, password: PASSWORD } },
      emu,
    );
    return {
      id: created.id as string,
      email,
      password: PASSWORD,
      access: s.access_token as string,
      refresh: s.refresh_token as string,
    };
  }

  /** A user with an unverified TOTP factor, its secret, and a challenge of it. */
  async totp(emu: AuthEmulator = this.emu) {
    const u = await this.user(emu);
    const factor = await this.ok(
      {
        method: "POST",
        path: "/factors",
        bearer: u.access,
        body: { factor_type: "totp", friendly_name: randomUUID() },
      },
      emu,
    );
    const secret = (factor.totp as { secret: string }).secret;
    const challenge = await this.ok(
      { method: "POST", path: `/factors/${factor.id as string}/challenge`, bearer: u.access },
      emu,
    );
    return { u, factorId: factor.id as string, secret, challengeId: challenge.id as string };
  }

  /** A user whose TOTP factor is verified, signed in at aal2. */
  async aal2() {
    const t = await this.totp();
    const s = await this.ok({
      method: "POST",
      path: `/factors/${t.factorId}/verify`,
      bearer: t.u.access,
      body: { challenge_id: t.challengeId, code: totpCode(t.secret) },
    });
    return { ...t, access: s.access_token as string };
  }

  async link(type: string, email: string, extra: Record<string, unknown> = {}) {
    return this.adminOk({ method: "POST", path: "/admin/generate_link", body: { type, email, ...extra } });
  }

  async oauthClient(type = "confidential") {
    return this.adminOk({
      method: "POST",
      path: "/admin/oauth/clients",
      body: { client_name: "contract", redirect_uris: ["https://app.example.com/cb"], client_type: type },
    });
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

  /** A signed-in user of the tight emulator (its sign-in spends one of the few sign-ins allowed). */
  async tightUser(): Promise<SignedIn> {
    return this.user(this.tight);
  }
}

const NIL = "00000000-0000-4000-8000-000000000000";
const noToken = (method: string, path: string): Expectation => ({
  code: "no_authorization",
  run: (f) => f.call({ method, path }),
});
/** A user's token where the service_role is required. */
const notAdmin = (method: string, path: string, body?: unknown): Expectation => ({
  code: "not_admin",
  run: async (f) => f.call({ method, path, body, bearer: (await f.user()).access }),
});
/** An apikey that is not this instance's (the hosted gateway's 401). */
const foreignKey = (method: string, path: string): Expectation => ({
  code: "no_authorization",
  run: (f) => f.call({ method, path, apikey: "sb_publishable_not-this-instance", bearer: f.emu.serviceRoleKey }),
});
const adminMissing = (method: string, path: string, code: string, body?: unknown): Expectation => ({
  code,
  run: (f) => f.admin({ method, path, body }),
});
/** The admin guard's 401 and 403, and the 404 of a missing `missing` (GoTrue's code) when given. */
const guarded = (method: string, path: string, missing?: string, body?: unknown): Record<string, Expectation> => ({
  "401": noToken(method, path),
  "403": notAdmin(method, path, body),
  ...(missing ? { "404": adminMissing(method, path, missing, body) } : {}),
});
const clientPath = async (f: Fixtures, type?: string) =>
  `/admin/oauth/clients/${(await f.oauthClient(type)).client_id as string}`;
const NO_5XX = "a 5xx is a server failure the document leaves to global handling, not a case a client provokes";

export const CASES: Record<string, OperationCases> = {
  "POST /token": {
    statuses: {
      "200": {
        run: async (f) => {
          const u = await f.user();
          return f.call({
            method: "POST",
            path: "/token",
            query: { grant_type: "refresh_token" },
            body: { refresh_token: u.refresh },
          });
        },
      },
      "400": {
        code: "invalid_credentials",
        run: async (f) => {
          const u = await f.user();
          const body = { email: u.email, password: "wrong-password" };
          return f.call({ method: "POST", path: "/token", query: { grant_type: "password" }, body });
        },
      },
      "401": foreignKey("POST", "/token"),
      "429": {
        code: "over_request_rate_limit",
        run: (f) =>
          f.until429(async () => ({
            method: "POST",
            path: "/token",
            query: { grant_type: "password" },
            body: { email: "nobody@example.com", password: "wrong-password" },
          })),
      },
    },
    unprovoked: {
      "403": "no token grant raises a 403 (token*.go); the document's 403 is a hook's or CAPTCHA's refusal",
      "500": NO_5XX,
    },
  },
  "POST /logout": {
    statuses: {
      "204": { run: async (f) => f.call({ method: "POST", path: "/logout", bearer: (await f.user()).access }) },
      "401": noToken("POST", "/logout"),
    },
  },
  "GET /verify": {
    statuses: {
      "302": {
        run: async (f) => {
          const u = await f.user();
          const link = await f.link("magiclink", u.email);
          const action = new URL(link.action_link as string);
          return f.call({ method: "GET", path: "/verify", query: Object.fromEntries(action.searchParams) });
        },
      },
    },
  },
  "POST /verify": {
    statuses: {
      "200": {
        run: async (f) => {
          const u = await f.user();
          const link = await f.link("magiclink", u.email);
          return f.call({
            method: "POST",
            path: "/verify",
            body: { type: "magiclink", token_hash: link.hashed_token },
          });
        },
      },
      "429": {
        code: "over_request_rate_limit",
        run: (f) =>
          f.until429(async () => ({
            method: "POST",
            path: "/verify",
            body: { type: "magiclink", token_hash: "0".repeat(56) },
          })),
      },
    },
  },
  "GET /authorize": {
    statuses: {
      "302": {
        run: (f) => f.call({ method: "GET", path: "/authorize", query: { provider: "google", scopes: "email" } }),
      },
    },
  },
  "POST /signup": {
    statuses: {
      "200": {
        run: (f) =>
          f.call({
            method: "POST",
            path: "/signup",
            body: { email: `s-${randomUUID()}@example.com`, password: PASSWORD },
          }),
      },
      "400": {
        code: "validation_failed",
        run: (f) => f.call({ method: "POST", path: "/signup", body: { email: "not-an-address", password: PASSWORD } }),
      },
      "429": {
        code: "over_request_rate_limit",
        run: (f) =>
          f.until429(async () => ({
            method: "POST",
            path: "/signup",
            body: { email: `s-${randomUUID()}@example.com`, password: PASSWORD },
          })),
      },
    },
  },
  "POST /recover": {
    statuses: {
      "200": {
        run: async (f) => f.call({ method: "POST", path: "/recover", body: { email: (await f.user()).email } }),
      },
      "400": {
        code: "validation_failed",
        run: (f) => f.call({ method: "POST", path: "/recover", body: { email: "not-an-address" } }),
      },
      "429": {
        code: "over_email_send_rate_limit",
        run: (f) =>
          f.until429(async (g) => ({ method: "POST", path: "/recover", body: { email: (await g.tightUser()).email } })),
      },
    },
    unprovoked: {
      "422": "recover.go answers an address it cannot read with 400 validation_failed; it has no 422 left",
    },
  },
  "POST /resend": {
    statuses: {
      "200": {
        run: (f) => f.call({ method: "POST", path: "/resend", body: { type: "signup", email: "unknown@example.com" } }),
      },
      "400": {
        code: "validation_failed",
        run: (f) => f.call({ method: "POST", path: "/resend", body: { type: "nonsense", email: "a@example.com" } }),
      },
      "429": {
        code: "over_email_send_rate_limit",
        run: (f) =>
          f.until429(async (g) => {
            const email = `r-${randomUUID()}@example.com`;
            await g.call({ method: "POST", path: "/otp", body: { email } }, g.tight);
            return { method: "POST", path: "/resend", body: { type: "signup", email } };
          }),
      },
    },
    unprovoked: { "422": "resend.go refuses a bad address or number with 400 validation_failed; it raises no 422" },
  },
  "POST /magiclink": {
    statuses: {
      "200": {
        run: async (f) => f.call({ method: "POST", path: "/magiclink", body: { email: (await f.user()).email } }),
      },
      "400": {
        code: "validation_failed",
        run: (f) => f.call({ method: "POST", path: "/magiclink", body: { email: "not-an-address" } }),
      },
      "422": { code: "validation_failed", run: (f) => f.call({ method: "POST", path: "/magiclink", body: {} }) },
      "429": {
        // The tight instance's hourly mail budget (one) is spent before its sign-in limit.
        code: "over_email_send_rate_limit",
        run: (f) =>
          f.until429(async () => ({
            method: "POST",
            path: "/magiclink",
            body: { email: `m-${randomUUID()}@example.com` },
          })),
      },
    },
  },
  "POST /otp": {
    statuses: {
      "200": { run: (f) => f.call({ method: "POST", path: "/otp", body: { phone: `+${TEST_PHONE}` } }) },
      "400": {
        code: "validation_failed",
        run: (f) => f.call({ method: "POST", path: "/otp", body: { email: "not-an-address" } }),
      },
      "422": {
        code: "otp_disabled",
        run: (f) =>
          f.call({
            method: "POST",
            path: "/otp",
            body: { email: `o-${randomUUID()}@example.com`, create_user: false },
          }),
      },
      "429": {
        code: "over_email_send_rate_limit",
        run: (f) =>
          f.until429(async () => ({ method: "POST", path: "/otp", body: { email: `o-${randomUUID()}@example.com` } })),
      },
    },
  },
  "GET /user": {
    statuses: {
      "200": { run: async (f) => f.call({ method: "GET", path: "/user", bearer: (await f.user()).access }) },
    },
  },
  "PUT /user": {
    statuses: {
      "200": {
        run: async (f) =>
          f.call({ method: "PUT", path: "/user", bearer: (await f.user()).access, body: { data: { plan: "pro" } } }),
      },
      "400": {
        code: "validation_failed",
        run: async (f) =>
          f.call({ method: "PUT", path: "/user", bearer: (await f.user()).access, body: { email: "not-an-address" } }),
      },
      "429": {
        code: "over_email_send_rate_limit",
        run: (f) =>
          f.until429(async (g) => ({
            method: "PUT",
            path: "/user",
            bearer: (await g.tightUser()).access,
            body: { email: `n-${randomUUID()}@example.com` },
          })),
      },
    },
  },
  "GET /user/identities/authorize": {
    statuses: {
      "302": {
        run: async (f) =>
          f.call({
            method: "GET",
            path: "/user/identities/authorize",
            query: { provider: "google", scopes: "email" },
            bearer: (await f.user()).access,
          }),
      },
    },
  },
  "DELETE /user/identities/{identityId}": {
    statuses: {
      "200": {
        run: async (f) => {
          const u = await f.user();
          const linked = await f.ok({
            method: "GET",
            path: "/user/identities/authorize",
            query: { provider: "google", skip_http_redirect: "true" },
            bearer: u.access,
          });
          await consentAs(linked.url as string, `g-${randomUUID()}@example.com`);
          const user = await f.ok({ method: "GET", path: "/user", bearer: u.access });
          const google = (user.identities as { provider: string; identity_id: string }[]).find(
            (i) => i.provider === "google",
          );
          return f.call({ method: "DELETE", path: `/user/identities/${google?.identity_id ?? NIL}`, bearer: u.access });
        },
      },
      "401": noToken("DELETE", `/user/identities/${NIL}`),
      "403": {
        code: "bad_jwt",
        run: (f) => f.call({ method: "DELETE", path: `/user/identities/${NIL}`, bearer: "not.a.jwt" }),
      },
      "404": {
        code: "validation_failed",
        run: async (f) =>
          f.call({ method: "DELETE", path: "/user/identities/not-a-uuid", bearer: (await f.user()).access }),
      },
      "422": {
        code: "single_identity_not_deletable",
        run: async (f) => {
          const u = await f.user();
          const user = await f.ok({ method: "GET", path: "/user", bearer: u.access });
          const only = (user.identities as { identity_id: string }[])[0]?.identity_id ?? NIL;
          return f.call({ method: "DELETE", path: `/user/identities/${only}`, bearer: u.access });
        },
      },
    },
  },
  "POST /reauthenticate": {
    statuses: {
      "200": { run: async (f) => f.call({ method: "POST", path: "/reauthenticate", bearer: (await f.user()).access }) },
      "400": {
        code: "validation_failed",
        run: async (f) => {
          const anon = await f.ok({ method: "POST", path: "/signup", body: {} });
          return f.call({ method: "POST", path: "/reauthenticate", bearer: anon.access_token as string });
        },
      },
      "429": {
        code: "over_email_send_rate_limit",
        run: (f) =>
          f.until429(async (g) => ({ method: "POST", path: "/reauthenticate", bearer: (await g.tightUser()).access })),
      },
    },
  },
  "POST /factors": {
    statuses: {
      "200": {
        run: async (f) =>
          f.call({
            method: "POST",
            path: "/factors",
            bearer: (await f.user()).access,
            body: { factor_type: "totp", friendly_name: "a" },
          }),
      },
      "400": {
        code: "validation_failed",
        run: async (f) =>
          f.call({
            method: "POST",
            path: "/factors",
            bearer: (await f.user()).access,
            body: { factor_type: "carrier-pigeon" },
          }),
      },
    },
  },
  "POST /factors/{factorId}/challenge": {
    statuses: {
      "200": {
        run: async (f) => {
          const t = await f.totp();
          return f.call({ method: "POST", path: `/factors/${t.factorId}/challenge`, bearer: t.u.access });
        },
      },
      "400": {
        code: "bad_json",
        run: async (f) => {
          const t = await f.totp();
          return f.call({ method: "POST", path: `/factors/${t.factorId}/challenge`, bearer: t.u.access, body: "[" });
        },
      },
      "429": {
        code: "over_request_rate_limit",
        run: (f) =>
          f.until429(async (g) => {
            const t = await g.totp(g.tight);
            return { method: "POST", path: `/factors/${t.factorId}/challenge`, bearer: t.u.access };
          }),
      },
    },
  },
  "POST /factors/{factorId}/verify": {
    statuses: {
      "200": {
        run: async (f) => {
          const t = await f.totp();
          const body = { challenge_id: t.challengeId, code: totpCode(t.secret) };
          return f.call({ method: "POST", path: `/factors/${t.factorId}/verify`, bearer: t.u.access, body });
        },
      },
      "400": {
        code: "validation_failed",
        run: async (f) => {
          const t = await f.totp();
          const body = { challenge_id: t.challengeId, code: "" };
          return f.call({ method: "POST", path: `/factors/${t.factorId}/verify`, bearer: t.u.access, body });
        },
      },
      "429": {
        code: "over_request_rate_limit",
        run: (f) =>
          f.until429(async (g) => {
            const t = await g.totp(g.tight);
            const body = { challenge_id: t.challengeId, code: "000000" };
            return { method: "POST", path: `/factors/${t.factorId}/verify`, bearer: t.u.access, body };
          }),
      },
    },
  },
  "DELETE /factors/{factorId}": {
    statuses: {
      "200": {
        run: async (f) => {
          const t = await f.aal2();
          return f.call({ method: "DELETE", path: `/factors/${t.factorId}`, bearer: t.access });
        },
      },
      "400": {
        code: "bad_json",
        run: async (f) => {
          const t = await f.totp();
          return f.call({ method: "DELETE", path: `/factors/${t.factorId}`, bearer: t.u.access, body: "{" });
        },
      },
    },
  },
  "GET /callback": {
    statuses: { "302": { run: (f) => f.call({ method: "GET", path: "/callback", query: { state: "unknown" } }) } },
  },
  "POST /callback": {
    statuses: {
      "302": { run: (f) => f.call({ method: "POST", path: "/callback", form: true, body: { state: "unknown" } }) },
    },
  },
  "POST /invite": {
    statuses: {
      "200": {
        run: (f) => f.admin({ method: "POST", path: "/invite", body: { email: `i-${randomUUID()}@example.com` } }),
      },
      "400": {
        code: "validation_failed",
        run: (f) => f.admin({ method: "POST", path: "/invite", body: { email: "not-an-address" } }),
      },
      "422": {
        code: "email_exists",
        run: async (f) => f.admin({ method: "POST", path: "/invite", body: { email: (await f.user()).email } }),
      },
    },
  },
  "POST /admin/generate_link": {
    statuses: {
      "200": {
        run: async (f) =>
          f.admin({
            method: "POST",
            path: "/admin/generate_link",
            body: { type: "recovery", email: (await f.user()).email },
          }),
      },
      "400": {
        code: "validation_failed",
        run: (f) =>
          f.admin({ method: "POST", path: "/admin/generate_link", body: { type: "nonsense", email: "a@example.com" } }),
      },
      "401": noToken("POST", "/admin/generate_link"),
      "403": notAdmin("POST", "/admin/generate_link", { type: "recovery", email: "a@example.com" }),
      "404": adminMissing("POST", "/admin/generate_link", "user_not_found", {
        type: "recovery",
        email: "nobody@example.com",
      }),
      "422": {
        code: "email_exists",
        run: async (f) =>
          f.admin({
            method: "POST",
            path: "/admin/generate_link",
            body: { type: "signup", email: (await f.user()).email, password: PASSWORD },
          }),
      },
    },
  },
  "GET /admin/audit": {
    statuses: {
      "200": { run: (f) => f.admin({ method: "GET", path: "/admin/audit" }) },
      ...guarded("GET", "/admin/audit"),
    },
  },
  "GET /admin/users": {
    statuses: {
      "200": { run: (f) => f.admin({ method: "GET", path: "/admin/users", query: { page: "1", per_page: "5" } }) },
      ...guarded("GET", "/admin/users"),
    },
  },
  "POST /admin/users": {
    statuses: {
      "200": {
        run: (f) =>
          f.admin({
            method: "POST",
            path: "/admin/users",
            body: { email: `a-${randomUUID()}@example.com`, password_hash: BCRYPT_OF_PASSWORD, email_confirm: true },
          }),
      },
      "400": {
        code: "validation_failed",
        run: (f) =>
          f.admin({
            method: "POST",
            path: "/admin/users",
            body: { email: `a-${randomUUID()}@example.com`, password: PASSWORD, password_hash: BCRYPT_OF_PASSWORD },
          }),
      },
      ...guarded("POST", "/admin/users", undefined, { email: "a@example.com" }),
      "422": {
        code: "email_exists",
        run: async (f) => f.admin({ method: "POST", path: "/admin/users", body: { email: (await f.user()).email } }),
      },
    },
    unprovoked: { "500": NO_5XX },
  },
  ...userAdmin(),
  "GET /admin/oauth/clients": {
    statuses: {
      "200": { run: (f) => f.admin({ method: "GET", path: "/admin/oauth/clients" }) },
      ...guarded("GET", "/admin/oauth/clients"),
    },
  },
  "POST /admin/oauth/clients": {
    statuses: {
      "201": {
        run: (f) =>
          f.admin({
            method: "POST",
            path: "/admin/oauth/clients",
            body: { client_name: "c", redirect_uris: ["https://app.example.com/cb"] },
          }),
      },
      "400": {
        code: "validation_failed",
        run: (f) => f.admin({ method: "POST", path: "/admin/oauth/clients", body: { client_name: "c" } }),
      },
      ...guarded("POST", "/admin/oauth/clients"),
    },
  },
  "GET /admin/oauth/clients/{client_id}": {
    statuses: {
      "200": { run: async (f) => f.admin({ method: "GET", path: await clientPath(f) }) },
      ...guarded("GET", `/admin/oauth/clients/${NIL}`, "oauth_client_not_found"),
    },
  },
  "PUT /admin/oauth/clients/{client_id}": {
    statuses: {
      "200": {
        run: async (f) => f.admin({ method: "PUT", path: await clientPath(f), body: { client_name: "renamed" } }),
      },
      "400": {
        code: "validation_failed",
        run: async (f) => f.admin({ method: "PUT", path: await clientPath(f), body: { redirect_uris: [] } }),
      },
      ...guarded("PUT", `/admin/oauth/clients/${NIL}`, "oauth_client_not_found", { client_name: "x" }),
    },
  },
  "DELETE /admin/oauth/clients/{client_id}": {
    statuses: {
      "204": { run: async (f) => f.admin({ method: "DELETE", path: await clientPath(f) }) },
      ...guarded("DELETE", `/admin/oauth/clients/${NIL}`, "oauth_client_not_found"),
    },
  },
  "POST /admin/oauth/clients/{client_id}/regenerate_secret": {
    statuses: {
      "200": {
        run: async (f) => f.admin({ method: "POST", path: `${await clientPath(f)}/regenerate_secret` }),
      },
      "400": {
        code: "validation_failed",
        run: async (f) => f.admin({ method: "POST", path: `${await clientPath(f, "public")}/regenerate_secret` }),
      },
      ...guarded("POST", `/admin/oauth/clients/${NIL}/regenerate_secret`, "oauth_client_not_found"),
    },
  },
  "GET /health": {
    statuses: { "200": { run: (f) => f.call({ method: "GET", path: "/health" }) } },
    unprovoked: { "500": NO_5XX, "502": NO_5XX, "503": NO_5XX, "504": NO_5XX },
  },
  "GET /settings": {
    statuses: { "200": { run: (f) => f.call({ method: "GET", path: "/settings" }) } },
  },
};

function userAdmin(): Record<string, OperationCases> {
  const userPath = async (f: Fixtures) => `/admin/users/${(await f.user()).id}`;
  const factorPath = async (f: Fixtures) => {
    const t = await f.totp();
    return `/admin/users/${t.u.id}/factors/${t.factorId}`;
  };
  return {
    "GET /admin/users/{userId}": {
      statuses: {
        "200": { run: async (f) => f.admin({ method: "GET", path: await userPath(f) }) },
        ...guarded("GET", `/admin/users/${NIL}`, "user_not_found"),
      },
    },
    "PUT /admin/users/{userId}": {
      statuses: {
        "200": {
          run: async (f) => f.admin({ method: "PUT", path: await userPath(f), body: { user_metadata: { a: 1 } } }),
        },
        ...guarded("PUT", `/admin/users/${NIL}`, "user_not_found", { user_metadata: {} }),
      },
    },
    "DELETE /admin/users/{userId}": {
      statuses: {
        "200": { run: async (f) => f.admin({ method: "DELETE", path: await userPath(f) }) },
        ...guarded("DELETE", `/admin/users/${NIL}`, "user_not_found"),
      },
    },
    "GET /admin/users/{userId}/factors": {
      statuses: {
        "200": { run: async (f) => f.admin({ method: "GET", path: `/admin/users/${(await f.totp()).u.id}/factors` }) },
        ...guarded("GET", `/admin/users/${NIL}/factors`, "user_not_found"),
      },
    },
    "PUT /admin/users/{userId}/factors/{factorId}": {
      statuses: {
        "200": {
          run: async (f) => f.admin({ method: "PUT", path: await factorPath(f), body: { friendly_name: "renamed" } }),
        },
        ...guarded("PUT", `/admin/users/${NIL}/factors/${NIL}`, "user_not_found", { friendly_name: "x" }),
      },
    },
    "DELETE /admin/users/{userId}/factors/{factorId}": {
      statuses: {
        "200": { run: async (f) => f.admin({ method: "DELETE", path: await factorPath(f) }) },
        ...guarded("DELETE", `/admin/users/${NIL}/factors/${NIL}`, "user_not_found"),
      },
    },
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
const absent = (
  reason: string,
  status: number,
  code: string | undefined,
  run: AbsentOperation["run"],
): AbsentOperation => ({
  absent: reason,
  status,
  code,
  run,
});
const samlOff = (method: string, path: string) =>
  absent(SAML, 404, "saml_provider_disabled", (f) => f.call({ method, path, body: method === "GET" ? undefined : {} }));
const oauthOff = (method: string, path: string, bearer = false) =>
  absent(OAUTH_SERVER, 404, "feature_disabled", async (f) =>
    f.call({
      method,
      path,
      bearer: bearer ? (await f.user()).access : undefined,
      body: method === "GET" ? undefined : {},
    }),
  );
const customOff = (method: string, path: string) =>
  absent(CUSTOM, 404, "feature_disabled", (f) =>
    f.admin({ method, path, body: method === "GET" || method === "DELETE" ? undefined : {} }),
  );

export const ABSENT: Record<string, AbsentOperation> = {
  "POST /sso": samlOff("POST", "/sso"),
  "GET /saml/metadata": samlOff("GET", "/saml/metadata"),
  "POST /saml/acs": samlOff("POST", "/saml/acs"),
  // With SAML off GoTrue still lists its (here: no) providers and finds none by id.
  "GET /admin/sso/providers": absent(SAML, 200, undefined, (f) =>
    f.admin({ method: "GET", path: "/admin/sso/providers" }),
  ),
  "POST /admin/sso/providers": absent(SAML, 404, "saml_provider_disabled", (f) =>
    f.admin({ method: "POST", path: "/admin/sso/providers", body: { type: "saml", metadata_xml: "<x/>" } }),
  ),
  "GET /admin/sso/providers/{ssoProviderId}": absent(SAML, 404, "sso_provider_not_found", (f) =>
    f.admin({ method: "GET", path: `/admin/sso/providers/${NIL}` }),
  ),
  "PUT /admin/sso/providers/{ssoProviderId}": absent(SAML, 404, "sso_provider_not_found", (f) =>
    f.admin({ method: "PUT", path: `/admin/sso/providers/${NIL}`, body: {} }),
  ),
  "DELETE /admin/sso/providers/{ssoProviderId}": absent(SAML, 404, "sso_provider_not_found", (f) =>
    f.admin({ method: "DELETE", path: `/admin/sso/providers/${NIL}` }),
  ),
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
