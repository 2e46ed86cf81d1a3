// The server holds the trust boundary on its own (docs/decisions/0001): the second factor is enforced by the
// API, sign-out, bans, deleted users and removed roles stop working within the stated session-check
// lifetime, production refuses a token forged with the CLI's public secret on every route, the
// dev-only admin API and the API docs are switched by settings, and PII answers are never cached.
// Every refusal is checked to change nothing.
import { testEngine } from "../support/test-database";
import fs from "node:fs";
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SignJWT, decodeJwt } from "jose";
import request from "supertest";
import { LOCAL_SUPABASE } from "../../server/src/config";
import { appDatabasePath } from "../../db/client";
import { createTestApp, TEST_HS256_SECRET, type TestApp } from "../support/app";
import { PROFILE, RIA_ANSWERS } from "../support/entry";
import { operationsOf, fillPath } from "../support/openapi";
import { PUBLIC_ROUTES, RECIPES, buildRequest } from "../support/route-recipes";

/** Session checks are trusted for 1 s here (30 s by default), so revocations show after a short wait. */
const TTL_SECONDS = 1;
const waitPastTtl = () => new Promise((r) => setTimeout(r, TTL_SECONDS * 1000 + 150));

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SESSION_CHECK_TTL_SECONDS: String(TTL_SECONDS) });
});
afterAll(async () => t?.close());

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const lookup = (userId: string, token: string) => t.http.get(`/api/accounts/user/${userId}`).set(bearer(token));

describe("the second factor is enforced by the API", () => {
  it("refuses an enrolled founder's aal1 token on reads and writes with 403 insufficient_aal, accepts aal2, and the refusal changes nothing", async () => {
    const user = await t.auth.user();
    const { aal2Token } = await t.auth.enrolTotp(user);
    const account = await lookup(user.userId, aal2Token);
    expect(account.status).toBe(200);
    const accountId = account.body.account_id as number;
    const created = await t.http
      .post("/api/persons/")
      .set(bearer(aal2Token))
      .send({ account_id: accountId, account_primary_holder: true, ...PROFILE });
    expect(created.status).toBe(201);

    // A fresh password sign-in: a new aal1 session of the same enrolled user.
    const aal1 = (await t.auth.signIn(user.email)).token;
    expect(decodeJwt(aal1).aal).toBe("aal1");
    const read = await t.http.get(`/api/accounts/${accountId}/all_data`).set(bearer(aal1));
    expect(read.status).toBe(403);
    expect(read.body).toEqual({
      error: "insufficient_aal",
      message: expect.any(String),
      request_id: expect.any(String),
    });
    const write = await t.http
      .patch(`/api/persons/${created.body.person_id}`)
      .set(bearer(aal1))
      .send({ city: "Elsewhere" });
    expect(write.status).toBe(403);
    expect(write.body.error).toBe("insufficient_aal");

    const after = await t.http.get(`/api/persons/${created.body.person_id}`).set(bearer(aal2Token));
    expect(after.status).toBe(200);
    expect(after.body.city).toBe(PROFILE.city);
  });

  it("lets a founder without a verified factor work at aal1 (enrolment may be skipped)", async () => {
    const user = await t.auth.user();
    expect(decodeJwt(user.token).aal).toBe("aal1");
    expect((await lookup(user.userId, user.token)).status).toBe(200);
  });

  it("accepts aal1 again once the factor is removed, within the session-check lifetime", async () => {
    const user = await t.auth.user();
    const { factorId } = await t.auth.enrolTotp(user);
    const aal1 = (await t.auth.signIn(user.email)).token;
    expect((await lookup(user.userId, aal1)).status).toBe(403);
    await t.auth.admin.deleteFactor(user.userId, factorId);
    await waitPastTtl();
    expect((await lookup(user.userId, aal1)).status).toBe(200);
  });

  it("refuses an aal1 token issued before enrolment once the factor is verified", async () => {
    const user = await t.auth.user();
    expect((await lookup(user.userId, user.token)).status).toBe(200);
    await t.auth.enrolTotp(user);
    await waitPastTtl();
    expect((await lookup(user.userId, user.token)).status).toBe(403);
  });
});

describe("revocation takes effect within the session-check lifetime", () => {
  it("a globally signed-out session opens nothing", async () => {
    const f = await t.founder();
    expect((await t.http.get(`/api/accounts/${f.accountId}/all_data`).set(f.auth)).status).toBe(200);
    await t.auth.signOut(f.token, "global");
    await waitPastTtl();
    const res = await t.http.get(`/api/accounts/${f.accountId}/all_data`).set(f.auth);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: "unauthorized", message: expect.any(String), request_id: expect.any(String) });
  });

  it("a banned user's token opens nothing", async () => {
    const f = await t.founder();
    await t.auth.admin.ban(f.userId, "24h");
    await waitPastTtl();
    expect((await t.http.get(`/api/accounts/${f.accountId}/all_data`).set(f.auth)).status).toBe(401);
  });

  it("a deleted user's token opens nothing, and a write with it changes nothing", async () => {
    const f = await t.founder();
    const person = await t.http
      .post("/api/persons/")
      .set(f.auth)
      .send({ account_id: f.accountId, account_primary_holder: true, ...PROFILE });
    expect(person.status).toBe(201);
    await t.auth.admin.deleteUser(f.userId);
    await waitPastTtl();
    expect((await t.http.delete(`/api/persons/${person.body.person_id}`).set(f.auth)).status).toBe(401);
    const [row] = await t.database.query<{ n: unknown }>(
      "SELECT count(*) AS n FROM person WHERE person_id = ?",
      person.body.person_id,
    );
    expect(Number(row!.n)).toBe(1);
  });

  it("a removed role stops working: the token's roles count only while the user still holds them", async () => {
    const founder = await t.founder();
    const staff = await t.founder({ roles: ["user", "admin"] });
    expect((await t.http.get(`/api/accounts/${founder.accountId}/all_data`).set(staff.auth)).status).toBe(200);
    await t.auth.admin.setRoles(staff.userId, ["user"]);
    await waitPastTtl();
    expect((await t.http.get(`/api/accounts/${founder.accountId}/all_data`).set(staff.auth)).status).toBe(404);
    // Nor does the old token open the staff-only admin API.
    expect((await t.http.get("/api/admin/users").set(staff.auth)).status).toBe(403);
  });

  it("an admin who removes their own admin role through the API loses it at once on this instance", async () => {
    const admin = await t.founder({ roles: ["user", "admin"] });
    const demoted = await t.http
      .put(`/api/admin/users/${admin.userId}/roles`)
      .set(admin.auth)
      .send({ roles: ["user"] });
    expect(demoted.status).toBe(200);
    const regrant = await t.http
      .put(`/api/admin/users/${admin.userId}/roles`)
      .set(admin.auth)
      .send({ roles: ["user", "admin"] });
    expect(regrant.status).toBe(403);
    expect((await t.http.get("/api/admin/users").set(admin.auth)).status).toBe(403);
  });
});

describe("token verification is strict", () => {
  it("refuses HS256 tokens, even correctly signed with the CLI's public secret, when no secret is configured", async () => {
    const f = await t.founder();
    const forged = await new SignJWT(decodeJwt(f.token))
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .sign(new TextEncoder().encode(LOCAL_SUPABASE.jwtSecret));
    const res = await t.http.get(`/api/accounts/${f.accountId}/all_data`).set(bearer(forged));
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: "unauthorized", message: expect.any(String), request_id: expect.any(String) });
  });

  it("refuses a token without exp and a token from another issuer, though signed by the auth service's key", async () => {
    const f = await t.founder();
    const { exp: _exp, ...noExp } = decodeJwt(f.token);
    for (const token of [
      await t.auth.resign(f.token, { exp: undefined, ...noExp }),
      await t.auth.resign(f.token, { iss: "https://attacker.example/auth/v1" }),
    ]) {
      const res = await t.http.get(`/api/accounts/${f.accountId}/all_data`).set(bearer(token));
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ error: "unauthorized", message: expect.any(String), request_id: expect.any(String) });
    }
  });

  it("answers 503 (never 200 or 500) when the auth service cannot confirm the session", async () => {
    const down = await createTestApp({
      SUPABASE_URL: "http://127.0.0.1:9",
      SUPABASE_JWKS_URL: t.config.auth.jwksUrl,
      SUPABASE_JWT_ISSUER: t.config.auth.issuer,
    });
    try {
      const user = await t.auth.user();
      const res = await down.http.get(`/api/accounts/user/${user.userId}`).set(bearer(user.token));
      expect(res.status).toBe(503);
      expect(res.body).toEqual({
        error: "service_unavailable",
        message: expect.any(String),
        request_id: expect.any(String),
      });
    } finally {
      await down.close();
    }
  });
});

describe("roles mean the same on both sides", () => {
  it("the questionnaire and its tax form need role user, as the web's route guard says; the refusal changes nothing", async () => {
    const onboarding = await t.founder({ roles: ["onboarding"] });
    const answer = await t.http
      .put(`/api/accounts/${onboarding.accountId}`)
      .set(onboarding.auth)
      .send({ ...RIA_ANSWERS });
    expect(answer.status).toBe(403);
    expect(answer.body).toEqual({
      error: "forbidden",
      message: "Requires the role user",
      request_id: expect.any(String),
    });
    expect(
      (await t.http.get(`/api/accounts/${onboarding.accountId}/all_data`).set(onboarding.auth)).body.account
        .ria_primary_goal,
    ).toBeNull();
    expect((await t.http.post("/api/ria/tax-form.pdf").set(onboarding.auth).send(RIA_ANSWERS)).status).toBe(403);

    const holder = await t.founder({ roles: ["user"] });
    expect(
      (
        await t.http
          .put(`/api/accounts/${holder.accountId}`)
          .set(holder.auth)
          .send({ ...RIA_ANSWERS })
      ).status,
    ).toBe(200);
  });
});

describe("answers and files that hold PII", () => {
  it("API answers carry Cache-Control: no-store, refusals included", async () => {
    const f = await t.founder();
    expect((await t.http.get(`/api/accounts/${f.accountId}/all_data`).set(f.auth)).headers["cache-control"]).toBe(
      "no-store",
    );
    expect((await t.http.get(`/api/accounts/${f.accountId}/all_data`)).headers["cache-control"]).toBe("no-store");
  });

  // SQLite only: on Postgres there is no database file in DATA_DIR.
  it.skipIf(testEngine() !== "sqlite")("the database file and its folder are readable by their owner only", () => {
    const file = appDatabasePath(t.dataDir);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    for (const suffix of ["-wal", "-shm"]) {
      if (fs.existsSync(file + suffix)) expect(fs.statSync(file + suffix).mode & 0o077).toBe(0);
    }
  });
});

describe("production mode", () => {
  /** Every production setting, none of them a public local value; the auth service is the test's emulator. */
  const production = (extra: Record<string, string> = {}) => ({
    NODE_ENV: "production",
    AUTH_MODE: "external",
    PUBLIC_APP_URL: "https://app.founder-foundation.test",
    SSN_ENCRYPTION_KEY: randomBytes(32).toString("base64"),
    SMTP_URL: "smtp://127.0.0.1:9",
    SUMSUB_APP_TOKEN: `prd:${randomBytes(32).toString("base64url")}`,
    SUMSUB_SECRET_KEY: randomBytes(32).toString("base64url"),
    SUMSUB_WEBHOOK_SECRET: randomBytes(32).toString("base64url"),
    SUMSUB_BASE_URL: "http://127.0.0.1:9",
    LOG_LEVEL: "silent",
    ...extra,
  });

  it("a token forged with the CLI's public secret is 401 on every route of the OpenAPI document", async () => {
    const operations = operationsOf(t.app.swagger() as Parameters<typeof operationsOf>[0]);
    const prod = await createTestApp(production(), { hs256: true });
    try {
      const victim = await prod.founder({ roles: ["user", "admin", "super"] });
      const forged = await new SignJWT({
        ...decodeJwt(victim.token),
        app_metadata: { roles: ["user", "admin", "super"] },
      })
        .setProtectedHeader({ alg: "HS256", typ: "JWT" })
        .sign(new TextEncoder().encode(LOCAL_SUPABASE.jwtSecret));
      let checked = 0;
      for (const op of operations) {
        const url = fillPath(
          op.path,
          Object.fromEntries(op.pathParams.map((p) => [p, p === "userId" ? victim.userId : victim.accountId])),
        );
        const method = op.method.toLowerCase() as "get";
        const agent = request(prod.app.server);
        const res = await agent[method](url)
          .set(bearer(forged))
          .send(op.hasBody ? {} : undefined);
        if (url === "/api/sumsub/webhook") {
          expect(res.status, op.key).toBe(401); // signed webhooks: refused for the missing digest
        } else if (PUBLIC_ROUTES[op.key]) {
          expect(res.status, op.key).not.toBe(401); // public by design, no data (health, readiness, app config)
          expect(res.text, op.key).not.toContain(victim.userId);
        } else if (op.key.startsWith("GET /api/admin") || op.key.startsWith("PUT /api/admin")) {
          expect(res.status, op.key).toBe(404); // the dev-only admin API is off in production
        } else {
          expect(res.status, `${op.key}: ${res.text}`).toBe(401);
        }
        checked += 1;
      }
      expect(checked).toBe(operations.length);
      // The docs are off in production unless API_DOCS_ENABLED says so.
      expect((await prod.http.get("/api/openapi.json")).status).toBe(404);
      expect((await prod.http.get("/api/docs")).status).toBe(404);
      // And the legacy secret the project configured is honoured.
      const legacy = await prod.auth.resign(victim.token, {}, { hs256Secret: TEST_HS256_SECRET });
      expect((await prod.http.get(`/api/accounts/${victim.accountId}/all_data`).set(bearer(legacy))).status).toBe(200);
    } finally {
      await prod.close();
    }
  });

  it("the admin API, when turned on in production, answers staff only with an aal2 token", async () => {
    const prod = await createTestApp(production({ ADMIN_API_ENABLED: "true" }), { hs256: true });
    try {
      const staffUser = await prod.auth.user({ roles: ["user", "admin"] });
      const aal1 = await prod.http.get("/api/admin/users").set(bearer(staffUser.token));
      expect(aal1.status).toBe(403);
      expect(aal1.body.error).toBe("insufficient_aal");
      const { aal2Token } = await prod.auth.enrolTotp(staffUser);
      expect((await prod.http.get("/api/admin/users").set(bearer(aal2Token))).status).toBe(200);
      const founder = await prod.auth.user();
      const { aal2Token: founderAal2 } = await prod.auth.enrolTotp(founder);
      expect((await prod.http.get("/api/admin/users").set(bearer(founderAal2))).status).toBe(403);
    } finally {
      await prod.close();
    }
  });

  it("every staff read of another account (each read route, GET /api/audit) needs aal2 in production; refused reads record nothing", async () => {
    const operations = operationsOf(t.app.swagger() as Parameters<typeof operationsOf>[0]);
    // Every read that addresses one account's records, and the whole trail: what staff may read of others.
    const staffReads = operations.filter(
      (op) => op.method === "GET" && (RECIPES[op.key]?.scope === "owner" || op.key === "GET /api/audit"),
    );
    expect(staffReads.map((op) => op.key)).toEqual(
      expect.arrayContaining([
        "GET /api/accounts/{accountId}/all_data",
        "GET /api/accounts/{accountId}/audit",
        "GET /api/audit",
        "GET /api/persons/{personId}",
      ]),
    );
    // An auth service with a secret of its own: production refuses the CLI's public keys.
    const prod = await createTestApp(production(), { hs256: true });
    try {
      const owner = await prod.founder({ stage: "entry", daf: false });
      // A staff member who never enrolled a factor: aal1 tokens, which every other route accepts.
      const aal1 = (await prod.auth.user({ roles: ["user", "super"] })).token;
      expect(decodeJwt(aal1).aal).toBe("aal1");
      expect((await prod.http.get("/api/enums/").set(bearer(aal1))).status).toBe(200);
      const { aal2Token } = await prod.auth.enrolTotp(await prod.auth.user({ roles: ["user", "admin"] }));
      const staffRows = async () =>
        (await prod.database.query("select audit_id from audit_event where action = 'staff.read'")).length;
      for (const op of staffReads) {
        const req = buildRequest(op, RECIPES[op.key]!, owner);
        const get = (token: string) =>
          prod.http
            .get(req.path)
            .query(req.query ?? {})
            .set(bearer(token));
        const before = await staffRows();
        const refused = await get(aal1);
        expect(refused.status, `${op.key} at aal1: ${refused.text}`).toBe(403);
        expect(refused.body, op.key).toEqual({
          error: "insufficient_aal",
          message: expect.any(String),
          request_id: expect.any(String),
        });
        expect(refused.text, op.key).not.toContain(owner.marker);
        expect(await staffRows(), `${op.key}: a refused read records nothing`).toBe(before);
        const read = await get(aal2Token);
        expect(read.status, `${op.key} at aal2: ${read.text}`).toBe(200);
        expect(await staffRows(), `${op.key}: the read is recorded`).toBe(before + 1);
        // The owner reads their own record at aal1 (no factor enrolled): only staff reads of others need aal2.
        expect((await get(owner.token)).status, `${op.key} by the owner`).toBe(op.key === "GET /api/audit" ? 403 : 200);
      }
    } finally {
      await prod.close();
    }
  });

  it("outside production the docs and the admin API follow their settings too", async () => {
    const off = await createTestApp({ API_DOCS_ENABLED: "false", ADMIN_API_ENABLED: "false" });
    try {
      const admin = await off.founder({ roles: ["user", "admin"] });
      expect((await off.http.get("/api/openapi.json")).status).toBe(404);
      expect((await off.http.get("/api/admin/users").set(admin.auth)).status).toBe(404);
    } finally {
      await off.close();
    }
  });
});
