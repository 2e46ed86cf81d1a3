import { describe, expect, it } from "vitest";
import { canUseAdminArea } from "@/lib/roles";
import { MAIN_SECTIONS, menuFor, menuNeedsMet } from "./menu-model";

describe("side menu rules (requirements §6)", () => {
  it("shows the main sections to user, admin or super, with empty-target links", () => {
    const { main } = menuFor(["user"], false);
    expect(main.map((s) => s.title)).toEqual([null, "Accounts", "People", "Documents"]);
    const links = main.flatMap((s) => s.links);
    expect(links.filter((l) => l.href === null).map((l) => l.label)).toEqual(["Payments", "Needs review", "Archived"]);
    expect(links.map((l) => l.href).filter(Boolean)).toEqual([
      "/",
      "/edit-foundation",
      "/edit-daf",
      "/ria",
      "/edit-profile",
      "/edit-others",
    ]);
  });

  it("shows 'Restricted' for other roles and the dev link only to those who can use it (staff, on localhost)", () => {
    expect(menuFor(["onboarding"], true)).toEqual({ main: [], admin: { kind: "restricted" } });
    // A founder (role user) would only meet 'Restricted' on /admin: no link.
    expect(menuFor(["user"], true).admin).toEqual({ kind: "links", links: [] });
    for (const roles of [["user"], ["admin"], ["super"], ["user", "admin"], ["onboarding"]] as const) {
      for (const localhost of [true, false]) {
        const linked = menuFor(roles, localhost).admin;
        expect(linked.kind === "links" && linked.links.length === 1).toBe(canUseAdminArea(roles, localhost));
      }
    }
    expect(menuFor(["admin"], true).admin).toEqual({
      kind: "links",
      links: [{ label: "User Management (Dev)", href: "/admin" }],
    });
    expect(menuFor(["admin"], false).admin).toEqual({ kind: "links", links: [] });
  });

  it("flags the edit entries that have nothing yet: a new founder's four, then none once the data exists", () => {
    const flagged = (data: Parameters<typeof menuNeedsMet>[0]) => {
      const met = menuNeedsMet(data);
      return MAIN_SECTIONS.flatMap((s) => s.links)
        .filter((l) => l.needs && !met[l.needs])
        .map((l) => l.label);
    };
    expect(flagged({ organizations: [], account: { primary_account_holder: null } })).toEqual([
      "Foundation",
      "Donor-advised fund",
      "Founder",
      "Other owners",
    ]);
    expect(
      flagged({ organizations: [{ donor_advised_fund: null }], account: { primary_account_holder: { person_id: 1 } } }),
    ).toEqual(["Donor-advised fund"]);
    expect(
      flagged({
        organizations: [{ donor_advised_fund: "Investor's Philanthropic" }],
        account: { primary_account_holder: { person_id: 1 } },
      }),
    ).toEqual([]);
    // While the data loads nothing is flagged (no flash of 'Nothing yet').
    expect(flagged(undefined)).toEqual([]);
  });
});
