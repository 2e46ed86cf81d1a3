// What the app does around the routes: OpenAPI and docs, JSON 404s, body limit, security headers,
// CORS, the app-config document, and the built SPA with client-side route fallback.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import request from "supertest";
import { loadConfig } from "../../server/src/config";
import { buildApp } from "../../server/src/app";
import { createTestApp, type TestApp } from "../support/app";
import { operationsOf } from "../support/openapi";
import { ERROR_CODES_BY_STATUS } from "../../server/src/contract/errors";

/** Requirements §7's product API, as the OpenAPI document must list it. */
const SPEC_ROUTES = [
  "put /api/accounts/{accountId}",
  "get /api/accounts/user/{userId}",
  "get /api/accounts/{accountId}/all_data",
  "post /api/persons/",
  "put /api/persons/{personId}",
  "patch /api/persons/{personId}",
  "delete /api/persons/{personId}",
  "get /api/persons/by_account/{accountId}",
  "post /api/strategies/",
  "get /api/strategies/{strategyId}",
  "put /api/strategies/{strategyId}",
  "get /api/strategies/strategy/account/{accountId}",
  "post /api/organizations/",
  "put /api/organizations/{organizationId}",
  "get /api/organizations/by_strategy/{strategyId}",
  "post /api/organization_users/",
  "delete /api/organization_users/{personId}/{organizationId}",
  "get /api/enums/",
  "get /api/notifications/",
  "put /api/notifications/{notificationId}/read",
  "put /api/notifications/mark-all-read",
];

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe("OpenAPI", () => {
  it("lists every §7 route with its schemas, publicly", async () => {
    const res = await t.http.get("/api/openapi.json");
    expect(res.status).toBe(200);
    const listed = Object.entries(res.body.paths as Record<string, Record<string, unknown>>).flatMap(([p, ops]) =>
      Object.keys(ops).map((m) => `${m} ${p}`),
    );
    for (const route of SPEC_ROUTES) expect(listed, route).toContain(route);
    const create = res.body.paths["/api/persons/"].post;
    expect(create.requestBody.content["application/json"].schema.properties).toHaveProperty("ssn");
    expect(create.responses["201"].content["application/json"].schema.properties).toHaveProperty("person_id");
    expect(res.body.components.securitySchemes.bearerAuth).toMatchObject({ type: "http", scheme: "bearer" });
  });

  it("documents each error status of every route with the codes that status carries (contract/errors.ts)", async () => {
    const operations = operationsOf((await t.http.get("/api/openapi.json")).body);
    expect(operations.filter((op) => op.errorCodes[401]).length).toBeGreaterThan(20);
    for (const op of operations) {
      for (const [status, codes] of Object.entries(op.errorCodes)) {
        const documented = (ERROR_CODES_BY_STATUS as Record<string, readonly string[] | undefined>)[status];
        expect(documented, `${op.key} documents ${status}, a status without codes`).toBeDefined();
        expect(codes, `${op.key} ${status}`).toEqual(documented);
      }
    }
  });

  it("documents for the identity webhook only what it answers: no bearer token, no rate limit, no 404", async () => {
    const webhook = operationsOf((await t.http.get("/api/openapi.json")).body).find(
      (op) => op.key === "POST /api/sumsub/webhook",
    );
    expect(Object.keys(webhook!.errorCodes).sort()).toEqual(["400", "401", "413", "502", "503"]);
  });

  it("serves the browsable docs", async () => {
    const res = await t.http.get("/api/docs/").redirects(1);
    expect(res.status).toBe(200);
    expect(res.text).toContain("swagger");
  });
});

describe("errors and limits", () => {
  it("answers unknown API routes with a JSON 404, with or without a token", async () => {
    const anon = await t.http.get("/api/nothing-here");
    expect(anon.status).toBe(404);
    expect(anon.body).toEqual({
      error: "not_found",
      message: "Route GET /api/nothing-here not found",
      request_id: expect.any(String),
    });
    const f = await t.founder();
    expect((await t.http.post("/api/persons/extra/path").set(f.auth).send({})).status).toBe(404);
  });

  it("answers 413 to a body over 100 KB and 400 to broken JSON", async () => {
    const f = await t.founder();
    const big = await t.http
      .post("/api/persons/")
      .set(f.auth)
      .set("Content-Type", "application/json")
      .send(
        JSON.stringify({ account_id: f.accountId, account_primary_holder: false, padding: "x".repeat(120 * 1024) }),
      );
    expect(big.status).toBe(413);
    expect(big.body).toMatchObject({ error: "payload_too_large" });
    const broken = await t.http
      .post("/api/persons/")
      .set(f.auth)
      .set("Content-Type", "application/json")
      .send("{not json");
    expect(broken.status).toBe(400);
    expect(broken.body).toMatchObject({ error: "bad_request", message: expect.any(String) });
  });

  it("sets security headers and allows only the configured origins", async () => {
    const res = await t.http.get("/api/openapi.json").set("Origin", "http://localhost:5173");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["content-security-policy"]).toContain("default-src 'self'");
    expect(res.headers["access-control-allow-origin"]).toBe("http://localhost:5173");
    expect(res.headers["access-control-allow-credentials"]).toBeUndefined();
    const evil = await t.http.get("/api/openapi.json").set("Origin", "https://evil.example");
    expect(evil.headers["access-control-allow-origin"]).toBeUndefined();
  });

  it("answers CORS preflights for allowed origins without a token", async () => {
    const res = await t.http
      .options("/api/persons/1")
      .set("Origin", "http://localhost:5173")
      .set("Access-Control-Request-Method", "PUT")
      .set("Access-Control-Request-Headers", "authorization,content-type");
    expect(res.status).toBe(204);
    expect(res.headers["access-control-allow-origin"]).toBe("http://localhost:5173");
    expect(res.headers["access-control-allow-methods"]).toContain("PUT");
    expect(res.headers["access-control-allow-headers"]).toContain("authorization");
  });
});

describe("GET /app-config.json", () => {
  it("tells the browser where this stack's services are, with localhost for 127.0.0.1", async () => {
    const res = await t.http.get("/app-config.json");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      authUrl: t.config.auth.url.replace("127.0.0.1", "localhost"),
      anonKey: t.config.auth.anonKey,
      identityUrl: t.config.identity.baseUrl,
      env: "test",
    });
  });
});

describe("the built web app", () => {
  it("serves files, falls back to index.html for client routes, never for /api", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "ff-web-"));
    const webDist = path.join(dataDir, "dist");
    fs.mkdirSync(path.join(webDist, "assets"), { recursive: true });
    fs.writeFileSync(path.join(webDist, "index.html"), "<!doctype html><title>Founder Foundation</title>");
    fs.writeFileSync(path.join(webDist, "assets", "app.js"), "console.log('app')");
    const app = await buildApp(loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir }), { quiet: true, webDist });
    await app.ready();
    try {
      const http = request(app.server);
      expect((await http.get("/")).text).toContain("Founder Foundation");
      expect((await http.get("/assets/app.js")).text).toContain("console.log");
      const deep = await http.get("/create-foundation/3/2");
      expect(deep.status).toBe(200);
      expect(deep.headers["content-type"]).toMatch(/text\/html/);
      expect((await http.get("/assets/missing.js")).status).toBe(404);
      const api = await http.get("/api/unknown");
      expect(api.status).toBe(404);
      expect(api.body.error).toBe("not_found");
      expect((await http.get("/api/enums/")).status).toBe(401);
    } finally {
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
