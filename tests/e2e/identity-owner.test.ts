// An additional owner verifies their identity from the email the founder's account sends
// (spec §4 "Approve on step 5 sends verification emails"; issue 6): the mail arrives over SMTP in
// the stack's mailbox, its link opens the identity emulator's hosted page, the owner captures a
// document and a selfie and passes, and the signed webhook marks them verified in the app.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { assertAccessible } from "./support/screens";
import { MailboxClient, findLink } from "../support/mail";
import { startIdentityE2E, type IdentityE2E } from "../identity/e2e-stack";

let e2e: IdentityE2E;
beforeAll(async () => {
  e2e = await startIdentityE2E();
});
afterAll(async () => {
  await e2e?.close();
});

interface PersonDto {
  email: string | null;
  sumsub_completed_at: string | null;
  sumsub_review_answer: "GREEN" | "RED" | null;
  sumsub_email_sent_at: string | null;
}

const HOSTED_LINK = /https?:\/\/[^\s"'<>]+\/websdk\/p\/sbx_[0-9a-f]+/;

describe("additional owner verification by email", () => {
  it("mails the owner a link; opening it, capturing and passing makes them verified", async () => {
    const mailUrl = e2e.stack.mail?.url;
    if (!mailUrl) throw new Error("the stack's mailbox is not running");
    const mailbox = new MailboxClient(mailUrl);
    const f = await e2e.founder();
    const ownerEmail = `owner-${f.accountId}-${Date.now()}@example.com`;
    const added = await e2e.api<{ person_id: number }>(f.token, "POST", "/api/persons/", {
      account_id: f.accountId,
      account_primary_holder: false,
      is_addon: true,
      email: ownerEmail,
    });
    expect(added.status).toBe(201);
    const ownerId = added.body.person_id;

    const sent = await e2e.api<{ results: { person_id: number; status: string }[] }>(f.token, "POST", "/api/sumsub/send_sumsub_emails", [ownerId]);
    expect(sent.status).toBe(200);
    expect(sent.body.results).toEqual([expect.objectContaining({ person_id: ownerId, status: "sent" })]);

    const mail = await mailbox.latest(ownerEmail, { subject: "verify your identity" });
    const link = findLink(mail, HOSTED_LINK);
    expect(link.startsWith(`${e2e.stack.config.identity.baseUrl}/websdk/p/`)).toBe(true);
    expect(mail.Text).toContain("Ada Lovelace");

    const before = await e2e.api<PersonDto>(f.token, "GET", `/api/persons/${ownerId}`);
    expect(before.body).toMatchObject({ sumsub_completed_at: null, sumsub_review_answer: null });
    expect(before.body.sumsub_email_sent_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?$/);

    const page = await e2e.newPage();
    await page.goto(link);
    await page.getByRole("heading", { name: "Verify your identity" }).waitFor();
    await page.getByRole("button", { name: "Upload document" }).waitFor();
    await assertAccessible(page, "hosted verification page");
    await page.getByRole("button", { name: "Upload document" }).click();
    await page.getByRole("button", { name: "Take selfie" }).click();
    await page.getByRole("button", { name: "Approve (GREEN)" }).click();
    await page.getByText("Verification approved").waitFor();

    const after = await e2e.api<PersonDto>(f.token, "GET", `/api/persons/${ownerId}`);
    expect(after.body).toMatchObject({ email: ownerEmail, sumsub_review_answer: "GREEN" });
    expect(after.body.sumsub_completed_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?$/);

    // Reopening the link shows the finished check instead of starting over.
    await page.goto(link);
    await page.getByText("Verification approved").waitFor();
  });

  it("an unknown or expired link shows an expiry page, not a verification", async () => {
    const page = await e2e.newPage();
    const res = await page.goto(`${e2e.stack.config.identity.baseUrl}/websdk/p/sbx_${"0".repeat(32)}`);
    expect(res?.status()).toBe(410);
    await page.getByRole("heading", { name: "Verification link expired" }).waitFor();
    expect(await page.getByRole("button").count()).toBe(0);
  });
});
