// The email an additional owner receives with their identity-verification link.
import type { MailMessage } from "../mail";

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);

/**
 * A name as plain text for a mail body: control characters (line breaks that would forge lines
 * or headers, NUL, escape sequences), invisible and bidirectional-override characters removed,
 * runs of whitespace collapsed.
 */
export function plainName(name: string): string {
  return name
    .replace(/[\p{Cc}\p{Cf}\u2028\u2029]/gu, "")
    .replace(/\s+/g, " ")
    .trim();
}

export function ownerVerificationEmail(input: { to: string; inviterName: string; link: string; validForDays: number }): MailMessage {
  const { to, link, validForDays } = input;
  const inviterName = plainName(input.inviterName) || "The account holder";
  const days = `${validForDays} day${validForDays === 1 ? "" : "s"}`;
  return {
    to,
    subject: "Please verify your identity for your Founder Foundation",
    text: [
      `${inviterName} added you as an owner of their Founder Foundation.`,
      "",
      "To complete the setup, please verify your identity (a photo of your ID and a selfie):",
      link,
      "",
      `The link is valid for ${days}. If you were not expecting this email, you can ignore it.`,
    ].join("\n"),
    html: `<p>${escapeHtml(inviterName)} added you as an owner of their Founder Foundation.</p>
<p>To complete the setup, please verify your identity (a photo of your ID and a selfie):</p>
<p><a href="${escapeHtml(link)}">Verify your identity</a></p>
<p>The link is valid for ${days}. If you were not expecting this email, you can ignore it.</p>`,
  };
}
