// Every role check in the web goes through the contract's one rule source (spec §6), shared with the
// server's route checks.
export {
  ACCOUNT_HOLDER_ROLE,
  MAIN_MENU_ROLES,
  STAFF_ROLES,
  hasRoles,
  rolesFromClaims,
  type Role,
  type RoleRequirement,
} from "@contract/roles";
