import { describe, expect, it } from "vitest";
import { hasRoles, rolesFromClaims } from "./roles";

describe("roles", () => {
  it("reads known roles from app_metadata.roles and ignores anything else", () => {
    expect(rolesFromClaims({ app_metadata: { roles: ["user", "bogus", 3, "admin"] } })).toEqual(["user", "admin"]);
    expect(rolesFromClaims({ app_metadata: {} })).toEqual([]);
    expect(rolesFromClaims(null)).toEqual([]);
  });

  it("checks any-of by default, all-of when asked, or a single role", () => {
    expect(hasRoles(["user"], ["admin", "user"])).toBe(true);
    expect(hasRoles(["onboarding"], ["admin", "user"])).toBe(false);
    expect(hasRoles(["user"], { anyOf: ["super", "user"] })).toBe(true);
    expect(hasRoles(["user"], { allOf: ["admin", "user"] })).toBe(false);
    expect(hasRoles(["admin", "user"], { allOf: ["admin", "user"] })).toBe(true);
    expect(hasRoles(["admin"], "user")).toBe(false);
    expect(hasRoles(["user"], "user")).toBe(true);
  });
});
