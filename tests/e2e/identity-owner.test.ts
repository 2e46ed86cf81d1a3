// An additional owner verifies their identity from the email the founder's account sends
// (requirements §4 "Approve on step 5 sends verification emails"): the mail arrives over SMTP in
// the stack's mailbox, its link opens the identity emulator's hosted page, the owner captures a
// document and a selfie and passes, and the signed webhook marks them verified in the app.
import { describe, expect, it } from "vitest";
import { setupE2E } from "../support/e2e-harness";
import { assertAccessible } from "../support/screens";
import { call } from "../support/http";
import { founderAt } from "../support/founders";
import { captureInWidget } from "../support/steps/actions";
import { MailboxClient, findLink } from "../support/mail";

const e2e = setupE2E();
const newPage = async () => (await e2e.open()).page;

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
    const f = await founderAt("identity", { on: e2e.stack });
    const ownerEmail = `owner-${f.accountId}-${Date.now()}@example.com`;
    const api = (method: string, path: string, body?: unknown) =>
      call(e2e.stack.app.url, method, path, { token: f.token, body });
    const added = await api("POST", "/api/persons/", {
      account_id: f.accountId,
      account_primary_holder: false,
      is_addon: true,
      email: ownerEmail,
    });
    expect(added.status).toBe(201);
    const ownerId = (added.json as { person_id: number }).person_id;

    const sent = await api("POST", "/api/sumsub/send_sumsub_emails", [ownerId]);
    expect(sent.status).toBe(200);
    expect((sent.json as { results: unknown[] }).results).toEqual([
      expect.objectContaining({ person_id: ownerId, status: "sent" }),
    ]);

    const mail = await mailbox.latest(ownerEmail, { subject: "verify your identity" });
    const link = findLink(mail, HOSTED_LINK);
    expect(link.startsWith(`${e2e.stack.config.identity.baseUrl}/websdk/p/`)).toBe(true);
    expect(mail.Text).toContain("Ada Lovelace");

    const before = await api("GET", `/api/persons/${ownerId}`);
    expect(before.json as PersonDto).toMatchObject({ sumsub_completed_at: null, sumsub_review_answer: null });
    expect((before.json as PersonDto).sumsub_email_sent_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?$/);

    const page = await newPage();
    await page.goto(link);
    await page.getByRole("heading", { name: "Verify your identity" }).waitFor();
    await page.getByRole("button", { name: "Upload document" }).waitFor();
    await assertAccessible(page, "hosted verification page");
    await captureInWidget(page);
    await page.getByText("Verification approved").waitFor();

    const after = await api("GET", `/api/persons/${ownerId}`);
    expect(after.json as PersonDto).toMatchObject({ email: ownerEmail, sumsub_review_answer: "GREEN" });
    expect((after.json as PersonDto).sumsub_completed_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?$/);

    // Reopening the link shows the finished check instead of starting over.
    await page.goto(link);
    await page.getByText("Verification approved").waitFor();
  });

  it("an unknown or expired link shows an expiry page, not a verification", async () => {
    const page = await newPage();
    const res = await page.goto(`${e2e.stack.config.identity.baseUrl}/websdk/p/sbx_${"0".repeat(32)}`);
    expect(res?.status()).toBe(410);
    await page.getByRole("heading", { name: "Verification link expired" }).waitFor();
    expect(await page.getByRole("button").count()).toBe(0);
  });
});
