// The owner invitation as an owner receives it: a founder (through the real stack: auth service,
// API over HTTP, SMTP into the mailbox) names their LLC, adds an owner and sends the verification
// mail; the mailbox's message names the founder and the LLC, is branded, and its button and its
// plain-text twin carry the same verification link.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ORGANIZATION, PROFILE } from "../support/entry";
import { apiCall } from "../support/api";
import { findLink, MailboxClient } from "../support/mail";
import { bootStack, type TestStack } from "../support/stack";
import { founderAt } from "../support/founders";
import { scaled } from "../support/machine";

let stack: TestStack;
beforeAll(async () => {
  stack = await bootStack();
}, scaled(120_000));
afterAll(async () => {
  await stack?.close();
});

const HOSTED_LINK = /https?:\/\/[^\s"'<>]+\/websdk\/p\/sbx_[0-9a-f]+/;

describe("owner invitation mail (over HTTP, read from the mailbox)", () => {
  it("names the founder who invited them and the LLC, branded, with the same link in the button and the text", async () => {
    const ownerEmail = `invited-${Date.now()}@example.com`;
    // Named, profiled (PROFILE), the owner added and linked, the founder verified (owners are mailed after that).
    const f = await founderAt("identity", {
      on: stack,
      founder: { email: `inviter-${Date.now()}@example.com` },
      organization: { ...ORGANIZATION, name_1: "Lovelace Giving LLC" },
      owners: [ownerEmail],
    });

    await apiCall(stack.app.url, f.token, "POST", "/api/sumsub/send_sumsub_emails", [f.owners[0]!.personId]);
    const mail = await new MailboxClient(stack.mail!.url).latest(ownerEmail, { subject: "verify your identity" });

    const inviter = `${PROFILE.first_name} ${PROFILE.last_name}`;
    expect(mail.Subject).toBe(`${inviter} added you to Lovelace Giving LLC: please verify your identity`);
    expect(mail.Text).toContain(`${inviter} added you as an owner of Lovelace Giving LLC, their Founder Foundation.`);
    expect(mail.HTML).toContain("You were added as an owner of Lovelace Giving LLC");
    expect(mail.HTML).toContain(`${inviter} added you as an owner of Lovelace Giving LLC`);
    // Branded: the product's name in the header band and its primary colour on the button.
    expect(mail.HTML).toMatch(/border-bottom:3px solid #1976d2[^>]*>Founder Foundation</);
    expect(mail.HTML).toMatch(/<a href="[^"]+" style="[^"]*background:#1976d2[^"]*">Verify your identity<\/a>/);
    const textLink = findLink(mail, HOSTED_LINK);
    expect(findLink({ Text: "", HTML: mail.HTML }, HOSTED_LINK)).toBe(textLink);
    // The text part names the link once, on a line of its own (never "URL: URL").
    expect(mail.Text.split("\n").filter((l) => l.includes(textLink))).toEqual([textLink]);
    expect(mail.Text).not.toMatch(/https?:\/\/\S+: https?:\/\//);
    expect((await fetch(textLink)).status).toBe(200);
  });
});
