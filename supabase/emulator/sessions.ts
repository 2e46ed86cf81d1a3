// Sessions as GoTrue models them: a session row carries the assurance level and the AMR list,
// refresh tokens form a rotation chain per session, and each access token is a fresh JWT built
// from the user and session at the moment it is issued.
import { randomFillSync, randomUUID } from "node:crypto";
import type { AuthContext } from "./context";
import { badRequest } from "./errors";
import { nowIso, nowSeconds, isoToMs } from "./clock";
import type { AmrEntry, IdentityRow, RefreshTokenRow, SessionRow, UserRow } from "./store";
import { userJson } from "./serialize";
import { createUser, type NewUser } from "./accounts";

export interface SessionResponse {
  access_token: string;
  token_type: "bearer";
  expires_in: number;
  expires_at: number;
  refresh_token: string;
  user: Record<string, unknown>;
  weak_password?: { message: string; reasons: string[] };
}

const ALPHANUMERIC = "abcdefghijklmnopqrstuvwxyz0123456789";
const TOKEN_LENGTH = 12;

/** Random bytes for refresh tokens, refilled a few hundred tokens at a time: one CSPRNG call per token cost more than the rest of making it. */
const entropy = Buffer.alloc(TOKEN_LENGTH * 256);
let entropyUsed = entropy.length;

/** GoTrue's default refresh token: 12 random [a-z0-9] characters. */
function newRefreshTokenString(): string {
  if (entropyUsed + TOKEN_LENGTH > entropy.length) {
    randomFillSync(entropy);
    entropyUsed = 0;
  }
  let token = "";
  for (let i = entropyUsed; i < entropyUsed + TOKEN_LENGTH; i++)
    token += ALPHANUMERIC[(entropy[i] ?? 0) % ALPHANUMERIC.length];
  entropyUsed += TOKEN_LENGTH;
  return token;
}

/** aal2 iff a second factor is among the session's methods (models/sessions.go CalculateAALAndAMR). */
function aalFor(amr: AmrEntry[]): SessionRow["aal"] {
  return amr.some((a) => a.method === "totp" || a.method === "mfa/phone" || a.method === "mfa/webauthn")
    ? "aal2"
    : "aal1";
}

async function accessToken(
  ctx: AuthContext,
  user: UserRow,
  session: SessionRow,
): Promise<{ token: string; exp: number; iat: number }> {
  const iat = nowSeconds();
  const exp = iat + ctx.settings.jwtExpiry;
  // Most recent first; within one second, the method added last counts as the more recent.
  const amr = [...session.amr].reverse().sort((a, b) => b.timestamp - a.timestamp);
  const token = await ctx.keys.signUserToken(
    {
      sub: user.id,
      aud: "authenticated",
      email: user.email,
      phone: user.phone,
      app_metadata: user.app_metadata,
      user_metadata: user.user_metadata,
      role: user.role || "authenticated",
      aal: session.aal,
      amr,
      session_id: session.id,
      is_anonymous: user.is_anonymous,
    },
    exp,
    iat,
  );
  return { token, exp, iat };
}

async function sessionResponse(
  ctx: AuthContext,
  user: UserRow,
  session: SessionRow,
  refresh: RefreshTokenRow,
  identities?: IdentityRow[],
): Promise<SessionResponse> {
  const { token, exp } = await accessToken(ctx, user, session);
  return {
    access_token: token,
    token_type: "bearer",
    expires_in: exp - nowSeconds(),
    expires_at: exp,
    refresh_token: refresh.token,
    user: userJson(ctx.store, user, identities),
  };
}

/** A session's row and its first refresh token, inside the caller's transaction. */
function insertSession(ctx: AuthContext, userId: string, method: string) {
  const session = ctx.store.sessions.insertSession({
    id: randomUUID(),
    user_id: userId,
    aal: "aal1",
    amr: [{ method, timestamp: nowSeconds() }],
    factor_id: null,
  });
  const refresh = ctx.store.sessions.insertRefreshToken({
    token: newRefreshTokenString(),
    session_id: session.id,
    user_id: userId,
    parent: null,
  });
  return { session, refresh };
}

/** A new session signed in by `method` (password, otp, oauth, …); records last_sign_in_at. */
export async function startSession(ctx: AuthContext, user: UserRow, method: string): Promise<SessionResponse> {
  const { session, refresh, signedIn, identities } = ctx.store.transaction(() => {
    const now = nowIso();
    return {
      ...insertSession(ctx, user.id, method),
      signedIn: ctx.store.users.recordSignIn(user.id, now),
      identities: ctx.store.identities.recordSignIn(user.id, now),
    };
  });
  return sessionResponse(ctx, signedIn, session, refresh, identities);
}

/**
 * A sign-up that signs in at once (confirmations off): the user, made already stamped as signed in, and its
 * session in one transaction, as startSession would leave them after createUser, with one commit and no updates.
 */
export async function signUpWithSession(ctx: AuthContext, newUser: NewUser, method: string): Promise<SessionResponse> {
  const { user, session, refresh } = ctx.store.transaction(() => {
    const user = createUser(ctx, { ...newUser, signedInAt: nowIso() });
    return { user, ...insertSession(ctx, user.id, method) };
  });
  return sessionResponse(ctx, user, session, refresh);
}

/** Revokes `current` and issues its child (GoTrue's GrantRefreshTokenSwap). */
function swapRefreshToken(ctx: AuthContext, current: RefreshTokenRow): RefreshTokenRow {
  ctx.store.sessions.revokeRefreshToken(current.id);
  return ctx.store.sessions.insertRefreshToken({
    token: newRefreshTokenString(),
    session_id: current.session_id,
    user_id: current.user_id,
    parent: current.token,
  });
}

const notFound = () => badRequest("refresh_token_not_found", "Invalid Refresh Token: Refresh Token Not Found");

/**
 * grant_type=refresh_token with GoTrue's rules: rotate; a revoked token that is the parent of
 * the active one returns the active one (the client lost the last answer); a revoked token
 * reused within refresh_token_reuse_interval gets a new child; later reuse revokes the family.
 */
export async function refreshSession(ctx: AuthContext, tokenString: string): Promise<SessionResponse> {
  const outcome = ctx.store.transaction(() => {
    const token = ctx.store.sessions.findRefreshToken(tokenString);
    if (!token) throw notFound();
    const session = ctx.store.sessions.findSession(token.session_id);
    const user = ctx.store.users.findUserById(token.user_id);
    if (!session || !user) throw notFound();
    if (user.banned_until && isoToMs(user.banned_until) > Date.now()) throw notFound();
    if (!token.revoked) {
      return { user, session, next: ctx.settings.refreshTokenRotation ? swapRefreshToken(ctx, token) : token };
    }
    const active = ctx.store.sessions.activeRefreshToken(session.id);
    if (active && active.parent === token.token) return { user, session, next: active };
    const reuseUntil = isoToMs(token.updated_at) + ctx.settings.refreshTokenReuseInterval * 1000;
    if (Date.now() > reuseUntil) {
      ctx.store.sessions.revokeSessionTokens(session.id);
      return { alreadyUsed: true as const };
    }
    const child = ctx.store.sessions.insertRefreshToken({
      token: newRefreshTokenString(),
      session_id: session.id,
      user_id: user.id,
      parent: token.token,
    });
    return { user, session, next: child };
  });
  // The family revocation must be committed before answering, so the error leaves the transaction.
  if ("alreadyUsed" in outcome) throw badRequest("refresh_token_already_used", "Invalid Refresh Token: Already Used");
  return sessionResponse(ctx, outcome.user, outcome.session, outcome.next);
}

/** The AMR methods of second factors (models.AuthenticationMethod). */
const FACTOR_METHODS = new Set(["totp", "mfa/phone", "mfa/webauthn"]);

/** After a verified second factor: add its method (`totp`, `mfa/webauthn`) to the AMR, raise to aal2, rotate the refresh token. */
export async function upgradeSessionWithFactor(
  ctx: AuthContext,
  user: UserRow,
  session: SessionRow,
  factorId: string,
  method: "totp" | "mfa/webauthn",
): Promise<SessionResponse> {
  const { updated, next } = ctx.store.transaction(() => {
    const amr = [...session.amr.filter((a) => a.method !== method), { method, timestamp: nowSeconds() }];
    ctx.store.sessions.updateSession(session.id, { aal: aalFor(amr), amr, factor_id: factorId });
    const current = ctx.store.sessions.activeRefreshToken(session.id);
    const next = current
      ? swapRefreshToken(ctx, current)
      : ctx.store.sessions.insertRefreshToken({
          token: newRefreshTokenString(),
          session_id: session.id,
          user_id: user.id,
          parent: null,
        });
    const updated = ctx.store.sessions.findSession(session.id);
    if (!updated) throw new Error("session vanished during MFA upgrade");
    return { updated, next };
  });
  return sessionResponse(ctx, user, updated, next);
}

/** Unenrolling a factor drops the second-factor AMR claims from the sessions it raised (DowngradeSessionsToAAL1). */
export function downgradeSessionsOfFactor(ctx: AuthContext, userId: string, factorId: string): void {
  for (const s of ctx.store.sessions.sessionsOf(userId)) {
    if (s.factor_id !== factorId) continue;
    const amr = s.amr.filter((a) => !FACTOR_METHODS.has(a.method));
    ctx.store.sessions.updateSession(s.id, { aal: aalFor(amr), amr, factor_id: null });
  }
}
