// The admin API (admin.go), guarded by a service_role JWT (or the sb_secret_ key):
// users list/create/get/update/delete, generate_link, a user's factors, and the emulator's
// own POST /admin/reset that puts the auth data back to the seed (the HTTP twin of reset()).
import type { FastifyInstance, FastifyRequest } from "fastify";
import { randomBytes } from "node:crypto";
import { z } from "zod";
import type { AuthContext } from "../context";
import { ApiError, notFound, unprocessable, validationFailed } from "../errors";
import { isPasswordHash } from "../password-hashes";
import { parseGoDuration } from "../go-duration";
import { pageOf, sendPageHeaders } from "../http/pagination";
import { registerOAuthClientRoutes } from "./oauth-clients";
import { registerDisabledAdminRoutes } from "./disabled";
import { ownPasskey, passkeyJson } from "./passkeys";
import { confirmEmail, createUser, mergeMetadata, softDeleteUser } from "../accounts";
import { normalizeEmail } from "../passwords";
import { validatePhone } from "../phone";
import { issueLink } from "../email-tokens";
import { downgradeSessionsOfFactor } from "../sessions";
import { factorJson, userJson } from "../serialize";
import type { MailKind } from "../mailer";
import type { FactorRow, UserRow } from "../store";
import { isUuid, parseBody, queryParam } from "../http/body";
import { requireAdmin } from "../http/guards";

const Metadata = z.record(z.string(), z.unknown()).nullish();

const UserBody = z.looseObject({
  email: z.string().nullish(),
  phone: z.string().nullish(),
  password: z.string().nullish(),
  password_hash: z.string().nullish(),
  email_confirm: z.boolean().nullish(),
  phone_confirm: z.boolean().nullish(),
  user_metadata: Metadata,
  app_metadata: Metadata,
  role: z.string().nullish(),
  ban_duration: z.string().nullish(),
  id: z.string().nullish(),
});

const DeleteBody = z.looseObject({ should_soft_delete: z.boolean().nullish() });
const FactorBody = z.looseObject({ friendly_name: z.string().nullish() });

const LinkBody = z.looseObject({
  type: z.string().nullish(),
  email: z.string().nullish(),
  password: z.string().nullish(),
  new_email: z.string().nullish(),
  data: Metadata,
  redirect_to: z.string().nullish(),
});

const emailExists = () => unprocessable("email_exists", "A user with this email address has already been registered");
const phoneExists = () => unprocessable("phone_exists", "Phone number already registered by another user");

/**
 * admin.go: "none" lifts a ban; otherwise a Go duration bans until now + duration (a zero
 * duration lifts it too, a negative one lands in the past).
 */
function bannedUntil(duration: string): string | null {
  if (duration === "none") return null;
  const parsed = parseGoDuration(duration);
  if ("error" in parsed) throw validationFailed(`invalid format for ban duration: ${parsed.error}`);
  return parsed.seconds === 0 ? null : new Date(Date.now() + parsed.seconds * 1000).toISOString();
}

/**
 * admin.go: a `password_hash` GoTrue can read is stored as is (a malformed one is a 500, as
 * NewUserWithPasswordHash's error is there); no password at all gets a random one nobody knows.
 */
async function givenOrNewHash(ctx: AuthContext, body: z.infer<typeof UserBody>): Promise<string> {
  if (body.password_hash) {
    if (!isPasswordHash(body.password_hash)) throw new ApiError(500, "unexpected_failure", "Error creating user");
    return body.password_hash;
  }
  return ctx.passwords.hash(body.password || randomBytes(24).toString("base64url"));
}

function loadUser(ctx: AuthContext, req: FastifyRequest): UserRow {
  const id = (req.params as { userId: string }).userId;
  if (!isUuid(id)) throw notFound("validation_failed", "user_id must be an UUID");
  const user = ctx.store.users.findUserById(id);
  if (!user) throw notFound("user_not_found", "User not found");
  return user;
}

function loadFactor(ctx: AuthContext, req: FastifyRequest): { user: UserRow; factor: FactorRow } {
  const user = loadUser(ctx, req);
  const factorId = (req.params as { factorId: string }).factorId;
  if (!isUuid(factorId)) throw notFound("validation_failed", "factor_id must be an UUID");
  const factor = ctx.store.factors.findFactor(factorId);
  if (!factor || factor.user_id !== user.id) throw notFound("mfa_factor_not_found", "Factor not found");
  return { user, factor };
}

export function registerAdminRoutes(parent: FastifyInstance, ctx: AuthContext): void {
  // An encapsulated plugin, so the admin guard covers exactly these routes.
  void parent.register(async (app) => {
    app.addHook("onRequest", async (req) => requireAdmin(ctx, req));
    adminRoutes(app, ctx);
    registerOAuthClientRoutes(app, ctx);
    registerDisabledAdminRoutes(app);
  });
}

function adminRoutes(app: FastifyInstance, ctx: AuthContext): void {
  app.get("/admin/users", async (req, reply) => {
    const page = pageOf(req);
    const { users, total } = ctx.store.users.listUsers(page.perPage, page.offset);
    sendPageHeaders(reply, "/admin/users", page, total);
    return { users: users.map((u) => userJson(ctx.store, u)), aud: "authenticated" };
  });

  app.post("/admin/users", async (req) => {
    const body = parseBody(UserBody, req);
    // admin.go adminUserCreate: an address, a phone or both (no provider switch applies to admins),
    // each checked for format and for another user holding it, the address first.
    if (!body.email && !body.phone) throw validationFailed("Cannot create a user without either an email or phone");
    const email = body.email ? normalizeEmail(body.email) : "";
    if (email && ctx.store.users.findUserByEmail(email)) throw emailExists();
    const phone = body.phone ? validatePhone(body.phone) : "";
    if (phone && ctx.store.users.findUserByPhone(phone)) throw phoneExists();
    if (body.password != null && body.password_hash)
      throw validationFailed("Only a password or a password hash should be provided");
    if (body.id && !isUuid(body.id)) throw validationFailed("ID must conform to the uuid v4 format");
    if (body.password) ctx.passwords.assertStrong(body.password);
    let user = createUser(ctx, {
      id: body.id ?? undefined,
      email,
      phone,
      phoneConfirmed: body.phone_confirm === true,
      passwordHash: await givenOrNewHash(ctx, body),
      provider: "email",
      userMetadata: body.user_metadata ?? {},
      metadataFrom: "data",
      appMetadata: body.app_metadata ?? undefined,
      confirmed: body.email_confirm === true,
      role: body.role ?? undefined,
    });
    if (body.ban_duration) user = ctx.store.users.updateUser(user.id, { banned_until: bannedUntil(body.ban_duration) });
    return userJson(ctx.store, user);
  });

  app.get("/admin/users/:userId", async (req) => userJson(ctx.store, loadUser(ctx, req)));

  app.put("/admin/users/:userId", async (req) => {
    let user = loadUser(ctx, req);
    const body = parseBody(UserBody, req);
    if (body.email != null) {
      const email = normalizeEmail(body.email);
      const owner = ctx.store.users.findUserByEmail(email);
      if (owner && owner.id !== user.id) throw emailExists();
      if (email !== user.email) {
        for (const identity of ctx.store.identities.identitiesOf(user.id)) {
          if (identity.provider === "email")
            ctx.store.identities.updateIdentity(identity.id, {
              email,
              identity_data: { ...identity.identity_data, email },
            });
        }
        user = ctx.store.users.updateUser(user.id, { email, new_email: null });
      }
    }
    if (body.password != null) {
      ctx.passwords.assertStrong(body.password);
      user = ctx.store.users.updateUser(user.id, { encrypted_password: await ctx.passwords.hash(body.password) });
    }
    if (body.email_confirm === true) user = confirmEmail(ctx, user);
    if (body.user_metadata)
      user = ctx.store.users.updateUser(user.id, {
        user_metadata: mergeMetadata(user.user_metadata, body.user_metadata),
      });
    if (body.app_metadata)
      user = ctx.store.users.updateUser(user.id, { app_metadata: mergeMetadata(user.app_metadata, body.app_metadata) });
    if (body.role) user = ctx.store.users.updateUser(user.id, { role: body.role });
    if (body.ban_duration) {
      user = ctx.store.users.updateUser(user.id, { banned_until: bannedUntil(body.ban_duration) });
      if (user.banned_until) ctx.store.sessions.deleteSessionsOf(user.id);
    }
    return userJson(ctx.store, user);
  });

  app.delete("/admin/users/:userId", async (req) => {
    const user = loadUser(ctx, req);
    // An empty body is a hard delete (should_soft_delete defaults to false).
    const body = req.body === undefined || req.body === null || req.body === "" ? {} : parseBody(DeleteBody, req);
    if (body.should_soft_delete) softDeleteUser(ctx, user);
    else ctx.store.users.deleteUser(user.id);
    return {};
  });

  app.get("/admin/users/:userId/factors", async (req) =>
    ctx.store.factors.factorsOf(loadUser(ctx, req).id).map(factorJson),
  );

  // adminUserUpdateFactor: a new friendly_name (phone factors, whose number it also sets, are not emulated).
  app.put("/admin/users/:userId/factors/:factorId", async (req) => {
    const { factor } = loadFactor(ctx, req);
    const body = parseBody(FactorBody, req);
    if (body.friendly_name) ctx.store.factors.renameFactor(factor.id, body.friendly_name);
    return factorJson(ctx.store.factors.findFactor(factor.id) ?? factor);
  });

  app.delete("/admin/users/:userId/factors/:factorId", async (req) => {
    const { user, factor } = loadFactor(ctx, req);
    ctx.store.transaction(() => {
      downgradeSessionsOfFactor(ctx, user.id, factor.id);
      ctx.store.factors.deleteFactor(factor.id);
    });
    return factorJson(factor);
  });

  // passkey_admin.go: a user's passkeys, whatever [auth.passkey] says.
  app.get("/admin/users/:userId/passkeys", async (req) =>
    ctx.store.webauthn.webAuthnCredentialsOf(loadUser(ctx, req).id).map(passkeyJson),
  );

  app.delete("/admin/users/:userId/passkeys/:passkeyId", async (req, reply) => {
    const passkey = ownPasskey(ctx, loadUser(ctx, req), (req.params as { passkeyId: string }).passkeyId);
    ctx.store.webauthn.deleteWebAuthnCredential(passkey.id);
    return reply.status(204).send();
  });

  app.post("/admin/generate_link", async (req) => {
    const body = parseBody(LinkBody, req);
    const email = normalizeEmail(body.email);
    const redirectTo = ctx.redirects.resolve(body.redirect_to ?? queryParam(req, "redirect_to"));
    let user = ctx.store.users.findUserByEmail(email);
    // mail.go: a magic link for an unknown address signs it up with a password nobody knows.
    const signsUp = body.type === "magiclink" && !user;
    const type = signsUp ? "signup" : (body.type ?? "");
    let kind: MailKind;
    let recipient: string | undefined;
    switch (type) {
      case "signup": {
        if (user?.email_confirmed_at) throw emailExists();
        if (user) {
          // An unconfirmed user takes the new data over the old (UpdateUserMetaData).
          if (body.data)
            user = ctx.store.users.updateUser(user.id, { user_metadata: mergeMetadata(user.user_metadata, body.data) });
        } else {
          const password = signsUp ? randomBytes(48).toString("base64url") : body.password;
          if (!password) throw validationFailed("Signup requires a valid password");
          if (!signsUp) ctx.passwords.assertStrong(password);
          user = createUser(ctx, {
            email,
            passwordHash: await ctx.passwords.hash(password),
            provider: "email",
            userMetadata: body.data ?? {},
            metadataFrom: "data",
            confirmed: false,
          });
        }
        kind = "signup";
        break;
      }
      case "invite": {
        if (user?.email_confirmed_at) throw emailExists();
        user ??= createUser(ctx, {
          email,
          passwordHash: null,
          provider: "email",
          userMetadata: body.data ?? {},
          metadataFrom: "data",
          confirmed: false,
          invited: true,
        });
        kind = "invite";
        break;
      }
      case "magiclink":
      case "recovery":
        if (!user) throw notFound("user_not_found", "User with this email not found");
        kind = type;
        break;
      case "email_change_current":
      case "email_change_new": {
        if (!user) throw notFound("user_not_found", "User with this email not found");
        const newEmail = normalizeEmail(body.new_email);
        if (ctx.store.users.findUserByEmail(newEmail)) throw emailExists();
        user = ctx.store.users.updateUser(user.id, { new_email: newEmail });
        kind = "email_change";
        recipient = type === "email_change_new" ? newEmail : email;
        break;
      }
      default:
        throw validationFailed("Invalid email action link type requested");
    }
    const tokenType = type === "email_change_current" ? "email_change_current" : undefined;
    const link = issueLink(ctx, user, kind, { redirectTo, recipient, tokenType });
    const fresh = ctx.store.users.findUserById(user.id) ?? user;
    // GoTrue flattens the user and the link properties into one object; auth-js splits them.
    return {
      ...userJson(ctx.store, fresh),
      action_link: link.actionLink,
      email_otp: link.otp,
      hashed_token: link.hashedToken,
      verification_type: type,
      redirect_to: link.redirectTo,
    };
  });

  app.post("/admin/reset", async () => {
    await ctx.reseed();
    return {};
  });
}
