// Authorization matrix generated from the app's OpenAPI document, against the whole local stack
// (tokens issued by the auth emulator, verified through its JWKS and confirmed with it): every
// route × every credential → the exact status, no other account's data in any body, and nothing
// written by a refused request. The owner has a verified TOTP factor: their aal1 token is refused
// with 403 insufficient_aal everywhere, their aal2 token works; other founders have no factor and
// work at aal1. A route in the document without a recipe fails here, never silently skipped. Every
// error answer's body carries a code of the API's closed set that the document lists for the route.
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { APP_DB_FILE } from "../../db/client";
import { bootStack, type TestStack } from "../support/stack";
import { call, leaksStackTrace, type Reply } from "../support/http";
import { dumpDatabase } from "../support/db-dump";
import {
  founderAt,
  createAuthUser,
  deleteAuthUser,
  signInWithPassword,
  privateStrings,
  type ApiFounder as Founder,
} from "../support/founders";
import { fetchOperations, type Operation } from "../support/openapi";
import { expectApiError } from "../support/api-errors";
import { PUBLIC_ROUTES, RECIPES, buildRequest, type Recipe } from "../support/route-recipes";
import { enrolTotp } from "../support/auth";
import { CREDENTIALS, REJECTED, emulatorSigner, forgedAuthorizations } from "./forged-credentials";
import { LOCAL_SUPABASE } from "../../server/src/config";

let stack: TestStack;
let appUrl: string;
let authUrl: string;
let dbFile: string;
let operations: Operation[];
let other: Founder;
let deleted: Founder;
let signedOut: Founder;
let sign: (claims: Record<string, unknown>) => Promise<string>;
const tally = { routes: 0, requests: 0, leaks: 0, errorBodies: 0 };

beforeAll(async () => {
  // Sessions are re-confirmed with the auth service after 1 s here (30 s by default), so the
  // signed-out and deleted founders below are refused after a short wait, not half a minute.
  stack = await bootStack({ SESSION_CHECK_TTL_SECONDS: "1" });
  appUrl = stack.app.url;
  authUrl = stack.auth!.url;
  dbFile = path.join(stack.dataDir, APP_DB_FILE);
  sign = await emulatorSigner(path.join(stack.dataDir, "auth-signing-key.json"));
  operations = await fetchOperations(appUrl);
  other = await founderAt("entry", {
    on: stack,
    user: await createAuthUser(authUrl, { label: "other" }),
    marked: true,
    daf: false,
  });
  deleted = await founderAt("entry", {
    on: stack,
    user: await createAuthUser(authUrl, { label: "deleted" }),
    marked: true,
    daf: false,
  });
  await deleteAuthUser(authUrl, deleted.userId);
  signedOut = await founderAt("entry", {
    on: stack,
    user: await createAuthUser(authUrl, { label: "signed-out" }),
    marked: true,
    daf: false,
  });
  const out = await call(authUrl, "POST", "/auth/v1/logout", {
    token: signedOut.token,
    query: { scope: "global" },
    headers: { apikey: LOCAL_SUPABASE.anonKey },
  });
  expect(out.status).toBe(204);
  await new Promise((r) => setTimeout(r, 1_100));
});

/** An owner with a verified TOTP factor: founder data built with the aal2 token, plus a fresh aal1 sign-in. */
async function enrolledOwner(recipe: Recipe): Promise<{ owner: Founder; aal1: string }> {
  const user = await createAuthUser(authUrl, { label: "owner" });
  const { aal2Token } = await enrolTotp(`${authUrl}/auth/v1`, LOCAL_SUPABASE.anonKey, user.token);
  const { stage, strategy } = recipe;
  const owner = await founderAt(stage ?? "entry", {
    on: stack,
    user: { ...user, token: aal2Token },
    marked: true,
    strategy,
    daf: stage ? undefined : false,
  });
  const aal1 = (await signInWithPassword(authUrl, user.email)).token;
  return { owner, aal1 };
}

afterAll(async () => {
  console.log(
    `[reliability] authorization matrix: ${tally.routes} routes × ${CREDENTIALS.length} credentials, ${tally.requests} requests (${tally.errorBodies} error bodies, each a documented code), ${tally.leaks} leaks`,
  );
  await stack?.close();
});

function expectNoneOf(res: Reply, secrets: string[], context: string): void {
  const found = secrets.filter((s) => res.text.includes(s));
  if (found.length) tally.leaks += 1;
  expect(found, `${context}: response carries another account's data`).toEqual([]);
  expect(leaksStackTrace(res.text), `${context}: stack trace in the response`).toBe(false);
}

describe("route discovery", () => {
  it("every route of the OpenAPI document is either described in the recipes or listed as public with a reason", () => {
    const undescribed = operations.map((o) => o.key).filter((k) => !RECIPES[k] && !PUBLIC_ROUTES[k]);
    expect(undescribed, "describe these routes in tests/support/route-recipes.ts").toEqual([]);
  });

  it("every recipe names a route the document still lists", () => {
    const keys = new Set(operations.map((o) => o.key));
    expect(Object.keys(RECIPES).filter((k) => !keys.has(k))).toEqual([]);
  });
});

describe.each(Object.entries(RECIPES))("%s", (key, recipe: Recipe) => {
  it("answers each credential with its exact status and leaks nothing", async () => {
    const op = operations.find((o) => o.key === key);
    expect(op, `${key} is not in the OpenAPI document`).toBeDefined();
    const { owner, aal1 } = await enrolledOwner(recipe);
    const req = buildRequest(op!, recipe, owner);
    const send = async (authorization: string | undefined) => {
      tally.requests += 1;
      const res = await call(appUrl, req.method, req.path, { authorization, query: req.query, body: req.body });
      if (res.status >= 400) {
        tally.errorBodies += 1;
        expectApiError(res.status, res.json, op, key);
      }
      return res;
    };
    tally.routes += 1;
    const before = dumpDatabase(dbFile);

    const forged = await forgedAuthorizations(owner.token, sign);
    for (const credential of [...REJECTED, "deleted user", "signed out"] as const) {
      const authorization =
        credential === "deleted user"
          ? `Bearer ${deleted.token}`
          : credential === "signed out"
            ? `Bearer ${signedOut.token}`
            : forged[credential];
      const res = await send(authorization);
      expect(res.status, `${credential}: ${res.text}`).toBe(401);
      expect(res.json).toEqual({ error: "unauthorized", message: expect.any(String), request_id: expect.any(String) });
      expectNoneOf(res, privateStrings(owner), credential);
    }

    // Another founder (no second factor, so aal1 is enough) reaches nothing of the owner's.
    const foreignStatus = recipe.scope === "owner" ? 404 : recipe.scope === "staff" ? 403 : recipe.success;
    const foreign = await send(`Bearer ${other.token}`);
    expect(foreign.status, `another founder: ${foreign.text}`).toBe(foreignStatus);
    expectNoneOf(foreign, privateStrings(owner), "another founder");

    // The owner's own session without the second factor: refused everywhere.
    const half = await send(`Bearer ${aal1}`);
    expect(half.status, `owner at aal1: ${half.text}`).toBe(403);
    expect(half.json).toEqual({
      error: "insufficient_aal",
      message: expect.any(String),
      request_id: expect.any(String),
    });
    expect(dumpDatabase(dbFile), "a refused request changed the database").toEqual(before);

    const res = await send(`Bearer ${owner.token}`);
    expect(res.status, `owner: ${res.text}`).toBe(recipe.success);
    expectNoneOf(res, [...privateStrings(other), ...privateStrings(deleted), owner.ssn], "owner");
  });
});

describe("public routes", () => {
  it("the webhook refuses every bearer credential without a valid digest and changes nothing", async () => {
    const owner = await founderAt("entry", {
      on: stack,
      user: await createAuthUser(authUrl, { label: "hook" }),
      marked: true,
      daf: false,
    });
    const before = dumpDatabase(dbFile);
    const forged = await forgedAuthorizations(owner.token, sign);
    const payload = {
      type: "applicantReviewed",
      applicantId: "x",
      externalUserId: `person-${owner.personId}`,
      reviewResult: { reviewAnswer: "GREEN" },
    };
    for (const authorization of [...Object.values(forged), `Bearer ${owner.token}`, `Bearer ${other.token}`]) {
      tally.requests += 1;
      const res = await call(appUrl, "POST", "/api/sumsub/webhook", {
        authorization,
        body: payload,
        headers: { "x-payload-digest": "00".repeat(32), "x-payload-digest-alg": "HMAC_SHA256_HEX" },
      });
      expect(res.status, res.text).toBe(401);
      expectApiError(
        res.status,
        res.json,
        operations.find((o) => o.key === "POST /api/sumsub/webhook"),
        "webhook",
      );
    }
    expect(dumpDatabase(dbFile)).toEqual(before);
  });

  it("app-config and the OpenAPI document answer without a token and hold no secret", async () => {
    for (const p of ["/app-config.json", "/api/openapi.json"]) {
      tally.requests += 1;
      const res = await call(appUrl, "GET", p);
      expect(res.status).toBe(200);
      for (const secret of [
        stack.config.auth.serviceRoleKey,
        stack.config.auth.jwtSecret,
        stack.config.identity.secretKey,
        stack.config.identity.webhookSecret,
      ]) {
        expect(res.text).not.toContain(secret);
      }
    }
  });
});

describe("the deleted user", () => {
  it("is refused by the auth service (403 user_not_found), and so by the app, even on that user's own orphaned account", async () => {
    const me = await call(authUrl, "GET", "/auth/v1/user", {
      token: deleted.token,
      headers: { apikey: stack.config.auth.anonKey, "x-supabase-api-version": "2024-01-01" },
    });
    expect(me.status).toBe(403);
    expect(me.json).toMatchObject({ code: "user_not_found" });
    const own = await call(appUrl, "GET", `/api/accounts/user/${deleted.userId}`, { token: deleted.token });
    expect(own.status).toBe(401);
    expect(own.json).toEqual({ error: "unauthorized", message: expect.any(String), request_id: expect.any(String) });
  });

  it("cannot refresh its session any more, so its access ends when the access token expires", async () => {
    const res = await call(authUrl, "POST", "/auth/v1/token", {
      query: { grant_type: "refresh_token" },
      headers: { apikey: stack.config.auth.anonKey, "x-supabase-api-version": "2024-01-01" },
      body: { refresh_token: deleted.refreshToken },
    });
    // GoTrue answers a refresh token whose session went with the user as "not found".
    expect(res.status, res.text).toBe(400);
    expect(res.json).toMatchObject({ code: "refresh_token_not_found" });
  });
});
