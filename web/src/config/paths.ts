// Every route of requirements §2 in one place, with the page title each shows (before the product's
// name in the browser's tab); features link with paths.x.getHref(...).
export const paths = {
  dashboard: { path: "/", title: "Dashboard", getHref: () => "/" },
  signIn: {
    path: "/sign-in",
    title: "Sign in",
    getHref: (redirect?: string) => (redirect ? `/sign-in?redirect=${encodeURIComponent(redirect)}` : "/sign-in"),
  },
  chooseStrategy: { path: "/create-foundation", title: "Choose strategy", getHref: () => "/create-foundation" },
  createFoundationStep: {
    path: "/create-foundation/:strategyId/:step",
    title: "Create your Founder Foundation",
    getHref: (strategyId: number | string, step: number | string) => `/create-foundation/${strategyId}/${step}`,
  },
  editProfile: { path: "/edit-profile", title: "Edit Profile", getHref: () => "/edit-profile" },
  editDaf: { path: "/edit-daf", title: "Edit DAF", getHref: () => "/edit-daf" },
  editFoundation: { path: "/edit-foundation", title: "Edit Foundation", getHref: () => "/edit-foundation" },
  editOthers: { path: "/edit-others", title: "Other owners", getHref: () => "/edit-others" },
  ria: { path: "/ria", title: "RIA Risk Advisor", getHref: () => "/ria" },
  admin: { path: "/admin", title: "Admin", getHref: () => "/admin" },
} as const;

const PRODUCT_NAME = "Founder Foundation";

/** The browser tab's title for a screen: its own, then the product's. */
export function documentTitle(title: string): string {
  return `${title} · ${PRODUCT_NAME}`;
}
