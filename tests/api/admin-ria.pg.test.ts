// Admin routes (over the real auth emulator's admin API) and the tax-form PDF.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { TAX_FORMS_PER_MINUTE } from "../../server/src/routes/ria";
import { createTestApp, type TestApp } from "../support/app";
import { buildFounderData } from "../support/founders";
import { ORGANIZATION, RIA_ANSWERS } from "../support/entry";
import { pdfText, pdfTextRuns } from "../support/pdf";

let t: TestApp;

/** POST /api/ria/tax-form.pdf with the answers on screen, the body read as bytes. */
const downloadTaxForm = (auth: { Authorization: string }, answers: object = RIA_ANSWERS) =>
  t.http
    .post("/api/ria/tax-form.pdf")
    .set(auth)
    .send(answers)
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

describe("POST /api/ria/tax-form.pdf", () => {
  it("prints the answers it is given (those on screen, saved or not), the holder and the foundation, without the SSN", async () => {
    const f = await t.founder();
    await buildFounderData(t, f);
    // Saved answers differ from those on screen: the form prints the screen's, and saves nothing.
    await t.http
      .put(`/api/accounts/${f.accountId}`)
      .set(f.auth)
      .send({ ...RIA_ANSWERS, ria_risk_score: 2 });
    const onScreen = { ...RIA_ANSWERS, ria_risk_score: 4, ria_loss_capacity_percent: 12.5 };
    const res = await downloadTaxForm(f.auth, onScreen);
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(res.headers["content-disposition"]).toBe(`attachment; filename="tax-form-${f.accountId}.pdf"`);
    const bytes = res.body as Buffer;
    expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
    const doc = await PDFDocument.load(bytes);
    expect(doc.getPageCount()).toBe(1);
    expect(doc.getSubject()).toBe(`Account ${f.accountId}`);
    const raw = pdfText(bytes);
    expect(raw).toContain("Primary account holder: Ada Lovelace");
    expect(raw).toContain("Growth");
    expect(raw).toContain("12.5%");
    expect(pdfTextRuns(bytes).filter((r) => r.text === "4")).toHaveLength(1);
    expect(raw).not.toContain("not answered");
    expect(raw).not.toContain("123456789");
    expect(raw).not.toContain("6789");
    const saved = await t.http.get(`/api/accounts/${f.accountId}/all_data`).set(f.auth);
    expect(saved.body.account.ria_risk_score).toBe(2);
  });

  it("wraps long names within the page's margins, a single over-long word too", async () => {
    const f = await t.founder();
    const d = await buildFounderData(t, f);
    const longName = `${"Philanthropic ".repeat(6)}Giving Foundation of the Lovelace Family Trust LLC`.slice(-100);
    // Longer than a line: stored before the length rule (written straight into the database below).
    const word126 = "Lovelacebyronkingnoel".repeat(6);
    await t.http
      .put(`/api/organizations/${d.organizationId}`)
      .set(f.auth)
      .send({ ...ORGANIZATION, name_1: longName });
    await t.http
      .patch(`/api/persons/${d.personId}`)
      .set(f.auth)
      .send({ first_name: "Augusta Ada Byron King Noel", last_name: "Countess of Lovelace-Wentworth-Milbanke" });
    const bytes = (await downloadTaxForm(f.auth)).body as Buffer;
    const measure = await PDFDocument.create();
    const fonts = {
      Helvetica: await measure.embedFont(StandardFonts.Helvetica),
      "Helvetica-Bold": await measure.embedFont(StandardFonts.HelveticaBold),
    };
    const runs = pdfTextRuns(bytes);
    expect(runs.length).toBeGreaterThan(15);
    for (const r of runs) {
      const width = fonts[r.font as keyof typeof fonts].widthOfTextAtSize(r.text, r.size);
      expect(r.x + width, r.text).toBeLessThanOrEqual(612 - 56);
    }
    // The name is all there, over several lines.
    expect(runs.map((r) => r.text).join(" ")).toContain(longName.split(" ").slice(-4).join(" "));
    await t.database.query(
      "UPDATE organization SET name_1 = ? WHERE organization_id = ?",
      `${word126} LLC`,
      d.organizationId,
    );
    const word = pdfTextRuns((await downloadTaxForm(f.auth)).body as Buffer);
    for (const r of word)
      expect(r.x + fonts[r.font as keyof typeof fonts].widthOfTextAtSize(r.text, r.size), r.text).toBeLessThanOrEqual(
        612 - 56,
      );
    expect(word.map((r) => r.text).join("")).toContain(word126);
  });

  it("prints stored values as today's rules take them: no markup or emoji; a letter its font lacks as its code point", async () => {
    const f = await t.founder();
    const d = await buildFounderData(t, f);
    // Stored before the name rules (written straight into the database).
    await t.database.query(
      "UPDATE organization SET name_1 = ? WHERE organization_id = ?",
      "\u{1F680} Rocket Giving LLC",
      d.organizationId,
    );
    await t.database.query(
      "UPDATE person SET first_name = ?, last_name = ?, address_line2 = ? WHERE person_id = ?",
      "Zo\u00EB \u{1F680}",
      "\u0416\u0443\u043A",
      "<b>Apt 2</b>",
      d.personId,
    );
    const res = await downloadTaxForm(f.auth);
    expect(res.status).toBe(200);
    const raw = pdfText(res.body as Buffer);
    expect(raw).toContain("Foundation: Rocket Giving LLC");
    expect(raw).toContain("Primary account holder: Zo\u00EB [U+0416][U+0443][U+043A]");
    expect(raw).toContain("Apt 2");
    expect(raw).not.toContain("<b>");
    expect(raw).not.toContain("[U+1F680]");
    expect(raw).not.toContain("??");
    expect(raw).toContain("shown as their Unicode code points");
  });

  it("refuses answers that are missing or malformed, naming the field; needs a token and an account", async () => {
    const f = await t.founder();
    const { ria_state: _state, ...six } = RIA_ANSWERS;
    for (const [body, field] of [
      [{ ...RIA_ANSWERS, ria_state: null }, "ria_state"],
      [six, "ria_state"],
      [{ ...RIA_ANSWERS, ria_risk_score: 3.5 }, "ria_risk_score"],
      [{ ...RIA_ANSWERS, ria_primary_goal: "primary_goal_nonsense" }, "ria_primary_goal"],
    ] as const) {
      const res = await t.http.post("/api/ria/tax-form.pdf").set(f.auth).send(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toMatchObject({ error: "bad_request", field });
    }
    expect((await t.http.post("/api/ria/tax-form.pdf").send(RIA_ANSWERS)).status).toBe(401);
    const noAccount = await t.http
      .post("/api/ria/tax-form.pdf")
      .set("Authorization", `Bearer ${await t.token()}`)
      .send(RIA_ANSWERS);
    expect(noAccount.status).toBe(404);
  });

  it("limits downloads per user, answering 429 as JSON", async () => {
    const f = await t.founder();
    const statuses: number[] = [];
    for (let i = 0; i <= TAX_FORMS_PER_MINUTE; i++)
      statuses.push((await t.http.post("/api/ria/tax-form.pdf").set(f.auth).send(RIA_ANSWERS)).status);
    expect(statuses.slice(0, TAX_FORMS_PER_MINUTE).every((s) => s === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    const limited = await t.http.post("/api/ria/tax-form.pdf").set(f.auth).send(RIA_ANSWERS);
    expect(limited.body).toMatchObject({ error: "too_many_requests", message: expect.any(String) });
    // Another founder has their own allowance.
    expect(
      (
        await t.http
          .post("/api/ria/tax-form.pdf")
          .set((await t.founder()).auth)
          .send(RIA_ANSWERS)
      ).status,
    ).toBe(200);
  });
});
