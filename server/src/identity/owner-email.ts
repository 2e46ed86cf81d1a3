// The email an additional owner receives with their identity-verification link.
import type { MailMessage } from "../mail";
import { LIMITS } from "../contract/rules";
import { printable } from "../contract/text";

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);

/** A name as plain mail text: only what today's name rules take, so no forged line or markup. */
function plainName(name: string, max: number): string {
  const plain = printable(name);
  // Capped, so a name stored before today's limits cannot carry a message of its own.
  const chars = Array.from(plain);
  return chars.length <= max
    ? plain
    : `${chars
        .slice(0, max - 1)
        .join("")
        .trimEnd()}…`;
}

/** The longest inviter and LLC names a mail carries: the contract's limits (first + last name, foundation name). */
/** @internal */ export const MAIL_NAME_MAX = {
  inviter: 2 * LIMITS.nameMax + 1,
  llc: LIMITS.foundationNameMax,
} as const;

/** The product's look in a mail: the web's light palette (web/src/index.css), inline styles only (mail clients drop <style>). */
const BRAND = {
  name: "Founder Foundation",
  primary: "#1976d2",
  text: "#1f2933",
  secondary: "#52606d",
  background: "#f5f7fa",
  divider: "#e4e7eb",
} as const;

/** How long an emailed owner link stays valid. */
export const OWNER_LINK_TTL_DAYS = 3;

export interface OwnerInvitation {
  to: string;
  inviterName: string;
  /** The LLC the owner is added to (step 1's first choice), when named. */
  llcName?: string | null;
  link: string;
  validForDays: number;
}

/** The owner invitation, branded as the product, with a plain-text twin carrying the same words. */
export function ownerVerificationEmail(input: OwnerInvitation): MailMessage {
  const { to, link, validForDays } = input;
  const inviterName = plainName(input.inviterName, MAIL_NAME_MAX.inviter) || "The account holder";
  const llc = plainName(input.llcName ?? "", MAIL_NAME_MAX.llc);
  const what = llc ? `${llc}, their Founder Foundation` : "their Founder Foundation";
  const days = `${validForDays} day${validForDays === 1 ? "" : "s"}`;
  const added = `${inviterName} added you as an owner of ${what}.`;
  const why =
    "Every owner of the LLC verifies their identity before it is filed. It takes a few minutes: a photo of your ID and a selfie.";
  const validity = `The link is valid for ${days}. If you were not expecting this email, you can ignore it; nothing happens until you verify.`;
  const h = escapeHtml;
  return {
    to,
    subject: `${inviterName} added you to ${llc || "a Founder Foundation"}: please verify your identity`,
    text: [BRAND.name, "", added, "", why, "", "Verify your identity:", link, "", validity].join("\n"),
    html: `<!doctype html>
<html lang="en"><body style="margin:0;padding:0;background:${BRAND.background};">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:${BRAND.background};padding:24px 0;font-family:Roboto,Helvetica,Arial,sans-serif;font-size:14px;line-height:1.5;color:${BRAND.text};">
<tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:8px;border:1px solid ${BRAND.divider};">
<tr><td style="padding:20px 28px;border-bottom:3px solid ${BRAND.primary};font-size:13px;font-weight:500;letter-spacing:1.5px;text-transform:uppercase;color:${BRAND.primary};">${BRAND.name}</td></tr>
<tr><td style="padding:28px;">
<h1 style="margin:0 0 16px;font-size:22px;font-weight:400;">You were added as an owner${llc ? ` of ${h(llc)}` : ""}</h1>
<p style="margin:0 0 12px;">${h(added)}</p>
<p style="margin:0 0 24px;color:${BRAND.secondary};">${h(why)}</p>
<p style="margin:0 0 24px;"><a href="${h(link)}" style="display:inline-block;min-width:120px;padding:10px 20px;border-radius:4px;background:${BRAND.primary};color:#ffffff;text-decoration:none;font-weight:500;letter-spacing:.5px;text-transform:uppercase;">Verify your identity</a></p>
<p style="margin:0;font-size:12px;color:${BRAND.secondary};">${h(validity)}</p>
</td></tr>
<tr><td style="padding:16px 28px;border-top:1px solid ${BRAND.divider};font-size:12px;color:${BRAND.secondary};">${BRAND.name} sets up an LLC paired with a donor-advised fund. You received this because ${h(inviterName)} entered your address.</td></tr>
</table>
</td></tr>
</table>
</body></html>`,
  };
}
