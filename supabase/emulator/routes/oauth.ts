// Social sign-in without the internet. GET /authorize?provider=google records a flow state and
// redirects (302) to a small local consent page that stands in for Google; the developer types
// an email, and GET /callback signs that person in (creating or linking the account) and
// redirects back to redirect_to exactly like GoTrue's real callback: the session in the
// fragment (implicit flow) or ?code= (PKCE).
import type { FastifyInstance } from "fastify";
import { createHash } from "node:crypto";
import type { AuthContext } from "../context";
import { badRequest, notFound } from "../errors";
import { createUser, confirmEmail, isBanned, withProvider } from "../accounts";
import { normalizeEmail } from "../passwords";
import { createFlowState, pkceParams } from "../pkce";
import { startSession } from "../sessions";
import type { UserRow } from "../store";
import { queryParam } from "../http/body";
import { errorRedirectUrl, sessionFragmentUrl } from "./verify";
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
<p class="note">Local stand-in for Google's consent screen: nothing leaves this machine. Any address works;
a new one creates an account, a known one signs in to it.</p>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ""}
<form method="get" action="${escapeHtml(callbackUrl)}">
<input type="hidden" name="state" value="${escapeHtml(state)}">
<label for="email">Email</label><input id="email" name="email" type="email" required autocomplete="email" autofocus>
<label for="full_name">Full name (optional)</label><input id="full_name" name="full_name" autocomplete="name">
<button type="submit">Continue</button></form></body></html>`;
}

/** A stable Google-like subject per address, so the same email maps to the same identity. */
const googleSubject = (email: string) => BigInt(`0x${createHash("sha256").update(email).digest("hex").slice(0, 15)}`).toString();

function signInWithGoogle(ctx: AuthContext, email: string, fullName: string | undefined): UserRow {
  const sub = googleSubject(email);
  const identityData = {
    iss: "https://accounts.google.com",
    provider_id: sub,
    ...(fullName ? { full_name: fullName, name: fullName } : {}),
  };
  const linked = ctx.store.findIdentity("google", sub);
  if (linked) {
    const user = ctx.store.findUserById(linked.user_id);
    if (user) return user;
  }
  const existing = ctx.store.findUserByEmail(email);
  if (existing) {
    // GoTrue links a verified provider email to the account that already has it.
    ctx.store.insertIdentity({
      user_id: existing.id, provider: "google", provider_id: sub, email, last_sign_in_at: null,
      identity_data: { ...identityData, sub, email, email_verified: true, phone_verified: false },
    });
    const updated = ctx.store.updateUser(existing.id, { app_metadata: withProvider(existing, "google") });
    return confirmEmail(ctx, updated);
  }
  return createUser(ctx, {
    email, passwordHash: null, provider: "google", providerId: sub, userMetadata: {}, identityExtra: identityData, confirmed: true,
  });
}

export function registerOAuthRoutes(app: FastifyInstance, ctx: AuthContext): void {
  app.get("/authorize", async (req, reply) => {
    const provider = queryParam(req, "provider");
    if (!provider) throw badRequest("validation_failed", "Unsupported provider: missing provider");
    if (provider !== "google" || !ctx.settings.googleEnabled) throw badRequest("validation_failed", "Unsupported provider: provider is not enabled");
    const pkce = pkceParams({ code_challenge: queryParam(req, "code_challenge"), code_challenge_method: queryParam(req, "code_challenge_method") });
    const redirectTo = ctx.redirects.resolve(queryParam(req, "redirect_to"), req.headers.referer);
    const flow = createFlowState(ctx, pkce, { userId: null, provider: "google", method: "oauth", redirectTo });
    return reply.redirect(`${ctx.apiUrl}/emulator/google/consent?state=${flow.id}`, 302);
  });

  app.get("/emulator/google/consent", async (req, reply) => {
    const state = queryParam(req, "state") ?? "";
    if (!ctx.store.findFlowState(state)) throw notFound("flow_state_not_found", "invalid flow state, no valid flow state found");
    return reply.type("text/html; charset=utf-8").send(consentPage(`${ctx.apiUrl}/callback`, state));
  });

  app.get("/callback", async (req, reply) => {
    const flow = ctx.store.findFlowState(queryParam(req, "state") ?? "");
    if (!flow) throw notFound("flow_state_not_found", "invalid flow state, no valid flow state found");
    const redirectTo = flow.redirect_to ?? ctx.redirects.siteUrl;
    const isPkce = flow.code_challenge !== "";
    let email: string;
    try {
      email = normalizeEmail(queryParam(req, "email"));
    } catch (err) {
      return reply.type("text/html; charset=utf-8").status(400).send(consentPage(`${ctx.apiUrl}/callback`, flow.id, toApiError(err).message));
    }
    const user = signInWithGoogle(ctx, email, queryParam(req, "full_name"));
    if (isBanned(user)) {
      ctx.store.deleteFlowState(flow.id);
      return reply.redirect(errorRedirectUrl(redirectTo, badRequest("user_banned", "User is banned"), isPkce), 303);
    }
    if (isPkce) {
      ctx.store.setFlowStateUser(flow.id, user.id);
      const url = new URL(redirectTo);
      url.searchParams.set("code", flow.auth_code);
      return reply.redirect(url.toString(), 302);
    }
    ctx.store.deleteFlowState(flow.id);
    const session = await startSession(ctx, user, "oauth");
    return reply.redirect(sessionFragmentUrl(redirectTo, session, { provider_token: "emulated-google-access-token" }), 302);
  });
}
