import { describe, expect, it } from "vitest";
import { canAccessAccount, isStaff, type Caller } from "./authz";
import { rolesFromClaims as rolesOf } from "./contract/roles";

const caller = (roles: Caller["roles"], accountId: number | null = 1): Caller => ({
  userId: "u",
  email: null,
  roles,
  aal: "aal1",
  accountId,
});

describe("account access rules", () => {
  it("lets a caller read and write only their own account", () => {
    expect(canAccessAccount(caller(["user"]), 1, "write")).toBe(true);
    expect(canAccessAccount(caller(["user"]), 2, "read")).toBe(false);
    expect(canAccessAccount(caller(["user"], null), 1, "read")).toBe(false);
  });

  it("lets admin and super read, never write, other accounts", () => {
    for (const role of ["admin", "super"] as const) {
      expect(isStaff(caller([role]))).toBe(true);
      expect(canAccessAccount(caller([role], null), 2, "read")).toBe(true);
      expect(canAccessAccount(caller([role], null), 2, "write")).toBe(false);
    }
    expect(isStaff(caller(["user", "onboarding"]))).toBe(false);
  });

  it("reads roles from app_metadata.roles only, ignoring unknown values", () => {
    expect(rolesOf({ app_metadata: { roles: ["admin", "root", 3] } })).toEqual(["admin"]);
    expect(rolesOf({ roles: ["admin"] })).toEqual([]);
    expect(rolesOf({ user_metadata: { roles: ["admin"] } })).toEqual([]);
    expect(rolesOf({ app_metadata: { roles: "admin" } })).toEqual([]);
  });
});
