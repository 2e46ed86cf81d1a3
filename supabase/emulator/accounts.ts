// Creating users and identities, confirming emails and merging metadata the way GoTrue does.
import { createHash, randomUUID } from "node:crypto";
import type { AuthContext } from "./context";
import { nowIso } from "./clock";
import { newUserRow, type Json, type UserRow } from "./store";

export interface NewUser {
  id?: string;
  /** "" for a user with only a phone (admin createUser). */
  email: string;
  /** A phone number as stored (validatePhone): gets a phone identity (admin createUser). */
  phone?: string;
  phoneConfirmed?: boolean;
  passwordHash: string | null;
  provider: "email" | "google";
  /** Provider-side id (the user id for email, a stable subject for Google). */
  providerId?: string;
  /** The `data` / `user_metadata` the request sent; where it lands depends on `metadataFrom`. */
  userMetadata: Json;
  /**
   * Where user_metadata comes from, as GoTrue's paths differ: "identity" (signup.go, external.go), the
   * identity's claims over the sent data; "data" (admin.go, invite.go, mail.go), the sent data exactly.
   */
  metadataFrom: "identity" | "data";
  appMetadata?: Json;
  identityExtra?: Json;
  confirmed: boolean;
  role?: string;
  invited?: boolean;
  /** A sign-up that signs in at once: last_sign_in_at of the user and its identities from the start. */
  signedInAt?: string;
}

/** Applies `patch` to `base`; a null value deletes the key (GoTrue's metadata update rule). */
export function mergeMetadata(base: Json, patch: Json | undefined | null): Json {
  const out: Json = { ...base };
  for (const [k, v] of Object.entries(patch ?? {})) {
    if (v === null) delete out[k];
    else out[k] = v;
  }
  return out;
}

export function createUser(ctx: Pick<AuthContext, "store" | "settings">, u: NewUser): UserRow {
  return ctx.store.transaction(() => {
    const id = u.id ?? randomUUID();
    const now = nowIso();
    const claims: Json = {
      ...(u.identityExtra ?? {}),
      sub: u.providerId ?? id,
      email: u.email,
      email_verified: u.metadataFrom === "identity" && u.confirmed,
      phone_verified: false,
    };
    // signup.go adds the sent data to the identity only under keys the claims do not hold.
    const identityData: Json = u.metadataFrom === "identity" ? { ...u.userMetadata, ...claims } : claims;
    const userMetadata =
      u.metadataFrom === "identity"
        ? identityData
        : { ...u.userMetadata, ...(u.confirmed ? { email_verified: true } : {}) };
    // admin.go: one identity per channel given, providers in that order (email first).
    const providers = [...(u.email ? [u.provider] : []), ...(u.phone ? ["phone"] : [])];
    const defaults: Json = {
      provider: providers[0],
      providers,
      ...(ctx.settings.defaultRoles.length ? { roles: [...ctx.settings.defaultRoles] } : {}),
    };
    const appMetadata = mergeMetadata(defaults, u.appMetadata);
    const user = ctx.store.users.insertUser(
      newUserRow({
        id,
        email: u.email,
        phone: u.phone ?? "",
        encrypted_password: u.passwordHash,
        role: u.role ?? "authenticated",
        email_confirmed_at: u.confirmed ? now : null,
        invited_at: u.invited ? now : null,
        app_metadata: appMetadata,
        user_metadata: userMetadata,
        phone_confirmed_at: u.phone && u.phoneConfirmed ? now : null,
        last_sign_in_at: u.signedInAt ?? null,
        created_at: now,
        updated_at: now,
      }),
    );
    if (u.email) {
      ctx.store.identities.insertIdentity({
        user_id: id,
        provider: u.provider,
        provider_id: u.providerId ?? id,
        identity_data: identityData,
        email: u.email,
        last_sign_in_at: u.signedInAt ?? null,
      });
    }
    if (u.phone) {
      ctx.store.identities.insertIdentity({
        user_id: id,
        provider: "phone",
        provider_id: id,
        email: "",
        last_sign_in_at: u.signedInAt ?? null,
        identity_data: { sub: id, phone: u.phone, email_verified: false, phone_verified: false },
      });
    }
    return user;
  });
}

/** Marks the email confirmed and flips email_verified in the metadata and the email identity (models.User.Confirm). */
export function confirmEmail(ctx: Pick<AuthContext, "store">, user: UserRow): UserRow {
  if (user.email_confirmed_at) return user;
  return ctx.store.transaction(() => {
    for (const identity of ctx.store.identities.identitiesOf(user.id)) {
      if (identity.provider === "email")
        ctx.store.identities.updateIdentity(identity.id, {
          identity_data: { ...identity.identity_data, email_verified: true },
        });
    }
    return ctx.store.users.updateUser(user.id, {
      email_confirmed_at: nowIso(),
      user_metadata: { ...user.user_metadata, email_verified: true },
    });
  });
}

export function withProvider(user: UserRow, provider: string): Json {
  const providers = Array.isArray(user.app_metadata.providers) ? (user.app_metadata.providers as string[]) : [];
  return { ...user.app_metadata, providers: providers.includes(provider) ? providers : [...providers, provider] };
}

export function isBanned(user: UserRow): boolean {
  return Boolean(user.banned_until && new Date(user.banned_until).getTime() > Date.now());
}

/** An anonymous user (signup.go ToUserModel): no address, phone or identity. */
export function createAnonymousUser(ctx: Pick<AuthContext, "store">, userMetadata: Json): UserRow {
  const now = nowIso();
  return ctx.store.users.insertUser(
    newUserRow({ id: randomUUID(), user_metadata: userMetadata, is_anonymous: true, created_at: now, updated_at: now }),
  );
}

/** The end of an e-mail change (verify.go emailChangeVerify); an anonymous user becomes permanent. */
export function completeEmailChange(ctx: Pick<AuthContext, "store">, user: UserRow, newEmail: string): UserRow {
  return ctx.store.transaction(() => {
    const identities = ctx.store.identities.identitiesOf(user.id);
    const emailIdentity = identities.find((i) => i.provider === "email");
    if (emailIdentity) {
      ctx.store.identities.updateIdentity(emailIdentity.id, {
        email: newEmail,
        identity_data: { ...emailIdentity.identity_data, email: newEmail, email_verified: true },
      });
    } else {
      ctx.store.identities.insertIdentity({
        user_id: user.id,
        provider: "email",
        provider_id: user.id,
        identity_data: { sub: user.id, email: newEmail, email_verified: true, phone_verified: false },
        email: newEmail,
        last_sign_in_at: null,
      });
    }
    const providers = [...new Set(ctx.store.identities.identitiesOf(user.id).map((i) => i.provider))];
    const appMetadata = emailIdentity ? user.app_metadata : { ...user.app_metadata, provider: providers[0], providers };
    const metadata = emailIdentity ? { ...user.user_metadata, email: newEmail } : user.user_metadata;
    const updated = ctx.store.users.updateUser(user.id, {
      email: newEmail,
      new_email: null,
      email_change_sent_at: null,
      is_anonymous: false,
      app_metadata: appMetadata,
      user_metadata: metadata,
      ...(emailIdentity ? {} : { email_confirmed_at: user.email_confirmed_at ?? nowIso() }),
    });
    return emailIdentity ? confirmEmail(ctx, updated) : updated;
  });
}

/** GoTrue's obfuscateValue: base64url(sha256(user id + value)), so a wiped value stays unique. */
const obfuscate = (userId: string, value: string) =>
  createHash("sha256")
    .update(userId + value)
    .digest("base64url");

/** An admin soft delete (admin.go adminUserDelete, models.User.SoftDeleteUser): opaque values, no access. */
export function softDeleteUser(ctx: Pick<AuthContext, "store">, user: UserRow): void {
  if (user.deleted_at) return;
  ctx.store.transaction(() => {
    ctx.store.users.updateUser(user.id, {
      email: obfuscate(user.id, user.email),
      phone: obfuscate(user.id, user.phone).slice(0, 15),
      new_email: user.new_email ? obfuscate(user.id, user.new_email) : null,
      encrypted_password: null,
      user_metadata: {},
      app_metadata: {},
      deleted_at: nowIso(),
    });
    for (const identity of ctx.store.identities.identitiesOf(user.id)) {
      ctx.store.identities.wipeIdentity(
        identity.id,
        obfuscate(user.id, `${identity.provider}:${identity.provider_id}`),
      );
    }
    ctx.store.oneTimeTokens.deleteOneTimeTokens(user.id);
    ctx.store.factors.deleteFactorsOf(user.id);
    ctx.store.sessions.deleteSessionsOf(user.id);
  });
}
