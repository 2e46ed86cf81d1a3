// Reads (never verifies: the server does that) the claims of the access token for role checks
// and the debug panel.
export interface TokenClaims {
  sub?: string;
  email?: string;
  aal?: string;
  exp?: number;
  account_id?: number | string;
  app_metadata?: { roles?: unknown; [k: string]: unknown };
  [k: string]: unknown;
}

export function decodeJwtPayload(token: string | null | undefined): TokenClaims | null {
  if (!token) return null;
  const part = token.split(".")[1];
  if (!part) return null;
  try {
    const b64 = part
      .replace(/-/g, "+")
      .replace(/_/g, "/")
      .padEnd(Math.ceil(part.length / 4) * 4, "=");
    const json = decodeURIComponent(
      Array.from(atob(b64), (c) => `%${c.charCodeAt(0).toString(16).padStart(2, "0")}`).join(""),
    );
    const claims: unknown = JSON.parse(json);
    return claims && typeof claims === "object" ? (claims as TokenClaims) : null;
  } catch {
    return null;
  }
}
