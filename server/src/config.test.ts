import { describe, expect, it } from "vitest";
import { ConfigError, LOCAL_SUPABASE, loadConfig } from "./config";

describe("loadConfig", () => {
  it("runs the local stack with no settings at all, on the Supabase CLI's ports and public keys", () => {
    const c = loadConfig({});
    expect(c.ports).toEqual({ app: 3000, auth: 54321, mail: 54324, smtp: 54325, identity: 54330 });
    expect(c.authMode).toBe("embedded");
    expect(c.auth.anonKey).toBe(LOCAL_SUPABASE.anonKey);
    expect(c.auth.jwtSecret).toBe(LOCAL_SUPABASE.jwtSecret);
    expect(c.auth.jwksUrl).toBe("http://127.0.0.1:54321/auth/v1/.well-known/jwks.json");
    expect(c.mail.smtpUrl).toBe("smtp://127.0.0.1:54325");
    expect(c.identity).toMatchObject({ baseUrl: "http://127.0.0.1:54330", isRealProvider: false });
    expect(c.ssnEncryptionKey).toBeUndefined();
  });

  it("derives every listener's address from the ports it is given, so two copies don't collide", () => {
    const c = loadConfig({ APP_PORT: "4000", AUTH_PORT: "4001", SMTP_PORT: "4002", IDENTITY_PORT: "4003", DATA_DIR: "/tmp/other" });
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

  it("refuses a malformed setting with its name", () => {
    expect(() => loadConfig({ APP_PORT: "not-a-port" })).toThrow(/APP_PORT/);
    expect(() => loadConfig({ AUTH_MODE: "docker" })).toThrow(/AUTH_MODE/);
  });

  it("switches the identity seam to Sumsub when its credentials are configured", () => {
    const c = loadConfig({ SUMSUB_APP_TOKEN: "prd:token", SUMSUB_SECRET_KEY: "secret" });
    expect(c.identity.isRealProvider).toBe(true);
    expect(c.identity.baseUrl).toBe("https://api.sumsub.com");
  });
});
