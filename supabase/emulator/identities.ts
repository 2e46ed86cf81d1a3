// Manual identity linking as GoTrue does it (api/identity.go, models/user.go).
import type { AuthContext } from "./context";
import { ApiError, badRequest, notFound, unprocessable } from "./errors";
import { confirmEmail } from "./accounts";
import { isUuid } from "./http/body";
import type { IdentityRow, Json, UserRow } from "./store";

type Ctx = Pick<AuthContext, "store" | "settings">;

/** models.User.UpdateAppMetaDataProviders: providers in the order their identities were made. */
function refreshProviders(ctx: Ctx, user: UserRow): UserRow {
  const providers = [...new Set(ctx.store.identities.identitiesOf(user.id).map((i) => i.provider))];
  const appMetadata: Json = { ...user.app_metadata, providers };
  if (providers.length) appMetadata.provider = providers[0];
  return ctx.store.users.updateUser(user.id, { app_metadata: appMetadata });
}

const isEmailVerified = (i: IdentityRow) => i.identity_data.email_verified === true;

/** Raised when every identity's address already belongs to another user. */
class EmailConflict extends Error {}

/** models.User.UpdateUserEmailFromIdentities: the address follows the user's best identity. */
function updateEmailFromIdentities(ctx: Ctx, user: UserRow): UserRow {
  const identities = ctx.store.identities.identitiesOf(user.id);
  if (identities.some((i) => i.email === user.email)) return user;
  const rank = (i: IdentityRow) => (i.email === "" ? 2 : isEmailVerified(i) ? 0 : 1);
  const ordered = [...identities].sort(
    (a, b) => rank(a) - rank(b) || a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id),
  );
  const primary = ordered.find((i) => !ctx.store.users.findUserByEmail(i.email));
  if (!primary) throw new EmailConflict();
  ctx.store.oneTimeTokens.deleteOneTimeTokens(user.id);
  const autoconfirm = !ctx.settings.email.enableConfirmations;
  const unconfirm = primary.email === "" || (!isEmailVerified(primary) && !autoconfirm);
  return ctx.store.users.updateUser(user.id, {
    email: primary.email,
    confirmation_sent_at: null,
    recovery_sent_at: null,
    new_email: null,
    email_change_sent_at: null,
    phone_change: null,
    phone_change_sent_at: null,
    ...(unconfirm ? { email_confirmed_at: null, user_metadata: { ...user.user_metadata, email_verified: false } } : {}),
  });
}

function emailAfterUnlink(ctx: Ctx, user: UserRow): UserRow {
  try {
    return updateEmailFromIdentities(ctx, user);
  } catch (err) {
    if (err instanceof EmailConflict)
      throw unprocessable("email_conflict_identity_not_deletable", "Unable to unlink identity due to email conflict");
    throw err;
  }
}

/** DELETE /user/identities/{id} (api.DeleteIdentity): the user keeps at least one identity. */
export function unlinkIdentity(ctx: Ctx, user: UserRow, identityId: string): void {
  if (!isUuid(identityId)) throw notFound("validation_failed", "identity_id must be an UUID");
  const identities = ctx.store.identities.identitiesOf(user.id);
  if (identities.length <= 1)
    throw unprocessable("single_identity_not_deletable", "User must have at least 1 identity after unlinking");
  const identity = identities.find((i) => i.id === identityId);
  if (!identity) throw unprocessable("identity_not_found", "Identity doesn't exist");
  ctx.store.transaction(() => {
    ctx.store.identities.deleteIdentity(identity.id);
    refreshProviders(
      ctx,
      identity.provider === "phone"
        ? ctx.store.users.updateUser(user.id, { phone: "", phone_confirmed_at: null })
        : emailAfterUnlink(ctx, user),
    );
  });
}

export interface LinkedIdentity {
  provider: string;
  providerId: string;
  email: string;
  /** identity_data beyond sub/email/email_verified/phone_verified (iss, name…). */
  data: Json;
}

/** api.linkIdentityToUser: an anonymous user takes the identity's (verified) address and stops being anonymous. */
export function linkIdentityToUser(ctx: Ctx, target: UserRow, linked: LinkedIdentity): UserRow {
  const existing = ctx.store.identities.findIdentity(linked.provider, linked.providerId);
  if (existing) {
    throw unprocessable(
      "identity_already_exists",
      existing.user_id === target.id ? "Identity is already linked" : "Identity is already linked to another user",
    );
  }
  return ctx.store.transaction(() => {
    ctx.store.identities.insertIdentity({
      user_id: target.id,
      provider: linked.provider,
      provider_id: linked.providerId,
      email: linked.email,
      last_sign_in_at: null,
      identity_data: {
        ...linked.data,
        sub: linked.providerId,
        email: linked.email,
        email_verified: true,
        phone_verified: false,
      },
    });
    let user = target;
    if (user.email === "") {
      try {
        user = updateEmailFromIdentities(ctx, user);
      } catch (err) {
        if (err instanceof EmailConflict)
          throw badRequest("email_exists", "A user with this email address has already been registered");
        throw err;
      }
      user = confirmEmail(ctx, user);
      if (user.is_anonymous) user = ctx.store.users.updateUser(user.id, { is_anonymous: false });
    }
    return refreshProviders(ctx, user);
  });
}

/** GoTrue's answer on /user/identities/* when `[auth] enable_manual_linking` is off. */
export const manualLinkingDisabled = () => new ApiError(404, "manual_linking_disabled", "Manual linking is disabled");
