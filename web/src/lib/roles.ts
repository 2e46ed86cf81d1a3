// Every role check in the web goes through the contract's one rule source (requirements §6), shared with the
// server's route checks.
export {
  ACCOUNT_HOLDER_ROLE,
  MAIN_MENU_ROLES,
  hasRoles,
  rolesFromClaims,
  type Role,
  type RoleRequirement,
} from "@contract/roles";

import { hasRoles as has, STAFF_ROLES as STAFF, type Role as R } from "@contract/roles";

/**
 * Who may use the dev-only User Management (/admin): a localhost host (it is a development tool)
 * and a staff role (the server enforces the role again on every call). The admin screen's guard
 * and the side menu's link both read this, so the link shows exactly to those who can use it.
 */
export function canUseAdminArea(roles: readonly R[], isLocalhostHost: boolean): boolean {
  return isLocalhostHost && has(roles, STAFF);
}
