// Whether a verified token's session still stands, as Supabase advises (GET /auth/v1/user with the
// caller's token): signed out or deleted is refused; the answer carries ban, roles and factors.
import { rolesFromClaims, type Role } from "../contract/roles";

/** @internal */ export interface SessionStatus {
  /** The user's roles now (a role removed since the token was issued is gone here). */
  roles: Role[];
  /** A verified second factor: every API call then needs an aal2 token. */
  hasVerifiedFactor: boolean;
}

export type SessionCheck = (token: string) => Promise<SessionStatus>;

/** The session was signed out, the user deleted or banned: the token must open nothing. */
export class RevokedSessionError extends Error {}
/** The auth service could not be asked: fail closed, as a temporary condition. */
export class AuthServiceUnavailableError extends Error {}

interface GoTrueUserAnswer {
  banned_until?: string | null;
  app_metadata?: unknown;
  factors?: { status?: string }[] | null;
}

export function createSessionCheck(auth: { url: string; anonKey: string }, now: () => number = Date.now): SessionCheck {
  const userUrl = `${auth.url.replace(/\/+$/, "")}/auth/v1/user`;
  return async (token) => {
    let res: Response;
    try {
      res = await fetch(userUrl, {
        headers: { apikey: auth.anonKey, authorization: `Bearer ${token}` },
        signal: AbortSignal.timeout(5_000),
      });
    } catch {
      throw new AuthServiceUnavailableError("The auth service is unreachable");
    }
    if (res.status === 401 || res.status === 403 || res.status === 404) {
      const body = (await res.json().catch(() => ({}))) as { error_code?: string; code?: string };
      throw new RevokedSessionError(
        `Session refused by the auth service (${body.error_code ?? body.code ?? res.status})`,
      );
    }
    if (!res.ok) throw new AuthServiceUnavailableError(`The auth service answered ${res.status}`);
    const user = (await res.json()) as GoTrueUserAnswer;
    if (user.banned_until && Date.parse(user.banned_until) > now()) throw new RevokedSessionError("User is banned");
    return {
      roles: rolesFromClaims(user),
      hasVerifiedFactor: (user.factors ?? []).some((f) => f.status === "verified"),
    };
  };
}
