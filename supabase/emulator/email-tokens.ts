// One-time tokens behind mail links and codes, as GoTrue makes them: hex(sha224(email + otp)).
import { createHash, randomInt } from "node:crypto";
import type { AuthContext } from "./context";
import { nowIso, isoToMs } from "./clock";
import { otpExpired, overEmailSendRateLimit } from "./errors";
import type { MailKind } from "./mailer";
import { createFlowState, type PkceParams } from "./pkce";
import type { OneTimeTokenRow, OneTimeTokenType, UserRow } from "./store";

const TOKEN_TYPE: Record<MailKind, OneTimeTokenType> = {
  signup: "confirmation",
  invite: "invite",
  recovery: "recovery",
  // GoTrue keeps magic links in the recovery token column.
  magiclink: "recovery",
  email_change: "email_change",
};

/** The AMR method a PKCE exchange records for each kind of link. */
const FLOW_METHOD: Record<MailKind, string> = {
  signup: "email/signup",
  invite: "invite",
  recovery: "recovery",
  magiclink: "magiclink",
  email_change: "email_change",
};

const SENT_AT: Record<MailKind, "confirmation_sent_at" | "recovery_sent_at" | "email_change_sent_at"> = {
  signup: "confirmation_sent_at",
  invite: "confirmation_sent_at",
  recovery: "recovery_sent_at",
  magiclink: "recovery_sent_at",
  email_change: "email_change_sent_at",
};

/** Which stored token types each verify `type` accepts. */
const ACCEPTS: Record<string, OneTimeTokenType[]> = {
  signup: ["confirmation"],
  invite: ["invite", "confirmation"],
  recovery: ["recovery"],
  magiclink: ["recovery"],
  // The new address's token, and the current address's when both must confirm.
  email_change: ["email_change", "email_change_current"],
  email: ["confirmation", "recovery", "invite"],
};

export const VERIFY_TYPES = Object.keys(ACCEPTS);

export const tokenHash = (email: string, otp: string) =>
  createHash("sha224")
    .update(email + otp)
    .digest("hex");

export interface IssuedLink {
  actionLink: string;
  otp: string;
  hashedToken: string;
  redirectTo: string;
  recipient: string;
}

export interface LinkOptions {
  redirectTo: string;
  pkce?: PkceParams;
  /** Defaults to the user's email; the new address for email_change. */
  recipient?: string;
  /** The current address's token of an e-mail change confirmed by both addresses. */
  tokenType?: "email_change_current";
}

/** Creates the token and the link without sending anything (admin generate_link). */
export function issueLink(ctx: AuthContext, user: UserRow, kind: MailKind, opts: LinkOptions): IssuedLink {
  const recipient = opts.recipient ?? user.email;
  const otp = String(randomInt(0, 10 ** ctx.settings.email.otpLength)).padStart(ctx.settings.email.otpLength, "0");
  const hash = tokenHash(recipient, otp);
  const flow = opts.pkce
    ? createFlowState(ctx, opts.pkce, {
        userId: user.id,
        provider: "email",
        method: FLOW_METHOD[kind],
        redirectTo: opts.redirectTo,
      })
    : undefined;
  const stored = flow ? `pkce_${hash}` : hash;
  ctx.store.oneTimeTokens.putOneTimeToken({
    token_hash: stored,
    otp_hash: hash,
    user_id: user.id,
    token_type: opts.tokenType ?? TOKEN_TYPE[kind],
    relates_to: flow?.id ?? recipient,
  });
  const actionLink = `${ctx.apiUrl}/verify?token=${stored}&type=${kind}&redirect_to=${encodeURIComponent(opts.redirectTo)}`;
  return { actionLink, otp, hashedToken: stored, redirectTo: opts.redirectTo, recipient };
}

/** GoTrue's template variables for a link mail (templatemailer): Email is the current address. */
function linkMailVars(ctx: AuthContext, user: UserRow, kind: MailKind, link: IssuedLink, newEmail?: string) {
  return {
    ConfirmationURL: link.actionLink,
    Token: link.otp,
    TokenHash: link.hashedToken,
    SiteURL: ctx.settings.siteUrl,
    Email: user.email,
    NewEmail: kind === "email_change" ? newEmail : undefined,
    RedirectTo: link.redirectTo,
    Data: user.user_metadata,
  };
}

/** Issues a link and mails it, within max_frequency per user and kind and the hourly mail budget. */
export async function sendLink(
  ctx: AuthContext,
  user: UserRow,
  kind: MailKind,
  opts: LinkOptions,
): Promise<IssuedLink> {
  const sentAt = user[SENT_AT[kind]];
  if (sentAt) {
    const waitMs = isoToMs(sentAt) + ctx.settings.email.maxFrequency * 1000 - Date.now();
    if (waitMs > 0) throw overEmailSendRateLimit(Math.ceil(waitMs / 1000));
  }
  ctx.limiter.hit("email_sent", "global");
  const link = issueLink(ctx, user, kind, opts);
  await ctx.mailer.send(kind, link.recipient, linkMailVars(ctx, user, kind, link, opts.recipient));
  ctx.store.users.updateUser(user.id, { [SENT_AT[kind]]: nowIso() });
  return link;
}

/** Mails an e-mail change (mail.go sendEmailChange), to both addresses with `double_confirm_changes`. */
export async function sendEmailChange(
  ctx: AuthContext,
  user: UserRow,
  newEmail: string,
  opts: Omit<LinkOptions, "recipient" | "tokenType">,
): Promise<void> {
  const current = ctx.settings.email.doubleConfirmChanges && user.email ? user.email : undefined;
  // A fresh change voids both halves of an earlier one.
  ctx.store.oneTimeTokens.deleteOneTimeTokens(user.id, ["email_change_current"]);
  await sendLink(ctx, user, "email_change", { ...opts, recipient: newEmail });
  if (!current) return;
  const link = issueLink(ctx, user, "email_change", {
    ...opts,
    pkce: undefined,
    recipient: current,
    tokenType: "email_change_current",
  });
  await ctx.mailer.send("email_change", current, linkMailVars(ctx, user, "email_change", link, newEmail));
}

/** Finds and consumes a token for a verify `type`; any failure is otp_expired, as in GoTrue. */
export function consumeToken(
  ctx: AuthContext,
  stored: string,
  type: string,
  viaLink: boolean,
): { token: OneTimeTokenRow; user: UserRow } {
  const token = ctx.store.oneTimeTokens.findOneTimeToken(stored);
  const accepted = ACCEPTS[type] ?? [];
  if (!token || !accepted.includes(token.token_type)) throw otpExpired(viaLink);
  const user = ctx.store.users.findUserById(token.user_id);
  const expired = Date.now() - isoToMs(token.created_at) > ctx.settings.email.otpExpiry * 1000;
  ctx.store.oneTimeTokens.deleteOneTimeTokens(token.user_id, [token.token_type]);
  if (!user || expired) throw otpExpired(viaLink);
  return { token, user };
}
