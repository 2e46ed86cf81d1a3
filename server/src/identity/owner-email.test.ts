// The owner verification mail's text, built from its parts (no stack: the mail as sent is checked
// in tests/identity/owner-invitation.test.ts).
import { describe, expect, it } from "vitest";
import { ownerVerificationEmail } from "./owner-email";

describe("ownerVerificationEmail", () => {
  const base = { to: "o@example.com", link: "https://verify.example/p/sbx_1", validForDays: 7 };

  it("without a named LLC still says who invited them, and names no LLC", () => {
    const m = ownerVerificationEmail({ ...base, inviterName: "Ada Lovelace", llcName: null });
    expect(m.subject).toBe("Ada Lovelace added you to a Founder Foundation: please verify your identity");
    expect(m.text).toContain("Ada Lovelace added you as an owner of their Founder Foundation.");
  });

  it("escapes names in the HTML and strips line breaks that could forge lines", () => {
    const m = ownerVerificationEmail({ ...base, inviterName: "Eve <script>\nBcc: x", llcName: "A & B LLC" });
    expect(m.html).not.toContain("<script>");
    expect(m.html).toContain("Eve &lt;script&gt;Bcc: x");
    expect(m.html).toContain("A &amp; B LLC");
    expect(m.subject).not.toMatch(/\n/);
  });
});
