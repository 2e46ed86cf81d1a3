// Admin routes (over the auth service's admin API, stood in for by a small local server that
// speaks its shape) and the tax-form PDF.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import zlib from "node:zlib";
import { PDFDocument } from "pdf-lib";
import { LOCAL_SUPABASE } from "../../server/src/config";
import { TAX_FORMS_PER_MINUTE } from "../../server/src/routes/ria";
import { RIA_ANSWERS, buildFounderData, createTestApp, type TestApp } from "./helpers";

/** Every stream of a PDF, inflated when it is Flate-encoded, joined as latin1 text. */
function contentStreams(pdf: Buffer): string {
  const text = pdf.toString("latin1");
  const out: string[] = [];
  for (const m of text.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    const data = Buffer.from(m[1]!, "latin1");
    try {
      out.push(zlib.inflateSync(data).toString("latin1"));
    } catch {
      out.push(m[1]!);
    }
  }
  return out.join("\n");
}

interface FakeUser {
  id: string;
  email: string;
  app_metadata: Record<string, unknown>;
  created_at: string;
}

const users: FakeUser[] = [
  { id: randomUUID(), email: "ada@example.com", app_metadata: { provider: "email", roles: ["user"] }, created_at: "2026-01-01T00:00:00Z" },
  { id: randomUUID(), email: "root@example.com", app_metadata: { provider: "email", roles: ["admin", "bogus"] }, created_at: "2026-01-02T00:00:00Z" },
];
const seen: Array<{ method: string; url: string; apikey?: string; authorization?: string; body?: string }> = [];

let authServer: http.Server;
let t: TestApp;

beforeAll(async () => {
  authServer = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      seen.push({ method: req.method!, url: req.url!, apikey: req.headers.apikey as string, authorization: req.headers.authorization, body });
      const send = (status: number, json: unknown) => {
        res.writeHead(status, { "content-type": "application/json" });
        res.end(JSON.stringify(json));
      };
      if (req.headers.authorization !== `Bearer ${LOCAL_SUPABASE.serviceRoleKey}`) return send(403, { code: "not_admin" });
      const url = new URL(req.url!, "http://x");
      if (req.method === "GET" && url.pathname === "/auth/v1/admin/users") return send(200, { users, aud: "authenticated" });
      const m = /^\/auth\/v1\/admin\/users\/([^/]+)$/.exec(url.pathname);
      if (req.method === "PUT" && m) {
        const user = users.find((u) => u.id === m[1]);
        if (!user) return send(404, { code: "user_not_found" });
        user.app_metadata = { ...user.app_metadata, ...JSON.parse(body).app_metadata };
        return send(200, user);
      }
      send(404, {});
    });
  });
  await new Promise<void>((resolve) => authServer.listen(0, "127.0.0.1", resolve));
  const { port } = authServer.address() as AddressInfo;
  t = await createTestApp({ SUPABASE_URL: `http://127.0.0.1:${port}` });
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => authServer.close(resolve));
});

describe("admin users", () => {
  it("refuses callers without admin or super (403) and without a token (401)", async () => {
    const founder = await t.founder({ roles: ["user", "onboarding"] });
    const list = await t.http.get("/api/admin/users").set(founder.auth);
    expect(list.status).toBe(403);
    expect(list.body.error).toBe("Forbidden");
    const put = await t.http.put(`/api/admin/users/${users[0]!.id}/roles`).set(founder.auth).send({ roles: ["admin"] });
    expect(put.status).toBe(403);
    expect(users[0]!.app_metadata.roles).toEqual(["user"]);
    expect((await t.http.get("/api/admin/users")).status).toBe(401);
    expect((await t.http.put(`/api/admin/users/${users[0]!.id}/roles`).send({ roles: [] })).status).toBe(401);
  });

  it("lists users with known roles only, calling the auth admin API with the service key", async () => {
    const admin = await t.founder({ roles: ["admin"] });
    const res = await t.http.get("/api/admin/users").set(admin.auth);
    expect(res.status).toBe(200);
    expect(res.body.users).toEqual([
      expect.objectContaining({ id: users[0]!.id, email: "ada@example.com", roles: ["user"] }),
      expect.objectContaining({ id: users[1]!.id, roles: ["admin"] }),
    ]);
    const call = seen.find((s) => s.method === "GET")!;
    expect(call.apikey).toBe(LOCAL_SUPABASE.serviceRoleKey);
    expect(call.url).toBe("/auth/v1/admin/users?page=1&per_page=50");
  });

  it("sets roles for super too, validates the body and the id, and 404s an unknown user", async () => {
    const sup = await t.founder({ roles: ["super"] });
    const target = users[0]!;
    const res = await t.http.put(`/api/admin/users/${target.id}/roles`).set(sup.auth).send({ roles: ["user", "admin", "user"] });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: target.id, roles: ["admin", "user"] });
    expect(target.app_metadata).toMatchObject({ provider: "email", roles: ["user", "admin"] });
    expect((await t.http.put(`/api/admin/users/${target.id}/roles`).set(sup.auth).send({ roles: ["owner"] })).body.field).toBe("roles.0");
    expect((await t.http.put(`/api/admin/users/not-a-uuid/roles`).set(sup.auth).send({ roles: [] })).body.field).toBe("userId");
    expect((await t.http.put(`/api/admin/users/${randomUUID()}/roles`).set(sup.auth).send({ roles: [] })).status).toBe(404);
  });
});

describe("GET /api/ria/tax-form.pdf", () => {
  it("downloads a real PDF of the caller's account without the SSN", async () => {
    const f = await t.founder();
    await buildFounderData(t, f);
    await t.http.put(`/api/accounts/${f.accountId}`).set(f.auth).send({ ...RIA_ANSWERS, ria_risk_score: 4 });
    const res = await t.http.get("/api/ria/tax-form.pdf").set(f.auth).buffer(true).parse((r, done) => {
      const chunks: Buffer[] = [];
      r.on("data", (c: Buffer) => chunks.push(c));
      r.on("end", () => done(null, Buffer.concat(chunks)));
    });
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(res.headers["content-disposition"]).toBe(`attachment; filename="tax-form-${f.accountId}.pdf"`);
    const bytes = res.body as Buffer;
    expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
    const doc = await PDFDocument.load(bytes);
    expect(doc.getPageCount()).toBe(1);
    expect(doc.getSubject()).toBe(`Account ${f.accountId}`);
    // Text is drawn as hex strings in the page's content stream (Flate-compressed or not).
    const hex = (s: string) => Buffer.from(s, "latin1").toString("hex").toUpperCase();
    const raw = contentStreams(bytes);
    expect(raw).toContain(hex("Primary account holder: Ada Lovelace"));
    expect(raw).toContain(hex("Growth"));
    expect(raw).not.toContain(hex("123456789"));
    expect(raw).not.toContain(hex("6789"));
  });

  it("limits downloads per user, answering 429 as JSON", async () => {
    const f = await t.founder();
    const statuses: number[] = [];
    for (let i = 0; i <= TAX_FORMS_PER_MINUTE; i++) statuses.push((await t.http.get("/api/ria/tax-form.pdf").set(f.auth)).status);
    expect(statuses.slice(0, TAX_FORMS_PER_MINUTE).every((s) => s === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    const limited = await t.http.get("/api/ria/tax-form.pdf").set(f.auth);
    expect(limited.body).toMatchObject({ error: "Too Many Requests", message: expect.any(String) });
    // Another founder has their own allowance.
    expect((await t.http.get("/api/ria/tax-form.pdf").set((await t.founder()).auth)).status).toBe(200);
  });

  it("requires a token and an account", async () => {
    expect((await t.http.get("/api/ria/tax-form.pdf")).status).toBe(401);
    const noAccount = await t.http.get("/api/ria/tax-form.pdf").set("Authorization", `Bearer ${await t.token()}`);
    expect(noAccount.status).toBe(404);
  });
});
