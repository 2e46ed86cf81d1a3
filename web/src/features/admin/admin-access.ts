// Who may see the admin area (spec §2, §6, issue 7): a localhost host (it is a development tool)
// and the admin or super role (the server enforces the role again on every call).
import { hasRoles, STAFF_ROLES, type Role } from "@/lib/roles";

export function canUseAdminArea(roles: readonly Role[], isLocalhostHost: boolean): boolean {
  return isLocalhostHost && hasRoles(roles, STAFF_ROLES);
}
