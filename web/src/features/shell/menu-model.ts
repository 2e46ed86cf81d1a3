// The side menu of requirements §2/§6 as data: sections, links (empty target = not yet a page), and the
// visibility rules (main section for user/admin/super; the admin part shows 'Restricted' without
// those roles; the dev-only user-management link shows exactly to those the admin screen lets in).
import { paths } from "@/config/paths";
import { canUseAdminArea, hasRoles, MAIN_MENU_ROLES, type Role } from "@/lib/roles";

/** What an edit screen needs before there is anything on it to edit. */
export type MenuNeed = "organization" | "daf" | "profile";

export interface MenuLink {
  label: string;
  /** null: a link with an empty target (Payments, Needs review, Archived). */
  href: string | null;
  /** The entry says 'Nothing yet' until the founder has this (docs/decisions/0097). */
  needs?: MenuNeed;
}

export interface MenuSection {
  title: string | null;
  links: MenuLink[];
}

/** @internal */ export const MAIN_SECTIONS: MenuSection[] = [
  { title: null, links: [{ label: "Dashboard", href: paths.dashboard.getHref() }] },
  {
    title: "Accounts",
    links: [
      { label: "Foundation", href: paths.editFoundation.getHref(), needs: "organization" },
      { label: "Donor-advised fund", href: paths.editDaf.getHref(), needs: "daf" },
      { label: "Risk management", href: paths.ria.getHref() },
      { label: "Payments", href: null },
    ],
  },
  {
    title: "People",
    links: [
      { label: "Founder", href: paths.editProfile.getHref(), needs: "profile" },
      { label: "Other owners", href: paths.editOthers.getHref(), needs: "organization" },
    ],
  },
  {
    title: "Documents",
    links: [
      { label: "Needs review", href: null },
      { label: "Archived", href: null },
    ],
  },
];

/** What the founder has so far, from the account's data (undefined while it loads: nothing is flagged). */
export function menuNeedsMet(
  data:
    | {
        organizations: ReadonlyArray<{ donor_advised_fund: string | null }>;
        account: { primary_account_holder: unknown };
      }
    | undefined,
): Record<MenuNeed, boolean> {
  if (!data) return { organization: true, daf: true, profile: true };
  const organization = data.organizations[0];
  return {
    organization: Boolean(organization),
    daf: Boolean(organization?.donor_advised_fund),
    profile: Boolean(data.account.primary_account_holder),
  };
}

export type AdminMenu = { kind: "restricted" } | { kind: "links"; links: MenuLink[] };

export function menuFor(roles: readonly Role[], isLocalhostHost: boolean): { main: MenuSection[]; admin: AdminMenu } {
  const allowed = hasRoles(roles, MAIN_MENU_ROLES);
  return {
    main: allowed ? MAIN_SECTIONS : [],
    admin: allowed
      ? {
          kind: "links",
          links: canUseAdminArea(roles, isLocalhostHost)
            ? [{ label: "User Management (Dev)", href: paths.admin.getHref() }]
            : [],
        }
      : { kind: "restricted" },
  };
}
