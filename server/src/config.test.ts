import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { ConfigError, LOCAL_IDENTITY, LOCAL_SUPABASE, loadConfig } from "./config";
import { PRODUCTION_ENV } from "../../tests/support/production-env";

const PRODUCTION = PRODUCTION_ENV;

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
  return [];
}

describe("loadConfig", () => {
  it("runs the local stack with no settings at all, on the Supabase CLI's ports and public keys", () => {
    const c = loadConfig({});
    expect(c.ports).toEqual({ app: 3000, auth: 54321, mail: 54324, smtp: 54325, identity: 54330 });
    expect(c.authMode).toBe("embedded");
    expect(c.auth.anonKey).toBe(LOCAL_SUPABASE.anonKey);
    // HS256 only with a secret given explicitly: user tokens are verified through the JWKS.
    expect(c.auth.jwtSecret).toBeUndefined();
    expect(c.auth.issuer).toBe("http://127.0.0.1:54321/auth/v1");
    expect(c.auth.sessionCheckTtlMs).toBe(30_000);
    expect(c.adminApiEnabled).toBe(true);
    expect(c.apiDocsEnabled).toBe(true);
    expect(c.auth.jwksUrl).toBe("http://127.0.0.1:54321/auth/v1/.well-known/jwks.json");
    expect(c.mail.smtpUrl).toBe("smtp://127.0.0.1:54325");
    expect(c.identity).toMatchObject({ baseUrl: "http://127.0.0.1:54330", isRealProvider: false });
    expect(c.ssnEncryptionKey).toBeUndefined();
  });

  it("derives every listener's address from the ports it is given, so two copies don't collide", () => {
    const c = loadConfig({
      APP_PORT: "4000",
      AUTH_PORT: "4001",
      SMTP_PORT: "4002",
      IDENTITY_PORT: "4003",
      DATA_DIR: "/tmp/other",
    });
    expect(c.publicAppUrl).toBe("http://localhost:4000");
    expect(c.auth.url).toBe("http://127.0.0.1:4001");
    expect(c.mail.smtpUrl).toBe("smtp://127.0.0.1:4002");
    expect(c.identity.baseUrl).toBe("http://127.0.0.1:4003");
    expect(c.dataDir).toBe("/tmp/other");
    expect(c.corsOrigins).toContain("http://localhost:4000");
  });

  it("names every missing production setting", () => {
    let error: unknown;
    try {
      loadConfig({ NODE_ENV: "production", SUPABASE_URL: "https://auth.example.org" });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems;
    expect(problems).toContain("SSN_ENCRYPTION_KEY is required in production");
    expect(problems).toContain("SUMSUB_WEBHOOK_SECRET is required in production");
    expect(problems.some((p) => p.startsWith("SUPABASE_URL"))).toBe(false);
  });

  it("has no metrics listener unless METRICS_PORT is set, on loopback by default", () => {
    expect(loadConfig({}).metrics).toBeUndefined();
    expect(loadConfig({ METRICS_PORT: "9464" }).metrics).toEqual({ host: "127.0.0.1", port: 9464 });
  });

  it("trusts the listed proxies, never every hop", () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "off" }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "10.0.0.0/8, 192.0.2.7,::1,loopback" }).trustProxy).toEqual([
      "10.0.0.0/8",
      "192.0.2.7",
      "::1",
      "loopback",
    ]);
    for (const bad of ["true", "on", "1", "yes", "10.0.0.0/33", "proxy.example.org", "10.0.0.1/8/1"])
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
  });

  it("in production refuses metrics on a non-private address unless METRICS_PUBLIC_BIND says it is meant", () => {
    for (const host of ["0.0.0.0", "::", "203.0.113.9", "metrics.example.org", "172.32.0.1"]) {
      expect(
        problemsOf({ ...PRODUCTION, METRICS_PORT: "9464", METRICS_HOST: host }).some((p) =>
          p.startsWith(`METRICS_HOST=${host}`),
        ),
        host,
      ).toBe(true);
      expect(
        problemsOf({ ...PRODUCTION, METRICS_PORT: "9464", METRICS_HOST: host, METRICS_PUBLIC_BIND: "true" }),
        host,
      ).toEqual([]);
    }
    for (const host of ["127.0.0.1", "::1", "10.1.2.3", "172.16.0.9", "192.168.1.20", "fd12:3456::1", "localhost"]) {
      expect(problemsOf({ ...PRODUCTION, METRICS_PORT: "9464", METRICS_HOST: host }), host).toEqual([]);
    }
    // Without METRICS_PORT there is no listener, so METRICS_HOST says nothing.
    expect(problemsOf({ ...PRODUCTION, METRICS_HOST: "0.0.0.0" })).toEqual([]);
    // Outside production (a developer's machine) any host is theirs to choose.
    expect(problemsOf({ METRICS_PORT: "9464", METRICS_HOST: "0.0.0.0" })).toEqual([]);
  });

  it("refuses a malformed setting with its name", () => {
    expect(() => loadConfig({ APP_PORT: "not-a-port" })).toThrow(/APP_PORT/);
    expect(() => loadConfig({ AUTH_MODE: "docker" })).toThrow(/AUTH_MODE/);
  });

  it("switches the identity seam to Sumsub when its credentials are configured", () => {
    const c = loadConfig({
      SUMSUB_APP_TOKEN: "prd:token",
      SUMSUB_SECRET_KEY: "secret",
      SUMSUB_WEBHOOK_SECRET: "own-webhook-secret",
    });
    expect(c.identity.isRealProvider).toBe(true);
    expect(c.identity.baseUrl).toBe("https://api.sumsub.com");
  });

  it("starts in production with every setting given and no public value, docs and admin API off", () => {
    const c = loadConfig({ ...PRODUCTION });
    expect(c.authMode).toBe("external");
    expect(c.adminApiEnabled).toBe(false);
    expect(c.apiDocsEnabled).toBe(false);
    expect(c.auth.jwtSecret).toBeUndefined();
    expect(c.auth.issuer).toBe("https://project.supabase.example/auth/v1");
    expect(loadConfig({ ...PRODUCTION, ADMIN_API_ENABLED: "true", API_DOCS_ENABLED: "on" })).toMatchObject({
      adminApiEnabled: true,
      apiDocsEnabled: true,
    });
  });

  const publicValues: [string, string][] = [
    ["SUPABASE_ANON_KEY", LOCAL_SUPABASE.anonKey],
    ["SUPABASE_ANON_KEY", LOCAL_SUPABASE.publishableKey],
    ["SUPABASE_SERVICE_ROLE_KEY", LOCAL_SUPABASE.serviceRoleKey],
    ["SUPABASE_SERVICE_ROLE_KEY", LOCAL_SUPABASE.secretKey],
    ["SUPABASE_JWT_SECRET", LOCAL_SUPABASE.jwtSecret],
    ["SUMSUB_APP_TOKEN", LOCAL_IDENTITY.appToken],
    ["SUMSUB_SECRET_KEY", LOCAL_IDENTITY.secretKey],
    ["SUMSUB_WEBHOOK_SECRET", LOCAL_IDENTITY.webhookSecret],
  ];
  it.each(publicValues)("refuses the public local value of %s in production, in one line naming it", (name, value) => {
    expect(problemsOf({ ...PRODUCTION, [name]: value })).toEqual([
      `${name} is a public local-development value and is refused in production`,
    ]);
  });

  const secretSettings = [
    "SUPABASE_SERVICE_ROLE_KEY",
    "SUPABASE_JWT_SECRET",
    "SUMSUB_APP_TOKEN",
    "SUMSUB_SECRET_KEY",
    "SUMSUB_WEBHOOK_SECRET",
    "MAIL_TOKEN",
  ];
  const weakSecrets: [what: string, value: string, refusal: RegExp][] = [
    ["a letter", "a", /must be at least 32 characters/],
    ["31 random characters", randomBytes(32).toString("base64url").slice(0, 31), /must be at least 32 characters/],
    [
      "the self-hosting template's example",
      "your-super-secret-jwt-token-with-at-least-32-characters-long",
      /is an example published in Supabase's documentation/,
    ],
    [
      "the CLI's public secret with one capital letter",
      "Super-secret-jwt-token-with-at-least-32-characters-long",
      /is an example published in Supabase's documentation, or a variant of one/,
    ],
    ["few characters", "abcabcabcabcabcabcabcabcabcabcabcabc", /repeats too few characters/],
    ["abcdefgh four times", "abcdefgh".repeat(4), /is a run or a repeat/],
    ["a run of digits and letters", "0123456789abcdefghijklmnopqrstuvwxyz", /is a run or a repeat/],
    ["a block of 8 four times", "x8Kq2mZp".repeat(4), /is a run or a repeat/],
  ];
  const weakCases = secretSettings.flatMap((name) =>
    weakSecrets.map(([what, value, refusal]) => ({ name, what, value, refusal })),
  );
  it.each(weakCases)("refuses $name as $what in production, naming it", ({ name, value, refusal }) => {
    const problems = problemsOf({ ...PRODUCTION, [name]: value });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(new RegExp(`^${name} ${refusal.source}.*: use 32\\+ random characters`));
  });

  it("accepts random secrets of 32 characters and more in every secret setting (every one of many draws)", () => {
    for (let i = 0; i < 200; i++)
      for (const value of [randomBytes(16).toString("hex"), randomBytes(32).toString("base64")])
        expect(problemsOf({ ...PRODUCTION, ...Object.fromEntries(secretSettings.map((n) => [n, value])) })).toEqual([]);
  });

  it("refuses http:// for every outbound URL in production (auth, its JWKS, Sumsub), except to loopback", () => {
    for (const name of ["SUPABASE_URL", "SUPABASE_JWKS_URL", "SUMSUB_BASE_URL"]) {
      for (const url of [
        "http://auth.example.org",
        "http://10.0.0.5:8000/jwks",
        "ftp://auth.example.org",
        "auth.example",
      ])
        expect(problemsOf({ ...PRODUCTION, [name]: url })).toEqual([
          `${name} must be an https:// URL in production (http only to loopback)`,
        ]);
      for (const url of [
        "https://auth.example.org",
        "http://127.0.0.1:54321",
        "http://localhost:8000",
        "http://[::1]:9",
      ])
        expect(problemsOf({ ...PRODUCTION, [name]: url })).toEqual([]);
    }
    // Local development keeps its plain-http emulator.
    expect(problemsOf({ SUPABASE_URL: "http://auth.example.org" })).toEqual([]);
  });

  it("needs AUTH_MODE in production and refuses the embedded emulator there", () => {
    const { AUTH_MODE: _mode, ...withoutMode } = PRODUCTION;
    expect(problemsOf(withoutMode)).toEqual(["AUTH_MODE is required in production"]);
    expect(problemsOf({ ...PRODUCTION, AUTH_MODE: "embedded" })).toEqual([
      expect.stringMatching(/^AUTH_MODE=embedded is refused in production/),
    ]);
  });

  it("outside production, refuses real Sumsub keys without a webhook secret of their own", () => {
    expect(problemsOf({ SUMSUB_APP_TOKEN: "prd:token", SUMSUB_SECRET_KEY: "secret" })).toEqual([
      "SUMSUB_WEBHOOK_SECRET is required with SUMSUB_APP_TOKEN and SUMSUB_SECRET_KEY",
    ]);
  });

  it("production's CORS list is PUBLIC_APP_URL and CORS_ORIGINS only: no localhost", () => {
    expect(loadConfig({ ...PRODUCTION }).corsOrigins).toEqual(["https://app.example.org"]);
    expect(
      loadConfig({ ...PRODUCTION, CORS_ORIGINS: "https://admin.example.org, https://app.example.org" }).corsOrigins,
    ).toEqual(["https://app.example.org", "https://admin.example.org"]);
    // Locally the dev origins stay (the app by either name, Vite's dev server).
    expect(loadConfig({}).corsOrigins).toEqual([
      "http://localhost:3000",
      "http://127.0.0.1:3000",
      "http://localhost:5173",
      "http://127.0.0.1:5173",
    ]);
  });

  const weakKeys: [string, string][] = [
    ["all zeros", Buffer.alloc(32).toString("base64")],
    ["one repeated byte", Buffer.alloc(32, 7).toString("base64")],
    [
      "a repeated 8-byte pattern",
      Buffer.from("0123456701234567012345670123456701234567").subarray(0, 32).toString("base64"),
    ],
    ["a passphrase", Buffer.from("correct horse battery staple!!!!").toString("base64")],
    ["16 bytes", randomBytes(16).toString("base64")],
    ["not base64", "not base64 at all!"],
  ];
  it.each(weakKeys)("refuses an SSN key that is %s in production, naming SSN_ENCRYPTION_KEY", (_what, key) => {
    expect(problemsOf({ ...PRODUCTION, SSN_ENCRYPTION_KEY: key })).toEqual([
      expect.stringMatching(/^SSN_ENCRYPTION_KEY (is not base64|must be 32 bytes|has too little entropy)/),
    ]);
  });

  it("accepts 32 random bytes as the SSN key (every one of many draws)", () => {
    for (let i = 0; i < 200; i++)
      expect(problemsOf({ ...PRODUCTION, SSN_ENCRYPTION_KEY: randomBytes(32).toString("base64") })).toEqual([]);
  });

  it("refuses a session-check lifetime above 60 s and malformed switches", () => {
    expect(() => loadConfig({ SESSION_CHECK_TTL_SECONDS: "61" })).toThrow(/SESSION_CHECK_TTL_SECONDS/);
    expect(() => loadConfig({ ADMIN_API_ENABLED: "maybe" })).toThrow(/ADMIN_API_ENABLED/);
  });
});
