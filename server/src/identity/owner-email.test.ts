// The owner verification mail's text, built from its parts (no stack: the mail as sent is checked
// in tests/identity/owner-invitation.test.ts).
import { describe, expect, it } from "vitest";
import { MAIL_NAME_MAX, ownerVerificationEmail } from "./owner-email";

describe("ownerVerificationEmail", () => {
  const base = { to: "o@example.com", link: "https://verify.example/p/sbx_1", validForDays: 7 };

  it("without a named LLC still says who invited them, and names no LLC", () => {
    const m = ownerVerificationEmail({ ...base, inviterName: "Ada Lovelace", llcName: null });
    expect(m.subject).toBe("Ada Lovelace added you to a Founder Foundation: please verify your identity");
    expect(m.text).toContain("Ada Lovelace added you as an owner of their Founder Foundation.");
  });

  it("leaves markup out of names, escapes what stays in the HTML, and strips line breaks that could forge lines", () => {
    const m = ownerVerificationEmail({ ...base, inviterName: "Eve <script>\nBcc: x", llcName: "A & B LLC" });
    expect(m.html).not.toContain("script");
    expect(m.subject).toBe("Eve Bcc x added you to A & B LLC: please verify your identity");
    expect(m.html).toContain("A &amp; B LLC");
    expect(m.subject).not.toMatch(/\n/);
  });

  it("prints a name stored before the name rules without what they refuse: emoji, markup, look-alike blanks", () => {
    const m = ownerVerificationEmail({
      ...base,
      inviterName: "Zo\u00EB \u{1F680} Lovelace-Byron\u3164",
      llcName: "<b>Rocket</b> \u2800Giving LLC",
    });
    expect(m.subject).toBe("Zo\u00EB Lovelace-Byron added you to Rocket Giving LLC: please verify your identity");
    expect(m.text).toContain("Zo\u00EB Lovelace-Byron added you as an owner of Rocket Giving LLC");
  });

  it("caps a name stored before today's limits, so no name carries a message of its own", () => {
    const long = `Claim your prize at prize.example ${"x".repeat(500)}`;
    const m = ownerVerificationEmail({ ...base, inviterName: long, llcName: `${long} LLC` });
    const inviter = m.text.split("\n")[2]!.split(" added you")[0]!;
    expect(Array.from(inviter)).toHaveLength(MAIL_NAME_MAX.inviter);
    expect(inviter.endsWith("…")).toBe(true);
    expect(m.subject.length).toBeLessThan(MAIL_NAME_MAX.inviter + MAIL_NAME_MAX.llc + 60);
    expect(m.html).not.toContain("x".repeat(MAIL_NAME_MAX.llc));
  });

  it("drops invisible characters and lone surrogates from names", () => {
    const m = ownerVerificationEmail({ ...base, inviterName: "A\u200Bd\uFEFFa\uD800 L\u061Covelace", llcName: null });
    expect(m.subject.startsWith("Ada Lovelace added you")).toBe(true);
  });
});
