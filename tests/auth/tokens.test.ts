// Access tokens as the API server will see them (JWKS verification with jose), refresh-token
// rotation and reuse, API key handling, and `[auth] signing_keys_path`.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRemoteJWKSet, decodeProtectedHeader, exportJWK, generateKeyPair, jwtVerify, SignJWT } from "jose";
import { LOCAL_SUPABASE } from "../../server/src/config";
import { startAuthHarness, type AuthHarness } from "../support/auth-harness";

const DEMO = { email: "founder@example.com", password: "Founder!2026" };

let h: AuthHarness;
beforeAll(async () => {
  h = await startAuthHarness();
});
afterAll(async () => h?.close());

describe("access tokens", () => {
  it("verify against the published JWKS (ES256 with a kid) and carry GoTrue's claims", async () => {
    const { data } = await h.client().auth.signInWithPassword(DEMO);
    const token = data.session?.access_token ?? "";
    const header = decodeProtectedHeader(token);
    expect(header.alg).toBe("ES256");
    expect(header.kid).toEqual(expect.any(String));

    const jwks = createRemoteJWKSet(new URL(`${h.url}/auth/v1/.well-known/jwks.json`));
    const { payload } = await jwtVerify(token, jwks, { issuer: `${h.url}/auth/v1`, audience: "authenticated" });
    expect(payload).toMatchObject({
      sub: data.user?.id,
      aud: "authenticated",
      email: DEMO.email,
      phone: "",
      role: "authenticated",
      aal: "aal1",
      is_anonymous: false,
      session_id: expect.any(String),
      app_metadata: { provider: "email", providers: ["email"], roles: ["user"] },
      user_metadata: { email: DEMO.email, full_name: "Demo Founder" },
    });
    expect(payload.amr).toEqual([{ method: "password", timestamp: expect.any(Number) }]);
    expect((payload.exp ?? 0) - (payload.iat ?? 0)).toBe(3600);
  });

  it("a password sign-in stamps last_sign_in_at on the user and each identity, as the answer shows", async () => {
    const first = (await h.client().auth.signInWithPassword(DEMO)).data.user;
    await new Promise((r) => setTimeout(r, 5));
    const { data, error } = await h.client().auth.signInWithPassword(DEMO);
    expect(error).toBeNull();
    const at = data.user?.last_sign_in_at ?? "";
    expect(Date.parse(at)).toBeGreaterThan(Date.parse(first?.last_sign_in_at ?? ""));
    expect(data.user?.identities?.length).toBeGreaterThan(0);
    for (const identity of data.user?.identities ?? []) {
      expect(identity.last_sign_in_at).toBe(at);
    }
    const admin = await h.client({}, LOCAL_SUPABASE.serviceRoleKey).auth.admin.getUserById(data.user?.id ?? "");
    expect(admin.data.user?.last_sign_in_at).toBe(at);
  });

  it("publishes public keys only", async () => {
    const res = await fetch(`${h.url}/auth/v1/.well-known/jwks.json`);
    const { keys } = (await res.json()) as { keys: Record<string, unknown>[] };
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatchObject({ kty: "EC", crv: "P-256", alg: "ES256", kid: expect.any(String) });
    expect(keys[0]).not.toHaveProperty("d");
  });

  it("getClaims verifies the session's token through the JWKS", async () => {
    const c = h.client();
    await c.auth.signInWithPassword(DEMO);
    const { data, error } = await c.auth.getClaims();
    expect(error).toBeNull();
    expect(data?.claims.email).toBe(DEMO.email);
  });

  it("accepts the new-style keys as the CLI gateway maps them", async () => {
    const publishable = h.client({}, LOCAL_SUPABASE.publishableKey);
    expect((await publishable.auth.signInWithPassword(DEMO)).error).toBeNull();
    const secret = h.client({}, LOCAL_SUPABASE.secretKey);
    const { data, error } = await secret.auth.admin.listUsers();
    expect(error).toBeNull();
    expect(data.users.length).toBeGreaterThanOrEqual(3);
  });
});

describe("refresh tokens", () => {
  it("rotate on every refresh and keep session, aal and amr", async () => {
    const c = h.client();
    const first = (await c.auth.signInWithPassword(DEMO)).data.session;
    const { data, error } = await c.auth.refreshSession();
    expect(error).toBeNull();
    expect(data.session?.refresh_token).not.toBe(first?.refresh_token);
    const claims = (t?: string) =>
      JSON.parse(Buffer.from((t ?? "").split(".")[1] ?? "", "base64url").toString()) as Record<string, unknown>;
    expect(claims(data.session?.access_token).session_id).toBe(claims(first?.access_token).session_id);
    expect(claims(data.session?.access_token).amr).toEqual(claims(first?.access_token).amr);
  });

  it("hand back the active token when its parent is reused within the reuse interval", async () => {
    const c = h.client();
    const first = (await c.auth.signInWithPassword(DEMO)).data.session;
    const second = (await c.auth.refreshSession()).data.session;
    const reuse = await h.client().auth.refreshSession({ refresh_token: first?.refresh_token ?? "" });
    expect(reuse.error).toBeNull();
    expect(reuse.data.session?.refresh_token).toBe(second?.refresh_token);
  });

  it("report an unknown token (refresh_token_not_found)", async () => {
    const { error } = await h.client().auth.refreshSession({ refresh_token: "zzzzzzzzzzzz" });
    expect(error?.code).toBe("refresh_token_not_found");
    expect(error?.status).toBe(400);
  });

  it("revoke the whole family when an old token is reused after the interval (refresh_token_already_used)", async () => {
    const strict = await startAuthHarness({ configOverrides: { refreshTokenReuseInterval: 0 } });
    try {
      const c = strict.client();
      const first = (await c.auth.signInWithPassword(DEMO)).data.session;
      await c.auth.refreshSession();
      const second = (await c.auth.getSession()).data.session;
      const third = (await c.auth.refreshSession()).data.session;
      expect(third?.refresh_token).not.toBe(second?.refresh_token);

      const stolen = await strict.client().auth.refreshSession({ refresh_token: first?.refresh_token ?? "" });
      expect(stolen.error?.code).toBe("refresh_token_already_used");
      expect(stolen.error?.message).toBe("Invalid Refresh Token: Already Used");
      // The legitimate holder's newest token died with the family.
      const after = await strict.client().auth.refreshSession({ refresh_token: third?.refresh_token ?? "" });
      expect(after.error?.code).toBe("refresh_token_already_used");
    } finally {
      await strict.close();
    }
  });
});

describe("signing_keys_path", () => {
  let dir: string;
  let keyed: AuthHarness;
  let privateJwk: Record<string, unknown>;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "ff-keys-"));
    const { privateKey } = await generateKeyPair("RS256", { extractable: true });
    privateJwk = { ...(await exportJWK(privateKey)), kid: "test-rsa-key", alg: "RS256" };
    fs.writeFileSync(path.join(dir, "signing_keys.json"), JSON.stringify([privateJwk]));
    const toml = fs
      .readFileSync(path.resolve(import.meta.dirname, "../../supabase/config.toml"), "utf8")
      .replace("[auth]\n", '[auth]\nsigning_keys_path = "./signing_keys.json"\n')
      // The mail templates' paths are relative to the project; this copy lives elsewhere.
      .replace(/^\[auth\.email\.template\.[a-z_]+\][^[]*/gm, "");
    fs.writeFileSync(path.join(dir, "config.toml"), toml);
    keyed = await startAuthHarness({ config: path.join(dir, "config.toml") });
  });
  afterAll(async () => {
    await keyed?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("signs user tokens with the first key of the list and publishes it", async () => {
    const { data } = await keyed.client().auth.signInWithPassword(DEMO);
    const token = data.session?.access_token ?? "";
    expect(decodeProtectedHeader(token)).toMatchObject({ alg: "RS256", kid: "test-rsa-key" });
    const jwks = createRemoteJWKSet(new URL(`${keyed.url}/auth/v1/.well-known/jwks.json`));
    await expect(jwtVerify(token, jwks)).resolves.toBeTruthy();
  });

  it("accepts a service_role key signed by a key of the list", async () => {
    const { importJWK } = await import("jose");
    const key = await importJWK(privateJwk, "RS256");
    const serviceKey = await new SignJWT({ role: "service_role", iss: "supabase-demo" })
      .setProtectedHeader({ alg: "RS256", kid: "test-rsa-key", typ: "JWT" })
      .setExpirationTime("1h")
      .sign(key);
    const { data, error } = await keyed.client({}, serviceKey).auth.admin.listUsers();
    expect(error).toBeNull();
    expect(data.users.map((u) => u.email)).toContain(DEMO.email);
  });
});
