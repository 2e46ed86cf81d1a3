// Social sign-in without the internet: a local consent page stands in for Google, and POST /callback
// redirects back as GoTrue's does. Like a Google account, each address on the page has a password:
// the first consent sets it, an existing account needs its own, so the page opens no one else's account.
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { createHash } from "node:crypto";
import type { AuthContext } from "../context";
import { ApiError, badRequest, forbidden, notFound } from "../errors";
import { createUser, confirmEmail, isBanned, withProvider } from "../accounts";
import { normalizeEmail } from "../passwords";
import { createFlowState, pkceParams } from "../pkce";
import { linkIdentityToUser } from "../identities";
import { startSession } from "../sessions";
import type { FlowStateRow, UserRow } from "../store";
import { queryParam } from "../http/body";
import { sessionFragmentUrl } from "./verify";
import { toApiError } from "../http/errors";

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function consentPage(callbackUrl: string, state: string, error?: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sign in with Google (local emulator)</title>
<style>body{font-family:system-ui,sans-serif;max-width:26rem;margin:4rem auto;padding:0 1rem;color:#202124}
label{display:block;margin:.75rem 0 .25rem}input{width:100%;padding:.5rem;font-size:1rem;box-sizing:border-box}
button{margin-top:1rem;padding:.6rem 1.2rem;font-size:1rem;background:#1a73e8;color:#fff;border:0;border-radius:4px;cursor:pointer}
.note{color:#5f6368;font-size:.9rem}.error{color:#b3261e}</style></head>
<body><h1>Sign in with Google</h1>
<p class="note">Local stand-in for Google's consent screen: nothing leaves this machine. A new address creates
an account with the password you choose; a known one signs in to it with its password.</p>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ""}
<form method="post" action="${escapeHtml(callbackUrl)}">
<input type="hidden" name="state" value="${escapeHtml(state)}">
<label for="email">Email</label><input id="email" name="email" type="email" required autocomplete="email" autofocus>
<label for="password">Password (a new address sets it; a known one needs its account's password)</label><input id="password" name="password" type="password" required autocomplete="current-password">
<label for="full_name">Full name (optional)</label><input id="full_name" name="full_name" autocomplete="name">
<button type="submit">Continue</button></form></body></html>`;
}

/** A stable Google-like subject per address, so the same email maps to the same identity. */
const googleSubject = (email: string) =>
  BigInt(`0x${createHash("sha256").update(email).digest("hex").slice(0, 15)}`).toString();

const wrongStandinPassword = () => new ApiError(400, "invalid_credentials", "Invalid login credentials");

async function proveStandinAccount(ctx: AuthContext, email: string, password: string): Promise<void> {
  if (!password) throw wrongStandinPassword();
  const standin = ctx.store.googleStandins.googleStandinHash(email);
  const existing = ctx.store.users.findUserByEmail(email);
  if (existing) ctx.limiter.assertAccountOpen(existing.id);
  const known = standin ?? existing?.encrypted_password ?? undefined;
  if (known === undefined && existing) throw wrongStandinPassword();
  if (known !== undefined) {
    if (!(await ctx.passwords.matches(password, known))) {
      if (existing) ctx.limiter.recordFailure(existing.id);
      throw wrongStandinPassword();
    }
    if (!standin) ctx.store.googleStandins.putGoogleStandin(email, known);
    return;
  }
  ctx.store.googleStandins.putGoogleStandin(email, await ctx.passwords.hash(password));
}

/** The claims Google's identity carries beyond sub/email (GoTrue's provider.Claims). */
const googleClaims = (sub: string, fullName: string | undefined) => ({
  iss: "https://accounts.google.com",
  provider_id: sub,
  ...(fullName ? { full_name: fullName, name: fullName } : {}),
});

function signInWithGoogle(ctx: AuthContext, email: string, fullName: string | undefined): UserRow {
  const sub = googleSubject(email);
  const identityData = googleClaims(sub, fullName);
  const linked = ctx.store.identities.findIdentity("google", sub);
  if (linked) {
    const user = ctx.store.users.findUserById(linked.user_id);
    if (user) return user;
  }
  const existing = ctx.store.users.findUserByEmail(email);
  if (existing) {
    // GoTrue links a verified provider email to the account that already has it.
    ctx.store.identities.insertIdentity({
      user_id: existing.id,
      provider: "google",
      provider_id: sub,
      email,
      last_sign_in_at: null,
      identity_data: { ...identityData, sub, email, email_verified: true, phone_verified: false },
    });
    const updated = ctx.store.users.updateUser(existing.id, { app_metadata: withProvider(existing, "google") });
    return confirmEmail(ctx, updated);
  }
  return createUser(ctx, {
    email,
    passwordHash: null,
    provider: "google",
    providerId: sub,
    userMetadata: {},
    metadataFrom: "identity",
    identityExtra: identityData,
    confirmed: true,
  });
}

/** The OAuth providers GoTrue knows (external.go Provider); only Google has a local stand-in. */
const KNOWN_PROVIDERS = new Set([
  "apple",
  "azure",
  "bitbucket",
  "discord",
  "facebook",
  "figma",
  "fly",
  "github",
  "gitlab",
  "google",
  "kakao",
  "keycloak",
  "linkedin",
  "linkedin_oidc",
  "notion",
  "snapchat",
  "spotify",
  "slack",
  "slack_oidc",
  "twitch",
  "twitter",
  "x",
  "vercel_marketplace",
  "workos",
  "zoom",
]);

/** GoTrue's answer for a provider it cannot use (external.go GetExternalProviderRedirectURL). */
function assertProviderEnabled(ctx: AuthContext, provider: string | undefined): void {
  const name = (provider ?? "").toLowerCase();
  if (!KNOWN_PROVIDERS.has(name))
    throw badRequest("validation_failed", `Unsupported provider: Provider ${name} could not be found`);
  if (name !== "google" || !ctx.settings.googleEnabled)
    throw badRequest("validation_failed", "Unsupported provider: provider is not enabled");
}

function formField(req: FastifyRequest, name: string): string | undefined {
  const body = req.body as Record<string, unknown> | undefined;
  const value = body && typeof body === "object" ? body[name] : undefined;
  return typeof value === "string" && value !== "" ? value : queryParam(req, name);
}

/** GoTrue's GetExternalProviderRedirectURL: a flow state whose id is the `state`; the local consent page. */
export function providerRedirectUrl(ctx: AuthContext, req: FastifyRequest, linkingTarget?: UserRow): string {
  assertProviderEnabled(ctx, queryParam(req, "provider"));
  const pkce = pkceParams({
    code_challenge: queryParam(req, "code_challenge"),
    code_challenge_method: queryParam(req, "code_challenge_method"),
  });
  const redirectTo = ctx.redirects.resolve(queryParam(req, "redirect_to"), req.headers.referer);
  const flow = createFlowState(ctx, pkce, {
    userId: null,
    provider: "google",
    method: "oauth",
    redirectTo,
    linkingTargetId: linkingTarget?.id,
  });
  return `${ctx.apiUrl}/emulator/google/consent?state=${flow.id}`;
}

/** Codes GoTrue's getErrorQueryString names access_denied whatever their status. */
const ACCESS_DENIED_CODES = new Set(["signup_disabled", "user_banned", "provider_email_needs_verification"]);

/** A callback failure goes back to the app as GoTrue's redirectErrors sends it (query and fragment). */
function callbackErrorUrl(base: string, err: ApiError, inFragment = true): string {
  const oauthError: Record<number, string> = {
    400: "invalid_request",
    401: "unauthorized_client",
    403: "access_denied",
    500: "server_error",
    503: "temporarily_unavailable",
  };
  const error = ACCESS_DENIED_CODES.has(err.code) ? "access_denied" : (oauthError[err.status] ?? "server_error");
  const params = new URLSearchParams({ error, error_code: err.code, error_description: err.message });
  const url = new URL(base.split("#")[0] as string);
  for (const [k, v] of params) url.searchParams.set(k, v);
  if (!inFragment) return url.toString();
  params.set("sb", "");
  return `${url.toString()}#${params.toString()}`;
}

/** Manual linking (api.linkIdentityToUser): the Google identity joins the flow's target user. */
function linkGoogle(ctx: AuthContext, flow: FlowStateRow, email: string, fullName: string | undefined): UserRow {
  const target = flow.linking_target_id ? ctx.store.users.findUserById(flow.linking_target_id) : undefined;
  if (!target) throw notFound("user_not_found", "User not found");
  const sub = googleSubject(email);
  return linkIdentityToUser(ctx, target, {
    provider: "google",
    providerId: sub,
    email,
    data: googleClaims(sub, fullName),
  });
}

export function registerOAuthRoutes(app: FastifyInstance, ctx: AuthContext): void {
  app.get("/authorize", async (req, reply) => reply.redirect(providerRedirectUrl(ctx, req), 302));

  app.get("/emulator/google/consent", async (req, reply) => {
    assertProviderEnabled(ctx, "google");
    const state = queryParam(req, "state") ?? "";
    if (!ctx.store.flowStates.findFlowState(state))
      throw notFound("flow_state_not_found", "invalid flow state, no valid flow state found");
    return reply.type("text/html; charset=utf-8").send(consentPage(`${ctx.apiUrl}/callback`, state));
  });

  const callback = async (req: FastifyRequest, reply: FastifyReply) => {
    assertProviderEnabled(ctx, "google");
    const state = formField(req, "state") ?? "";
    const flow = state ? ctx.store.flowStates.findFlowState(state) : undefined;
    // loadFlowState: a missing or unknown state goes back to the site with the error in the query.
    if (!flow) {
      const err = state
        ? badRequest("bad_oauth_state", "OAuth state not found or expired")
        : badRequest("bad_oauth_callback", "OAuth state parameter missing");
      return reply.redirect(callbackErrorUrl(ctx.redirects.siteUrl, err, false), 303);
    }
    const redirectTo = flow.redirect_to ?? ctx.redirects.siteUrl;
    const isPkce = flow.code_challenge !== "";
    const retry = (err: unknown) =>
      reply
        .type("text/html; charset=utf-8")
        .status(toApiError(err).status)
        .send(consentPage(`${ctx.apiUrl}/callback`, flow.id, toApiError(err).message));
    let email: string;
    try {
      email = normalizeEmail(formField(req, "email"));
      await proveStandinAccount(ctx, email, formField(req, "password") ?? "");
    } catch (err) {
      return retry(err);
    }
    let user: UserRow;
    try {
      user = flow.linking_target_id
        ? linkGoogle(ctx, flow, email, formField(req, "full_name"))
        : signInWithGoogle(ctx, email, formField(req, "full_name"));
    } catch (err) {
      ctx.store.flowStates.deleteFlowState(flow.id);
      return reply.redirect(callbackErrorUrl(redirectTo, toApiError(err)), 302);
    }
    if (isBanned(user)) {
      ctx.store.flowStates.deleteFlowState(flow.id);
      return reply.redirect(callbackErrorUrl(redirectTo, forbidden("user_banned", "User is banned")), 302);
    }
    if (isPkce) {
      ctx.store.flowStates.setFlowStateUser(flow.id, user.id);
      const url = new URL(redirectTo);
      url.searchParams.set("code", flow.auth_code);
      return reply.redirect(url.toString(), 302);
    }
    ctx.store.flowStates.deleteFlowState(flow.id);
    const session = await startSession(ctx, user, "oauth");
    return reply.redirect(
      sessionFragmentUrl(redirectTo, session, { provider_token: "emulated-google-access-token" }),
      302,
    );
  };
  app.get("/callback", callback);
  app.post("/callback", callback);
}
