// Phone sign-up and OTP sign-in as GoTrue does them (phone.go, signup.go, otp.go, verify.go),
// on only when `[auth.sms] enable_signup` is. No SMS provider: a code "reaches" a number only
// when `[auth.sms.test_otp]` lists it (GoTrue's test OTPs); any other number gets GoTrue's answer
// for a missing provider. Codes are stored as hex(sha224(phone + code)), like mailed ones.
import { randomUUID } from "node:crypto";
import type { AuthContext } from "./context";
import { nowIso, isoToMs } from "./clock";
import { ApiError, badRequest, forbidden, tooManyRequests } from "./errors";
import { tokenHash } from "./email-tokens";
import { newUserRow, type Json, type UserRow } from "./store";

const E164 = /^[1-9][0-9]{1,14}$/;

/** GoTrue's validatePhone: "+" and spaces dropped, then E.164 digits (what is stored and compared). */
export function validatePhone(phone: string | null | undefined): string {
  const formatted = (phone ?? "").replace(/^\+/, "").replaceAll(" ", "");
  if (!E164.test(formatted)) throw badRequest("validation_failed", "Invalid phone number format (E.164 required)");
  return formatted;
}

export type PhoneCodeKind = "confirmation" | "phone_change";

/** Sends (as far as a test number goes) a code for sign-in/confirmation or a phone change. */
export function sendPhoneCode(ctx: AuthContext, user: UserRow, phone: string, kind: PhoneCodeKind): void {
  const sentAt = kind === "confirmation" ? user.confirmation_sent_at : user.phone_change_sent_at;
  if (sentAt) {
    const waitMs = isoToMs(sentAt) + ctx.settings.sms.maxFrequency * 1000 - Date.now();
    if (waitMs > 0)
      throw tooManyRequests(
        "over_sms_send_rate_limit",
        `For security purposes, you can only request this after ${Math.ceil(waitMs / 1000)} seconds.`,
      );
  }
  const otp = ctx.settings.sms.testOtp[phone];
  if (otp === undefined) throw new ApiError(500, "unexpected_failure", "Unable to get SMS provider");
  const hash = tokenHash(phone, otp);
  ctx.store.oneTimeTokens.putOneTimeToken({
    token_hash: hash,
    otp_hash: hash,
    user_id: user.id,
    token_type: kind,
    relates_to: phone,
  });
  const now = nowIso();
  ctx.store.users.updateUser(
    user.id,
    kind === "confirmation" ? { confirmation_sent_at: now } : { phone_change: phone, phone_change_sent_at: now },
  );
}

/**
 * A user signed up by phone (signup.go): the phone identity's claims are the email claims of an
 * address-less user (sub, email_verified, phone_verified: no phone key) with the sign-up data added
 * under them, and user_metadata is a copy of them, as for an email sign-up.
 */
export function createPhoneUser(
  ctx: Pick<AuthContext, "store">,
  phone: string,
  passwordHash: string | null,
  data: Json,
  confirmed: boolean,
): UserRow {
  return ctx.store.transaction(() => {
    const id = randomUUID();
    const identityData = { ...data, sub: id, email_verified: false, phone_verified: false };
    const user = ctx.store.users.insertUser(
      newUserRow({
        id,
        phone,
        encrypted_password: passwordHash,
        app_metadata: { provider: "phone", providers: ["phone"] },
        user_metadata: identityData,
      }),
    );
    ctx.store.identities.insertIdentity({
      user_id: id,
      provider: "phone",
      provider_id: id,
      identity_data: identityData,
      email: "",
      last_sign_in_at: null,
    });
    return confirmed ? confirmPhone(ctx, user, phone, "confirmation") : user;
  });
}

/**
 * verify.go smsVerify. `confirmation` (type sms) only confirms the number (models.User.ConfirmPhone:
 * no metadata changes). `phone_change` moves the user to the new number, and the phone identity
 * says so, verified (created when missing). Either way an anonymous user becomes permanent.
 */
export function confirmPhone(
  ctx: Pick<AuthContext, "store">,
  user: UserRow,
  phone: string,
  kind: PhoneCodeKind,
): UserRow {
  return ctx.store.transaction(() => {
    if (kind === "phone_change") {
      const identity = ctx.store.identities.identitiesOf(user.id).find((i) => i.provider === "phone");
      if (identity) {
        ctx.store.identities.updateIdentity(identity.id, {
          identity_data: { ...identity.identity_data, phone, phone_verified: true },
        });
      } else {
        ctx.store.identities.insertIdentity({
          user_id: user.id,
          provider: "phone",
          provider_id: user.id,
          identity_data: { sub: user.id, phone, email_verified: false, phone_verified: true },
          email: "",
          last_sign_in_at: null,
        });
      }
    }
    const providers = [...new Set(ctx.store.identities.identitiesOf(user.id).map((i) => i.provider))];
    return ctx.store.users.updateUser(user.id, {
      phone,
      phone_confirmed_at: nowIso(),
      phone_change: null,
      is_anonymous: false,
      app_metadata: { ...user.app_metadata, provider: user.app_metadata.provider ?? providers[0], providers },
    });
  });
}

/** POST /verify with a phone and a code: the user whose code it is, the code spent. */
export function consumePhoneCode(
  ctx: AuthContext,
  phoneInput: string | null | undefined,
  code: string,
  type: "sms" | "phone_change",
): UserRow {
  const phone = validatePhone(phoneInput);
  const user = type === "sms" ? ctx.store.users.findUserByPhone(phone) : ctx.store.users.findUserByPhoneChange(phone);
  const kind: PhoneCodeKind = type === "sms" ? "confirmation" : "phone_change";
  const token = user ? ctx.store.oneTimeTokens.oneTimeTokenOf(user.id, kind) : undefined;
  const invalid = () => forbidden("otp_expired", "Token has expired or is invalid");
  if (!user || !token || token.relates_to !== phone || token.token_hash !== tokenHash(phone, code.trim()))
    throw invalid();
  ctx.store.oneTimeTokens.deleteOneTimeTokens(user.id, [kind]);
  if (Date.now() - isoToMs(token.created_at) > ctx.settings.sms.otpExpiry * 1000) throw invalid();
  return confirmPhone(ctx, user, phone, kind);
}
