// Admin routes (over the real auth emulator's admin API) and the tax-form PDF.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import zlib from "node:zlib";
import { PDFDocument } from "pdf-lib";
import { TAX_FORMS_PER_MINUTE } from "../../server/src/routes/ria";
import { createTestApp, type TestApp } from "../support/app";
import { buildFounderData } from "../support/founders";
import { RIA_ANSWERS } from "../support/entry";

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

let t: TestApp;

/** GET /api/ria/tax-form.pdf with the body as bytes. */
const downloadTaxForm = (auth: { Authorization: string }) =>
  t.http
    .get("/api/ria/tax-form.pdf")
    .set(auth)
    .buffer(true)
    .parse((r, done) => {
      const chunks: Buffer[] = [];
      r.on("data", (c: Buffer) => chunks.push(c));
      r.on("end", () => done(null, Buffer.concat(chunks)));
    });

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const rolesOf = async (userId: string) => (await t.auth.admin.getUser(userId)).app_metadata.roles;

describe("admin users (over the real auth emulator's admin API)", () => {
  it("refuses callers without admin or super (403) and without a token (401), changing no one's roles", async () => {
    const target = await t.auth.user({ roles: ["user"] });
    const founder = await t.founder({ roles: ["user", "onboarding"] });
    const list = await t.http.get("/api/admin/users").set(founder.auth);
    expect(list.status).toBe(403);
    expect(list.body.error).toBe("forbidden");
    const put = await t.http
      .put(`/api/admin/users/${target.userId}/roles`)
      .set(founder.auth)
      .send({ roles: ["admin"] });
    expect(put.status).toBe(403);
    expect(await rolesOf(target.userId)).toEqual(["user"]);
    expect((await t.http.get("/api/admin/users")).status).toBe(401);
    expect((await t.http.put(`/api/admin/users/${target.userId}/roles`).send({ roles: [] })).status).toBe(401);
    expect(await rolesOf(target.userId)).toEqual(["user"]);
  });

  it("lists the auth service's users with known roles only", async () => {
    const ada = await t.auth.user({ email: `ada-${randomUUID().slice(0, 6)}@example.com`, roles: ["user"] });
    const root = await t.auth.user({ roles: ["admin", "bogus"] });
    const admin = await t.founder({ roles: ["admin"] });
    const res = await t.http.get("/api/admin/users").set(admin.auth);
    expect(res.status).toBe(200);
    expect(res.body.users).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: ada.userId, email: ada.email, roles: ["user"] }),
        expect.objectContaining({ id: root.userId, roles: ["admin"] }),
      ]),
    );
  });

  it("sets roles for super too, keeps the rest of app_metadata, validates the body and the id, and 404s an unknown user", async () => {
    const sup = await t.founder({ roles: ["super"] });
    const target = await t.auth.user({ roles: ["user"] });
    const res = await t.http
      .put(`/api/admin/users/${target.userId}/roles`)
      .set(sup.auth)
      .send({ roles: ["user", "admin", "user"] });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: target.userId, roles: ["admin", "user"] });
    expect((await t.auth.admin.getUser(target.userId)).app_metadata).toMatchObject({
      provider: "email",
      roles: ["user", "admin"],
    });
    expect(
      (
        await t.http
          .put(`/api/admin/users/${target.userId}/roles`)
          .set(sup.auth)
          .send({ roles: ["owner"] })
      ).body.field,
    ).toBe("roles.0");
    expect((await t.http.put(`/api/admin/users/not-a-uuid/roles`).set(sup.auth).send({ roles: [] })).body.field).toBe(
      "userId",
    );
    expect((await t.http.put(`/api/admin/users/${randomUUID()}/roles`).set(sup.auth).send({ roles: [] })).status).toBe(
      404,
    );
  });
});

describe("GET /api/ria/tax-form.pdf", () => {
  it("downloads a real PDF of the caller's account without the SSN", async () => {
    const f = await t.founder();
    await buildFounderData(t, f);
    await t.http
      .put(`/api/accounts/${f.accountId}`)
      .set(f.auth)
      .send({ ...RIA_ANSWERS, ria_risk_score: 4 });
    const res = await downloadTaxForm(f.auth);
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

  it("prints a stored name its font cannot draw as code points and says so, never '??'", async () => {
    const f = await t.founder();
    const d = await buildFounderData(t, f);
    // Stored before the legal-name rule refused emoji (written straight into the database).
    await t.database.query(
      "UPDATE organization SET name_1 = ? WHERE organization_id = ?",
      "\u{1F680} Rocket Giving LLC",
      d.organizationId,
    );
    const res = await downloadTaxForm(f.auth);
    expect(res.status).toBe(200);
    const hex = (s: string) => Buffer.from(s, "latin1").toString("hex").toUpperCase();
    const raw = contentStreams(res.body as Buffer);
    expect(raw).toContain(hex("Foundation: [U+1F680] Rocket Giving LLC"));
    expect(raw).not.toContain(hex("??"));
    expect(raw).toContain(hex("shown as their Unicode code points"));
  });

  it("limits downloads per user, answering 429 as JSON", async () => {
    const f = await t.founder();
    const statuses: number[] = [];
    for (let i = 0; i <= TAX_FORMS_PER_MINUTE; i++)
      statuses.push((await t.http.get("/api/ria/tax-form.pdf").set(f.auth)).status);
    expect(statuses.slice(0, TAX_FORMS_PER_MINUTE).every((s) => s === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    const limited = await t.http.get("/api/ria/tax-form.pdf").set(f.auth);
    expect(limited.body).toMatchObject({ error: "too_many_requests", message: expect.any(String) });
    // Another founder has their own allowance.
    expect((await t.http.get("/api/ria/tax-form.pdf").set((await t.founder()).auth)).status).toBe(200);
  });

  it("requires a token and an account", async () => {
    expect((await t.http.get("/api/ria/tax-form.pdf")).status).toBe(401);
    const noAccount = await t.http.get("/api/ria/tax-form.pdf").set("Authorization", `Bearer ${await t.token()}`);
    expect(noAccount.status).toBe(404);
  });
});
