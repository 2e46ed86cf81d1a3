// Bearer-token verification and the one-account-per-user rule.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { SignJWT, base64url } from "jose";
import { createTestApp, type TestApp } from "../support/app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const lookup = (userId: string, token?: string) => {
  const r = t.http.get(`/api/accounts/user/${userId}`);
  return token ? r.set("Authorization", `Bearer ${token}`) : r;
};

describe("token verification", () => {
  it("refuses HS256 tokens when no legacy secret is configured (asymmetric keys are the default)", async () => {
    const sub = randomUUID();
    const res = await lookup(sub, await t.token({ sub, alg: "HS256" }));
    expect(res.status).toBe(401);
  });

  it("accepts HS256 only with the legacy secret configured explicitly", async () => {
    const legacy = await createTestApp({}, { hs256: true });
    try {
      const sub = randomUUID();
      const res = await legacy.http
        .get(`/api/accounts/user/${sub}`)
        .set("Authorization", `Bearer ${await legacy.token({ sub, alg: "HS256" })}`);
      expect(res.status).toBe(200);
    } finally {
      await legacy.close();
    }
  });

  it("accepts an ES256 token whose kid is published on the JWKS endpoint", async () => {
    const sub = randomUUID();
    const res = await lookup(sub, await t.token({ sub, alg: "ES256" }));
    expect(res.status).toBe(200);
  });

  it("rejects a token signed with another secret", async () => {
    const sub = randomUUID();
    const forged = await new SignJWT({ sub, aud: "authenticated" })
      .setProtectedHeader({ alg: "HS256" })
      .setExpirationTime("1h")
      .sign(new TextEncoder().encode("not-the-project-secret-but-32-chars-long!!"));
    expect((await lookup(sub, forged)).status).toBe(401);
  });

  it("rejects a token with a tampered payload", async () => {
    const sub = randomUUID();
    const [h, , s] = (await t.token({ sub })).split(".");
    const payload = base64url.encode(
      JSON.stringify({ sub: randomUUID(), aud: "authenticated", exp: Math.floor(Date.now() / 1000) + 3600 }),
    );
    expect((await lookup(sub, `${h}.${payload}.${s}`)).status).toBe(401);
  });

  it("rejects alg none", async () => {
    const sub = randomUUID();
    const header = base64url.encode(JSON.stringify({ alg: "none", typ: "JWT" }));
    const payload = base64url.encode(
      JSON.stringify({ sub, aud: "authenticated", exp: Math.floor(Date.now() / 1000) + 3600 }),
    );
    expect((await lookup(sub, `${header}.${payload}.`)).status).toBe(401);
  });

  it("rejects an expired token", async () => {
    const sub = randomUUID();
    expect((await lookup(sub, await t.token({ sub, expiresIn: -60 }))).status).toBe(401);
  });

  it("rejects an audience other than authenticated", async () => {
    const sub = randomUUID();
    expect((await lookup(sub, await t.token({ sub, aud: "anon" }))).status).toBe(401);
  });

  it("rejects the anon and service_role keys (no sub, no audience)", async () => {
    expect((await lookup("anon", t.config.auth.anonKey)).status).toBe(401);
    expect((await lookup("service", t.config.auth.serviceRoleKey)).status).toBe(401);
  });

  it("rejects a malformed header and ignores cookies", async () => {
    const sub = randomUUID();
    const token = await t.token({ sub });
    expect((await t.http.get(`/api/accounts/user/${sub}`).set("Authorization", `Token ${token}`)).status).toBe(401);
    expect((await t.http.get(`/api/accounts/user/${sub}`).set("Cookie", `sb-access-token=${token}`)).status).toBe(401);
    expect((await lookup(sub, "not.a.jwt")).status).toBe(401);
  });
});

describe("accounts", () => {
  it("creates exactly one account per user on the first lookup", async () => {
    const sub = randomUUID();
    const token = await t.token({ sub });
    const first = await lookup(sub, token);
    const second = await lookup(sub, await t.token({ sub, alg: "ES256" }));
    expect(first.body.account_id).toEqual(expect.any(Number));
    expect(second.body).toEqual(first.body);
    const all = await t.http
      .get(`/api/accounts/${first.body.account_id}/all_data`)
      .set("Authorization", `Bearer ${token}`);
    expect(all.body.account).toMatchObject({
      account_id: first.body.account_id,
      user_id: sub,
      primary_account_holder: null,
    });
  });

  it("never reveals or creates another user's account", async () => {
    const other = await t.founder();
    const sub = randomUUID();
    const res = await lookup(other.userId, await t.token({ sub }));
    expect(res.status).toBe(404);
    const unknown = await lookup(randomUUID(), await t.token({ sub }));
    expect(unknown.status).toBe(404);
  });

  it("lets admin and super read (not write) any account", async () => {
    const founder = await t.founder();
    for (const role of ["admin", "super"] as const) {
      const staff = await t.founder({ roles: [role] });
      const found = await t.http.get(`/api/accounts/user/${founder.userId}`).set(staff.auth);
      expect(found.body).toEqual({ account_id: founder.accountId });
      const read = await t.http.get(`/api/accounts/${founder.accountId}/all_data`).set(staff.auth);
      expect(read.status).toBe(200);
      const write = await t.http.put(`/api/accounts/${founder.accountId}`).set(staff.auth).send({ ria_risk_score: 2 });
      expect(write.status).toBe(404);
    }
  });

  it("gives other roles no such exception", async () => {
    const founder = await t.founder();
    const onboarding = await t.founder({ roles: ["user", "onboarding"] });
    expect((await t.http.get(`/api/accounts/${founder.accountId}/all_data`).set(onboarding.auth)).status).toBe(404);
  });
});
