// PII and HTTP hardening: a founder's SSN goes through every route that takes or shows it, and
// then is found nowhere in clear — not in any response (masked to the last four), not in the log
// (captured at trace level), not in the database file or its WAL. Every response carries helmet's
// headers and a CSP that admits only the app itself, the auth service and the identity service;
// CORS answers only the configured origins; an oversized body gets 413 and changes nothing.
import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PROFILE, RIA_ANSWERS } from "../support/entry";
import { call, type Reply } from "../support/http";
import { startTestApp, type ListeningTestApp } from "../support/app";
import { uniqueSsn, type ApiFounder as Founder } from "../support/founders";
import { originsOf } from "../../server/src/plugins/security";

const APP_ORIGIN = "https://app.founder.example";
const IDENTITY_ORIGIN = "https://identity.founder.example";

let h: ListeningTestApp;
let f: Founder;
/** The auth service the app really confirms sessions with (and its localhost/127.0.0.1 twin). */
let authOrigins: string[];
const replies: Array<{ what: string; res: Reply }> = [];
const ssns: string[] = [];
const formatted = (ssn: string) => `${ssn.slice(0, 3)}-${ssn.slice(3, 5)}-${ssn.slice(5)}`;

beforeAll(async () => {
  h = await startTestApp({ PUBLIC_APP_URL: APP_ORIGIN, CORS_ORIGINS: APP_ORIGIN, SUMSUB_BASE_URL: IDENTITY_ORIGIN });
  authOrigins = originsOf(h.config.auth.url);
  f = await h.founder({ stage: "entry", daf: false });
  ssns.push(f.ssn);
  const as = async (what: string, method: string, path: string, body?: unknown) => {
    const res = await call(h.url, method, path, { token: f.token, body });
    replies.push({ what, res });
    return res;
  };
  const second = uniqueSsn();
  const third = uniqueSsn();
  ssns.push(second, third);
  await as("read person", "GET", `/api/persons/${f.personId}`);
  await as("replace person with a new SSN", "PUT", `/api/persons/${f.personId}`, {
    ...PROFILE,
    ssn: second,
    email: f.email,
    sumsub_applicant_id: null,
  });
  await as("patch SSN", "PATCH", `/api/persons/${f.personId}`, { ssn: third });
  await as("patch with a malformed SSN", "PATCH", `/api/persons/${f.personId}`, { ssn: `${third}0` });
  await as("patch with a formatted SSN", "PATCH", `/api/persons/${f.personId}`, { ssn: formatted(second) });
  await as("create a second holder (refused)", "POST", "/api/persons/", {
    account_id: f.accountId,
    account_primary_holder: true,
    ...PROFILE,
    ssn: second,
  });
  await as("all data", "GET", `/api/accounts/${f.accountId}/all_data`);
  await as("persons of the account", "GET", `/api/persons/by_account/${f.accountId}`);
  await as("tax form", "POST", "/api/ria/tax-form.pdf", RIA_ANSWERS);
});
afterAll(async () => {
  console.log(
    `[reliability] PII: ${ssns.length} SSNs through ${replies.length} responses, the log (${h?.logs().length ?? 0} bytes) and the database file: 0 found in clear`,
  );
  await h?.close();
});

describe("SSNs", () => {
  it("are masked to the last four digits in every response", () => {
    for (const { what, res } of replies) {
      for (const ssn of ssns) {
        expect(res.text.includes(ssn) || res.text.includes(formatted(ssn)), `${what} shows SSN ${ssn}`).toBe(false);
      }
    }
    const read = replies.find((r) => r.what === "all data")!.res.json as { persons: Array<{ ssn: string | null }> };
    expect(read.persons.map((p) => p.ssn)).toContain(`***-**-${ssns[2]!.slice(5)}`);
  });

  it("never reach the log, whatever the level", () => {
    const logs = h.logs();
    expect(logs).toContain("request completed");
    for (const ssn of ssns) {
      expect(logs).not.toContain(ssn);
      expect(logs).not.toContain(formatted(ssn));
    }
    expect(logs).not.toContain(f.token.split(".")[2]);
  });

  it("are unreadable in the database (through SQL, and on SQLite in the file and its WAL)", async () => {
    const stored = (await h.database.dump()).person!.join("\n");
    for (const ssn of ssns)
      expect(stored.includes(ssn) || stored.includes(formatted(ssn)), `SSN ${ssn} readable through SQL`).toBe(false);
    if (h.database.engine !== "sqlite") return;
    const files = fs.readdirSync(h.dataDir).filter((n) => n.startsWith("app.sqlite"));
    expect(files).toContain("app.sqlite");
    const bytes = files.map((n) => fs.readFileSync(`${h.dataDir}/${n}`).toString("latin1")).join("");
    for (const ssn of ssns) expect(bytes.includes(ssn), `SSN ${ssn} in clear in the file`).toBe(false);
  });
});

describe("security headers", () => {
  it("every kind of response carries helmet's headers and a CSP admitting only the app, the auth and the identity origins", async () => {
    const samples: Record<string, Reply> = {
      "a JSON answer": await call(h.url, "GET", "/api/enums/", { token: f.token }),
      "a 401": await call(h.url, "GET", "/api/enums/"),
      "a 404": await call(h.url, "GET", "/api/no-such-route", { token: f.token }),
      "app-config": await call(h.url, "GET", "/app-config.json"),
      "a 400 for bad JSON": await call(h.url, "POST", "/api/persons/", { token: f.token, rawBody: "{" }),
    };
    for (const [what, res] of Object.entries(samples)) {
      expect(res.headers.get("x-content-type-options"), what).toBe("nosniff");
      expect(res.headers.get("x-frame-options")).toBe("SAMEORIGIN");
      expect(res.headers.get("strict-transport-security")).toMatch(/max-age=\d+/);
      expect(res.headers.get("referrer-policy")).toBe("no-referrer");
      expect(res.headers.get("x-powered-by")).toBeNull();
      const csp = res.headers.get("content-security-policy") ?? "";
      const directives = new Map(
        csp
          .split(";")
          .map((d) => d.trim().split(/\s+/))
          .filter((d) => d[0])
          .map(([name, ...sources]) => [name!, sources]),
      );
      expect(directives.get("default-src")).toEqual(["'self'"]);
      expect(directives.get("script-src")).toEqual(["'self'"]);
      expect(directives.get("object-src")).toEqual(["'none'"]);
      expect(directives.get("frame-ancestors")).toEqual(["'self'"]);
      const allowed = new Set(["'self'", "'none'", "data:", "blob:", ...authOrigins, IDENTITY_ORIGIN]);
      expect(directives.get("connect-src")).toEqual(
        expect.arrayContaining(["'self'", ...authOrigins, IDENTITY_ORIGIN]),
      );
      for (const [name, sources] of directives) {
        for (const source of sources) {
          const ok =
            allowed.has(source) ||
            (name === "style-src" && source === "'unsafe-inline'") ||
            (name === "script-src-attr" && source === "'none'");
          expect(ok, `${name} admits ${source}`).toBe(true);
        }
      }
    }
  });

  it("CORS answers the configured origin and nobody else", async () => {
    const preflight = (origin: string) =>
      call(h.url, "OPTIONS", "/api/enums/", {
        headers: { origin, "access-control-request-method": "GET", "access-control-request-headers": "authorization" },
      });
    const good = await preflight(APP_ORIGIN);
    expect(good.headers.get("access-control-allow-origin")).toBe(APP_ORIGIN);
    expect(good.headers.get("access-control-allow-credentials")).toBeNull();
    // A refusal must be readable by the configured origin too, or the web sees a CORS error instead of 401.
    const refused = await call(h.url, "GET", "/api/enums/", { headers: { origin: APP_ORIGIN } });
    expect(refused.status).toBe(401);
    expect(refused.headers.get("access-control-allow-origin")).toBe(APP_ORIGIN);
    for (const origin of ["https://evil.example", "null", `${APP_ORIGIN}.evil.example`, "http://app.founder.example"]) {
      expect((await preflight(origin)).headers.get("access-control-allow-origin"), origin).toBeNull();
      const simple = await call(h.url, "GET", "/api/enums/", { token: f.token, headers: { origin } });
      expect(simple.headers.get("access-control-allow-origin"), origin).toBeNull();
    }
  });
});

describe("body limits", () => {
  it("an oversized body gets 413 in the API's error shape and changes nothing", async () => {
    const before = await h.database.dump();
    const res = await call(h.url, "POST", "/api/persons/", {
      token: f.token,
      body: {
        account_id: f.accountId,
        account_primary_holder: false,
        is_addon: true,
        email: "big@example.com",
        padding: "x".repeat(200 * 1024),
      },
    });
    expect(res.status).toBe(413);
    expect(res.json).toEqual({
      error: "payload_too_large",
      message: expect.any(String),
      request_id: expect.any(String),
    });
    expect(await h.database.dump()).toEqual(before);
  });
});
