// The one way tests get bearer tokens: a real auth emulator on a free port whose users are made
// through its admin API and signed in with the password grant. Its signing key is this support's, so
// a test can re-sign a real token with one claim changed (tests/reliability/forged-credentials.ts forges).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { SignJWT, decodeJwt, exportJWK, generateKeyPair, importJWK, type JWK } from "jose";
import { startAuthEmulator, type AuthEmulator } from "@founder-foundation/auth-emulator";
import { PROJECT_AUTH_OPTIONS } from "../../supabase/demo-seed";
import type { Role } from "../../server/src/contract/roles";
import { totpCode } from "./totp";
import { createAuthUser, signInWithPassword, type AuthUser, type SignedInUser } from "./founders";

export interface TestAuthOptions {
  /** HS256 secret of the emulator (anon/service keys, legacy HS256 verification); default the CLI's public one. */
  jwtSecret?: string;
}

export interface TestAuth {
  url: string;
  anonKey: string;
  serviceRoleKey: string;
  /** The settings an app needs to trust this auth service (SUPABASE_URL, keys, JWKS, and the HS256 secret when one was given). */
  appEnv: Record<string, string>;
  /** A new confirmed user, signed in (aal1). Roles go to app_metadata.roles (default ["user"]; unknown names are kept as given). */
  user(opts?: { id?: string; email?: string; roles?: readonly (Role | string)[] }): Promise<SignedInUser>;
  signIn(email: string): Promise<AuthUser>;
  /** A verified TOTP factor for the user; returns the secret and an aal2 token of the same session. */
  enrolTotp(user: AuthUser): Promise<{ factorId: string; secret: string; aal2Token: string }>;
  /** The same claims with some changed, signed by the emulator's own key (ES256) or an HS256 secret. */
  resign(token: string, change: Record<string, unknown>, opts?: { hs256Secret?: string }): Promise<string>;
  admin: {
    getUser(userId: string): Promise<{ id: string; email: string; app_metadata: Record<string, unknown> }>;
    deleteUser(userId: string): Promise<void>;
    ban(userId: string, duration: string): Promise<void>;
    setRoles(userId: string, roles: Role[]): Promise<void>;
    deleteFactor(userId: string, factorId: string): Promise<void>;
  };
  /** Global sign-out of the session the token belongs to (every session of the user). */
  signOut(token: string, scope?: "global" | "local" | "others"): Promise<void>;
  emulator: AuthEmulator;
  close(): Promise<void>;
}

/** Enrols and verifies a TOTP factor over GoTrue's HTTP surface (`api` ends in /auth/v1); returns an aal2 session. */
export async function enrolTotp(
  api: string,
  anonKey: string,
  token: string,
): Promise<{ factorId: string; secret: string; aal2Token: string }> {
  const post = async <T>(route: string, body: unknown): Promise<T> => {
    const res = await fetch(`${api}${route}`, {
      method: "POST",
      headers: { apikey: anonKey, authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`auth POST ${route}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };
  const factor = await post<{ id: string; totp: { secret: string } }>("/factors", {
    factor_type: "totp",
    friendly_name: `tests-${randomUUID().slice(0, 8)}`,
  });
  const challenge = await post<{ id: string }>(`/factors/${factor.id}/challenge`, {});
  const verified = await post<{ access_token: string }>(`/factors/${factor.id}/verify`, {
    challenge_id: challenge.id,
    code: totpCode(factor.totp.secret),
  });
  return { factorId: factor.id, secret: factor.totp.secret, aal2Token: verified.access_token };
}

/** Signs claims with a private JWK as the auth emulator signs its tokens (its alg, its kid). */
export async function jwkSigner(jwk: JWK): Promise<(claims: Record<string, unknown>) => Promise<string>> {
  const { key_ops: _ops, ...signingJwk } = jwk;
  const alg = jwk.alg ?? "ES256";
  const key = await importJWK(signingJwk, alg);
  return (claims) => new SignJWT(claims).setProtectedHeader({ alg, kid: jwk.kid!, typ: "JWT" }).sign(key);
}

export async function startTestAuth(opts: TestAuthOptions = {}): Promise<TestAuth> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "ff-auth-"));
  const { privateKey } = await generateKeyPair("ES256", { extractable: true });
  const jwk: JWK = {
    ...(await exportJWK(privateKey)),
    kid: randomUUID(),
    alg: "ES256",
    use: "sig",
    key_ops: ["sign", "verify"],
  };
  const keysFile = path.join(dataDir, "signing-keys.json");
  fs.writeFileSync(keysFile, JSON.stringify([jwk]), { mode: 0o600 });
  const signWithEmulatorKey = await jwkSigner(jwk);

  const emulator = await startAuthEmulator({
    port: 0,
    dataDir,
    quiet: true,
    bcryptCost: 4,
    jwtSecret: opts.jwtSecret,
    // The product's config.toml (no demo users: each suite makes its own).
    config: PROJECT_AUTH_OPTIONS.config,
    configOverrides: {
      ...PROJECT_AUTH_OPTIONS.configOverrides,
      signingKeysPath: keysFile,
      // Suites sign in hundreds of users from one address: GoTrue's per-IP limits would stop them.
      rateLimit: {
        signInSignUps: 1_000_000,
        tokenVerifications: 1_000_000,
        tokenRefresh: 1_000_000,
        emailSent: 1_000_000,
      },
    },
  });
  const { anonKey, serviceRoleKey } = emulator;
  const url = emulator.url;
  const api = `${url}/auth/v1`;

  async function call<T>(
    method: string,
    route: string,
    init: { token?: string; body?: unknown; admin?: boolean } = {},
  ): Promise<T> {
    const key = init.admin ? serviceRoleKey : anonKey;
    const res = await fetch(`${api}${route}`, {
      method,
      headers: { apikey: key, authorization: `Bearer ${init.token ?? key}`, "content-type": "application/json" },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`auth ${method} ${route}: ${res.status} ${text.slice(0, 300)}`);
    return (text ? JSON.parse(text) : undefined) as T;
  }

  const service = { url, anonKey, serviceRoleKey };
  const signIn = (email: string): Promise<AuthUser> => signInWithPassword(service, email);

  return {
    url,
    anonKey,
    serviceRoleKey,
    appEnv: {
      SUPABASE_URL: url,
      SUPABASE_ANON_KEY: anonKey,
      SUPABASE_SERVICE_ROLE_KEY: serviceRoleKey,
      SUPABASE_JWKS_URL: `${api}/.well-known/jwks.json`,
      ...(opts.jwtSecret ? { SUPABASE_JWT_SECRET: opts.jwtSecret } : {}),
    },
    // Users are made by the one auth-user builder (tests/support/founders.ts); "user" is the default role here.
    user: (o = {}) => createAuthUser(service, { id: o.id, email: o.email, roles: o.roles ?? ["user"] }),
    signIn,
    enrolTotp: (user) => enrolTotp(api, anonKey, user.token),
    async resign(token, change, o = {}) {
      const claims = { ...decodeJwt(token), ...change };
      if (o.hs256Secret) {
        return new SignJWT(claims)
          .setProtectedHeader({ alg: "HS256", typ: "JWT" })
          .sign(new TextEncoder().encode(o.hs256Secret));
      }
      return signWithEmulatorKey(claims);
    },
    admin: {
      getUser: (userId) => call("GET", `/admin/users/${userId}`, { admin: true }),
      deleteUser: (userId) => call("DELETE", `/admin/users/${userId}`, { admin: true }).then(() => undefined),
      ban: (userId, duration) =>
        call("PUT", `/admin/users/${userId}`, { admin: true, body: { ban_duration: duration } }).then(() => undefined),
      setRoles: (userId, roles) =>
        call("PUT", `/admin/users/${userId}`, { admin: true, body: { app_metadata: { roles } } }).then(() => undefined),
      deleteFactor: (userId, factorId) =>
        call("DELETE", `/admin/users/${userId}/factors/${factorId}`, { admin: true }).then(() => undefined),
    },
    signOut: (token, scope = "global") => call("POST", `/logout?scope=${scope}`, { token }).then(() => undefined),
    emulator,
    async close() {
      await emulator.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
