// GoTrue's reauthentication (reauthenticate.go): GET /reauthenticate mails a one-time code (the
// nonce) to a confirmed address; with `secure_password_change` on, a password change from a
// session older than 24 hours must carry that nonce, which is then spent.
import { randomInt } from "node:crypto";
import type { AuthContext } from "./context";
import { isoToMs } from "./clock";
import { badRequest, overEmailSendRateLimit, unprocessable } from "./errors";
import { tokenHash } from "./email-tokens";
import type { SessionRow, UserRow } from "./store";

/** GoTrue asks again for sessions signed in longer ago than this. */
const RECENT_SIGN_IN_MS = 24 * 3600_000;

const invalidNonce = () => unprocessable("reauthentication_not_valid", "Nonce has expired or is invalid");

export async function sendReauthenticationCode(ctx: AuthContext, user: UserRow): Promise<void> {
  if (!user.email && !user.phone)
    throw badRequest("validation_failed", "Reauthentication requires the user to have an email or a phone number");
  if (!user.email_confirmed_at) throw unprocessable("email_not_confirmed", "Please verify your email first.");
  const previous = ctx.store.oneTimeTokens.oneTimeTokenOf(user.id, "reauthentication");
  if (previous) {
    const waitMs = isoToMs(previous.created_at) + ctx.settings.email.maxFrequency * 1000 - Date.now();
    if (waitMs > 0) throw overEmailSendRateLimit(Math.ceil(waitMs / 1000));
  }
  ctx.limiter.hit("email_sent", "global");
  const length = ctx.settings.email.otpLength;
  const otp = String(randomInt(0, 10 ** length)).padStart(length, "0");
  const hash = tokenHash(user.email, otp);
  await ctx.mailer.sendCode(user.email, {
    Token: otp,
    SiteURL: ctx.settings.siteUrl,
    Email: user.email,
    Data: user.user_metadata,
  });
  ctx.store.oneTimeTokens.putOneTimeToken({
    token_hash: hash,
    otp_hash: hash,
    user_id: user.id,
    token_type: "reauthentication",
    relates_to: user.email,
  });
}

/** Throws unless a password change may go ahead; spends the nonce when one was needed. */
export function assertPasswordChangeAllowed(
  ctx: AuthContext,
  user: UserRow,
  session: SessionRow | undefined,
  nonce: string | null | undefined,
): void {
  if (!ctx.settings.email.securePasswordChange) return;
  if (session && Date.now() <= isoToMs(session.created_at) + RECENT_SIGN_IN_MS) return;
  if (!nonce) throw badRequest("reauthentication_needed", "Password update requires reauthentication");
  const token = ctx.store.oneTimeTokens.oneTimeTokenOf(user.id, "reauthentication");
  if (!token) throw invalidNonce();
  const expired = Date.now() - isoToMs(token.created_at) > ctx.settings.email.otpExpiry * 1000;
  if (expired || token.token_hash !== tokenHash(user.email, nonce.trim())) throw invalidNonce();
  ctx.store.oneTimeTokens.deleteOneTimeTokens(user.id, ["reauthentication"]);
}
