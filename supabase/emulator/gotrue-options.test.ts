// Two ways a GoTrue can be run that clients meet, as options: user tokens signed HS256 with the JWT
// secret (a GoTrue without signing keys: no kid, an empty JWKS, clients check tokens through GET
// /user), and the API at the root path as a self-hosted GoTrue serves it, besides /auth/v1.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import ws from "ws";
import { decodeProtectedHeader, jwtVerify } from "jose";
import { AuthClient, createClient, type RealtimeClientOptions } from "@supabase/supabase-js";
import { startAuthEmulator, type AuthEmulator } from "./index";
import { scaled } from "../../tests/support/machine";

const USER = { email: "ada@example.com", password: "ada-password" };
const SECRET = "options-test-secret-with-at-least-32-characters";
const AUTH = { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false };

let hs256: AuthEmulator;
let atRoot: AuthEmulator;
let plain: AuthEmulator;
beforeAll(async () => {
  const start = (opts: Parameters<typeof startAuthEmulator>[0]) =>
    startAuthEmulator({ quiet: true, bcryptCost: 4, seed: { users: [USER] }, jwtSecret: SECRET, ...opts });
  [hs256, atRoot, plain] = await Promise.all([
    start({ hs256UserTokens: true }),
    start({ serveAtRoot: true }),
    start({}),
  ]);
}, scaled(30_000));
afterAll(async () => Promise.all([hs256?.stop(), atRoot?.stop(), plain?.stop()]));

const client = (emu: AuthEmulator) =>
  createClient(emu.url, emu.anonKey, {
    auth: AUTH,
    // Node 20 has no WebSocket of its own; supabase-js wants one even when realtime is unused.
    realtime: { transport: ws as unknown as RealtimeClientOptions["transport"] },
  });

describe("hs256UserTokens", () => {
  it("signs user tokens HS256 with the JWT secret, without a kid, and lists no key in the JWKS", async () => {
    const c = client(hs256);
    const { data, error } = await c.auth.signInWithPassword(USER);
    expect(error).toBeNull();
    const token = data.session?.access_token ?? "";
    expect(decodeProtectedHeader(token)).toEqual({ alg: "HS256", typ: "JWT" });
    const { payload } = await jwtVerify(token, new TextEncoder().encode(SECRET));
    expect(payload).toMatchObject({ sub: data.user?.id, role: "authenticated", aal: "aal1" });
    expect(hs256.jwks).toEqual({ keys: [] });
    expect(await (await fetch(hs256.jwksUrl)).json()).toEqual({ keys: [] });
  });

  it("supabase-js checks such a token through GET /user (getClaims), and refresh and getUser work", async () => {
    const c = client(hs256);
    const signedIn = await c.auth.signInWithPassword(USER);
    const claims = await c.auth.getClaims();
    expect(claims.error).toBeNull();
    expect(claims.data?.claims.sub).toBe(signedIn.data.user?.id);
    const refreshed = await c.auth.refreshSession();
    expect(decodeProtectedHeader(refreshed.data.session?.access_token ?? "").alg).toBe("HS256");
    expect((await c.auth.getUser()).data.user?.email).toBe(USER.email);
  });

  it("is off by default: ES256 with a kid the JWKS lists", async () => {
    const { data } = await client(plain).auth.signInWithPassword(USER);
    const header = decodeProtectedHeader(data.session?.access_token ?? "");
    expect(header).toMatchObject({ alg: "ES256", kid: plain.jwks.keys[0]?.kid });
  });
});

describe("serveAtRoot", () => {
  it("answers a GoTrue client pointed at the root, and supabase-js under /auth/v1 alike", async () => {
    const root = new AuthClient({ url: atRoot.url, headers: { apikey: atRoot.anonKey }, ...AUTH });
    const { data, error } = await root.signInWithPassword(USER);
    expect(error).toBeNull();
    expect((await root.getUser()).data.user?.id).toBe(data.user?.id);
    const settings = await fetch(`${atRoot.url}/settings`, { headers: { apikey: atRoot.anonKey } });
    expect(settings.status).toBe(200);
    expect((await client(atRoot).auth.signInWithPassword(USER)).error).toBeNull();
  });

  it("is off by default: the root answers 404", async () => {
    const root = new AuthClient({ url: plain.url, headers: { apikey: plain.anonKey }, ...AUTH });
    expect((await root.signInWithPassword(USER)).error).toMatchObject({ status: 404 });
  });
});
