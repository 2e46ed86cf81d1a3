// Requirements §6's roles (token claim app_metadata.roles), read by the web's guards and the API's
// checks alike, so what the web hides the API refuses. Pure module: no Node or browser imports.
export const ROLES = ["admin", "super", "user", "onboarding"] as const;
export type Role = (typeof ROLES)[number];

export type RoleRequirement = Role | { anyOf: readonly Role[] } | { allOf: readonly Role[] };

/** Known roles of a token's claims; anything else (unknown names, wrong types, roles outside app_metadata) is ignored. */
export function rolesFromClaims(claims: object | null | undefined): Role[] {
  const appMetadata = (claims as { app_metadata?: unknown } | null | undefined)?.app_metadata;
  if (!appMetadata || typeof appMetadata !== "object") return [];
  const raw = (appMetadata as { roles?: unknown }).roles;
  if (!Array.isArray(raw)) return [];
  // The claim's own order (the debug panel shows it as given), each known role once.
  return [...new Set(raw.filter((r): r is Role => typeof r === "string" && (ROLES as readonly string[]).includes(r)))];
}

export function hasRoles(userRoles: readonly Role[], required: RoleRequirement | readonly Role[]): boolean {
  if (typeof required === "string") return userRoles.includes(required);
  if (Array.isArray(required)) return required.some((r) => userRoles.includes(r));
  if ("allOf" in required) return required.allOf.every((r) => userRoles.includes(r));
  if ("anyOf" in required) return required.anyOf.some((r) => userRoles.includes(r));
  return false;
}

/** Main side-menu section and its admin sub-part. */
export const MAIN_MENU_ROLES = { anyOf: ["user", "admin", "super"] } as const satisfies RoleRequirement;
/** The edit screens, the risk questionnaire, and the API writes behind them. */
export const ACCOUNT_HOLDER_ROLE = "user" as const satisfies Role;
/** Staff: may read every account and use the (dev-only) user management. */
export const STAFF_ROLES = { anyOf: ["admin", "super"] } as const satisfies RoleRequirement;
