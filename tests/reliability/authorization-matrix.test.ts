// Authorization matrix generated from the app's OpenAPI document, against the whole local stack
// (tokens issued by the auth emulator and verified through its JWKS): every route × every
// credential → the exact status, no other account's data in any body, and nothing written by a
// refused request. A route in the document without a recipe fails here, never silently skipped.
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { APP_DB_FILE } from "../../db/client";
import type { TestStack } from "../support/stack";
import { bootStackRetrying } from "./support/boot";
import { call, leaksStackTrace, type Reply } from "./support/http";
import { dumpDatabase } from "./support/db-dump";
import { buildFounder, createAuthUser, deleteAuthUser, privateStrings, type Founder } from "./support/founders";
import { fetchOperations, type Operation } from "./support/openapi";
import { PUBLIC_ROUTES, RECIPES, buildRequest, type Recipe } from "./support/recipes";
import { CREDENTIALS, REJECTED, forgedAuthorizations } from "./support/tokens";

let stack: TestStack;
let appUrl: string;
let authUrl: string;
let dbFile: string;
let operations: Operation[];
let other: Founder;
let deleted: Founder;
const tally = { routes: 0, requests: 0, leaks: 0 };

beforeAll(async () => {
  stack = await bootStackRetrying();
  appUrl = stack.app.url;
  authUrl = stack.auth!.url;
  dbFile = path.join(stack.dataDir, APP_DB_FILE);
  operations = await fetchOperations(appUrl);
  other = await buildFounder(appUrl, await createAuthUser(authUrl, "other"));
  deleted = await buildFounder(appUrl, await createAuthUser(authUrl, "deleted"));
  await deleteAuthUser(authUrl, deleted.userId);
});

afterAll(async () => {
  console.log(`[reliability] authorization matrix: ${tally.routes} routes × ${CREDENTIALS.length} credentials, ${tally.requests} requests, ${tally.leaks} leaks`);
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
    expect(undescribed, "describe these routes in tests/reliability/support/recipes.ts").toEqual([]);
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
    const owner = await buildFounder(appUrl, await createAuthUser(authUrl, "owner"), recipe.stage ?? "full");
    const req = buildRequest(op!, recipe, owner);
    const send = (authorization: string | undefined) => {
      tally.requests += 1;
      return call(appUrl, req.method, req.path, { authorization, query: req.query, body: req.body });
    };
    tally.routes += 1;
    const before = dumpDatabase(dbFile);

    const forged = await forgedAuthorizations(owner.token, stack.config.auth.jwtSecret);
    for (const credential of REJECTED) {
      const res = await send(forged[credential]);
      expect(res.status, `${credential}: ${res.text}`).toBe(401);
      expect(res.json).toEqual({ error: "Unauthorized", message: expect.any(String) });
      expectNoneOf(res, privateStrings(owner), credential);
    }

    // Another founder, and a founder whose auth user was deleted (their access token stays valid until
    // it expires: verification is stateless, as with Supabase), reach nothing of the owner's.
    const foreignStatus = recipe.scope === "owner" ? 404 : recipe.scope === "staff" ? 403 : recipe.success;
    for (const [credential, caller] of [["another founder", other], ["deleted user", deleted]] as const) {
      const res = await send(`Bearer ${caller.token}`);
      expect(res.status, `${credential}: ${res.text}`).toBe(foreignStatus);
      expectNoneOf(res, privateStrings(owner), credential);
    }
    expect(dumpDatabase(dbFile), "a refused request changed the database").toEqual(before);

    const res = await send(`Bearer ${owner.token}`);
    expect(res.status, `owner: ${res.text}`).toBe(recipe.success);
    expectNoneOf(res, [...privateStrings(other), ...privateStrings(deleted), owner.ssn], "owner");
  });
});

describe("public routes", () => {
  it("the webhook refuses every bearer credential without a valid digest and changes nothing", async () => {
    const owner = await buildFounder(appUrl, await createAuthUser(authUrl, "hook"));
    const before = dumpDatabase(dbFile);
    const forged = await forgedAuthorizations(owner.token, stack.config.auth.jwtSecret);
    const payload = { type: "applicantReviewed", applicantId: "x", externalUserId: `person-${owner.personId}`, reviewResult: { reviewAnswer: "GREEN" } };
    for (const authorization of [...Object.values(forged), `Bearer ${owner.token}`, `Bearer ${other.token}`]) {
      tally.requests += 1;
      const res = await call(appUrl, "POST", "/api/sumsub/webhook", { authorization, body: payload, headers: { "x-payload-digest": "00".repeat(32), "x-payload-digest-alg": "HMAC_SHA256_HEX" } });
      expect(res.status, res.text).toBe(401);
    }
    expect(dumpDatabase(dbFile)).toEqual(before);
  });

  it("app-config and the OpenAPI document answer without a token and hold no secret", async () => {
    for (const p of ["/app-config.json", "/api/openapi.json"]) {
      tally.requests += 1;
      const res = await call(appUrl, "GET", p);
      expect(res.status).toBe(200);
      for (const secret of [stack.config.auth.serviceRoleKey, stack.config.auth.jwtSecret, stack.config.identity.secretKey, stack.config.identity.webhookSecret]) {
        expect(res.text).not.toContain(secret);
      }
    }
  });
});

describe("the deleted user", () => {
  it("is refused by the auth service (403 user_not_found), while the app, verifying tokens statelessly as Supabase backends do, lets the unexpired token reach only that user's own orphaned account", async () => {
    const me = await call(authUrl, "GET", "/auth/v1/user", { token: deleted.token, headers: { apikey: stack.config.auth.anonKey, "x-supabase-api-version": "2024-01-01" } });
    expect(me.status).toBe(403);
    expect(me.json).toMatchObject({ code: "user_not_found" });
    const own = await call(appUrl, "GET", `/api/accounts/user/${deleted.userId}`, { token: deleted.token });
    expect(own.status).toBe(200);
    expect(own.json).toEqual({ account_id: deleted.accountId });
  });

  it("cannot refresh its session any more, so its access ends when the access token expires", async () => {
    const res = await call(authUrl, "POST", "/auth/v1/token", { query: { grant_type: "refresh_token" }, headers: { apikey: stack.config.auth.anonKey, "x-supabase-api-version": "2024-01-01" }, body: { refresh_token: deleted.refreshToken } });
    // GoTrue answers a refresh token whose session went with the user as "not found".
    expect(res.status, res.text).toBe(400);
    expect(res.json).toMatchObject({ code: "refresh_token_not_found" });
  });
});
