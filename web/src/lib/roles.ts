// Spec §6: roles come from the token claim app_metadata.roles. Every role check in the web goes
// through this module: any-of by default, all-of when asked, or a single role.
import { ROLES, type Role } from "@contract/rules";
import type { TokenClaims } from "./jwt";

export type { Role };

export function rolesFromClaims(claims: TokenClaims | null | undefined): Role[] {
  const raw = claims?.app_metadata?.roles;
  if (!Array.isArray(raw)) return [];
  return raw.filter((r): r is Role => typeof r === "string" && (ROLES as readonly string[]).includes(r));
}

export type RoleRequirement = Role | { anyOf: readonly Role[] } | { allOf: readonly Role[] };

export function hasRoles(userRoles: readonly Role[], required: RoleRequirement | readonly Role[]): boolean {
  if (typeof required === "string") return userRoles.includes(required);
  if (Array.isArray(required)) return required.some((r) => userRoles.includes(r));
  if ("allOf" in required) return required.allOf.every((r) => userRoles.includes(r));
  if ("anyOf" in required) return required.anyOf.some((r) => userRoles.includes(r));
  return false;
}

/** Main side-menu section and its admin sub-part (spec §6). */
export const MAIN_MENU_ROLES = { anyOf: ["user", "admin", "super"] } as const satisfies RoleRequirement;
/** Screens that need an account holder (spec §6). */
export const ACCOUNT_HOLDER_ROLE: Role = "user";
