// An emulator started with its own secret (as a deployment starts it: the CLI as its own process,
// `--jwt-secret=<random>`) accepts only the keys derived from that secret: every public key form of
// the Supabase CLI (legacy anon and service_role JWTs, sb_publishable_, sb_secret_) is refused on
// admin and user routes, so a user holding the public keys cannot grant themselves roles, mint
// sign-in links or wipe the users. On the CLI's public secret the public keys keep working. And the
// CLI will not put the public keys on a non-loopback address unless told to.
import crypto from "node:crypto";
import { execFileSync } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import ws from "ws";
import { createClient, type RealtimeClientOptions, type SupabaseClient } from "@supabase/supabase-js";
import { SUPABASE_CLI_KEYS } from "./cli-keys";
import { BIN, startCli, type CliProcess } from "./test-support/cli-process";

const PUBLIC_KEYS = {
  "legacy anon JWT": SUPABASE_CLI_KEYS.anonKey,
  "legacy service_role JWT": SUPABASE_CLI_KEYS.serviceRoleKey,
  sb_publishable_: SUPABASE_CLI_KEYS.publishableKey,
  sb_secret_: SUPABASE_CLI_KEYS.secretKey,
} as const;
const FORMS = Object.entries(PUBLIC_KEYS);

const client = (url: string, key: string): SupabaseClient =>
  createClient(url, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: ws as unknown as RealtimeClientOptions["transport"] },
  });

/** A request as supabase-js sends it: the key as apikey, and as bearer unless a user token is given. */
async function call(
  url: string,
  method: string,
  route: string,
  key: string,
  opts: { bearer?: string; body?: unknown; noApikey?: boolean } = {},
) {
  const res = await fetch(`${url}/auth/v1${route}`, {
    method,
    headers: {
      ...(opts.noApikey ? {} : { apikey: key }),
      authorization: `Bearer ${opts.bearer ?? key}`,
      "content-type": "application/json",
      "x-supabase-api-version": "2024-01-01",
    },
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  return { status: res.status, body: (await res.json().catch(() => null)) as { code?: string } | null };
}

describe("the CLI started with its own secret", () => {
  let emu: CliProcess;
  let user: { id: string; token: string };
  beforeAll(async () => {
    emu = await startCli([`--jwt-secret=${crypto.randomBytes(32).toString("base64url")}`]);
    const { data, error } = await client(emu.url, emu.publishableKey).auth.signUp({
      email: "own@example.com",
      password: "own-password-1",
    });
    expect(error).toBeNull();
    user = { id: data.user?.id ?? "", token: data.session?.access_token ?? "" };
  }, 90_000);
  afterAll(async () => emu?.stop());

  it("prints four keys of its own, none of them public", () => {
    const own = [emu.anonKey, emu.serviceRoleKey, emu.publishableKey, emu.secretKey];
    for (const key of own) expect(Object.values(SUPABASE_CLI_KEYS)).not.toContain(key);
    expect(emu.publishableKey).toMatch(/^sb_publishable_[\w-]{22}_[\w-]{8}$/);
    expect(emu.secretKey).toMatch(/^sb_secret_[\w-]{22}_[\w-]{8}$/);
  });

  it.each(FORMS)(
    "refuses the public %s on the admin routes with 401 (list, generate_link, reset, role change)",
    async (_form, key) => {
      const routes: [string, string, unknown?][] = [
        ["GET", "/admin/users"],
        ["POST", "/admin/generate_link", { type: "magiclink", email: "own@example.com" }],
        ["POST", "/admin/reset"],
        ["PUT", `/admin/users/${user.id}`, { app_metadata: { roles: ["admin"] } }],
      ];
      for (const [method, route, body] of routes) {
        const res = await call(emu.url, method, route, key, { body });
        expect(res.status, `${method} ${route}`).toBe(401);
        expect(res.body?.code).toBe("no_authorization");
      }
      // supabase-js's admin client made with the public key gets the same.
      const { error } = await client(emu.url, key).auth.admin.listUsers();
      expect(error?.status).toBe(401);
    },
  );

  it.each(FORMS)(
    "refuses the public %s on the user routes with 401, even beside a valid user token",
    async (_form, key) => {
      expect((await call(emu.url, "GET", "/user", key, { bearer: user.token })).status).toBe(401);
      expect(
        (
          await call(emu.url, "POST", "/token?grant_type=password", key, {
            body: { email: "own@example.com", password: "own-password-1" },
          })
        ).status,
      ).toBe(401);
      expect(
        (
          await call(emu.url, "POST", "/signup", key, {
            body: { email: "public@example.com", password: "public-password-1" },
          })
        ).status,
      ).toBe(401);
      const { error } = await client(emu.url, key).auth.signInWithPassword({
        email: "own@example.com",
        password: "own-password-1",
      });
      expect(error?.status).toBe(401);
    },
  );

  it("refuses a public key sent only as the bearer (no apikey): sb_ keys 401, JWTs GoTrue's 403 bad_jwt", async () => {
    for (const [form, key] of FORMS) {
      const res = await call(emu.url, "GET", "/admin/users", key, { noApikey: true });
      if (key.startsWith("sb_")) expect(res.status, form).toBe(401);
      else expect([res.status, res.body?.code], form).toEqual([403, "bad_jwt"]);
    }
  });

  it("left the user as it was: no role granted, nobody reset", async () => {
    const { data, error } = await client(emu.url, emu.secretKey).auth.admin.getUserById(user.id);
    expect(error).toBeNull();
    expect(data.user?.app_metadata.roles).toBeUndefined();
  });

  it("accepts its own keys: publishable and anon for users, secret and service_role for the admin API", async () => {
    for (const key of [emu.publishableKey, emu.anonKey]) {
      const { data, error } = await client(emu.url, key).auth.signInWithPassword({
        email: "own@example.com",
        password: "own-password-1",
      });
      expect(error).toBeNull();
      expect(data.user?.id).toBe(user.id);
      expect((await call(emu.url, "GET", "/user", key, { bearer: data.session?.access_token })).status).toBe(200);
    }
    for (const key of [emu.secretKey, emu.serviceRoleKey]) {
      const { data, error } = await client(emu.url, key).auth.admin.listUsers();
      expect(error).toBeNull();
      expect(data.users.map((u) => u.id)).toContain(user.id);
      expect(
        (
          await call(emu.url, "POST", "/admin/generate_link", key, {
            body: { type: "magiclink", email: "own@example.com" },
          })
        ).status,
      ).toBe(200);
    }
  });
});

describe("the CLI on the Supabase CLI's public secret (the default)", () => {
  let emu: CliProcess;
  beforeAll(async () => {
    emu = await startCli([]);
  }, 90_000);
  afterAll(async () => emu?.stop());

  it("prints and accepts the public keys, old and new style", async () => {
    expect([emu.anonKey, emu.serviceRoleKey, emu.publishableKey, emu.secretKey]).toEqual(Object.values(PUBLIC_KEYS));
    const signedUp = await client(emu.url, SUPABASE_CLI_KEYS.publishableKey).auth.signUp({
      email: "public@example.com",
      password: "public-password-1",
    });
    expect(signedUp.error).toBeNull();
    const signedIn = await client(emu.url, SUPABASE_CLI_KEYS.anonKey).auth.signInWithPassword({
      email: "public@example.com",
      password: "public-password-1",
    });
    expect(signedIn.error).toBeNull();
    for (const key of [SUPABASE_CLI_KEYS.secretKey, SUPABASE_CLI_KEYS.serviceRoleKey]) {
      const { data, error } = await client(emu.url, key).auth.admin.listUsers();
      expect(error).toBeNull();
      expect(data.users.map((u) => u.email)).toContain("public@example.com");
    }
  });
});

describe("the CLI on a non-loopback address", () => {
  it("refuses to start with the public keys, saying why in one line", () => {
    let status = 0;
    let stderr = "";
    try {
      execFileSync(
        process.execPath,
        [BIN, "--host", "0.0.0.0", "--port", "0", "--mail-port", "0", "--smtp-port", "0"],
        { encoding: "utf8", stdio: "pipe", timeout: 60_000 },
      );
    } catch (err) {
      status = (err as { status: number }).status;
      stderr = (err as { stderr: string }).stderr;
    }
    expect(status).toBe(1);
    const first = stderr.split("\n")[0] ?? "";
    expect(first).toMatch(
      /^auth-emulator: refusing to listen on 0\.0\.0\.0 with the Supabase CLI's public keys .*--jwt-secret.*--allow-public-keys/,
    );
  });

  it("starts there with its own secret, or with --allow-public-keys", async () => {
    for (const args of [
      ["--host", "0.0.0.0", `--jwt-secret=${crypto.randomBytes(32).toString("base64url")}`],
      ["--host", "0.0.0.0", "--allow-public-keys"],
    ]) {
      const emu = await startCli(args);
      try {
        expect((await fetch(`${emu.url}/auth/v1/health`)).status).toBe(200);
      } finally {
        await emu.stop();
      }
    }
  }, 120_000);
});
