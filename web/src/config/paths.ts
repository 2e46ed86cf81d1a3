// Every route of requirements §2 in one place; features link with paths.x.getHref(...).
export const paths = {
  dashboard: { path: "/", getHref: () => "/" },
  signIn: {
    path: "/sign-in",
    getHref: (redirect?: string) => (redirect ? `/sign-in?redirect=${encodeURIComponent(redirect)}` : "/sign-in"),
  },
  chooseStrategy: { path: "/create-foundation", getHref: () => "/create-foundation" },
  createFoundationStep: {
    path: "/create-foundation/:strategyId/:step",
    getHref: (strategyId: number | string, step: number | string) => `/create-foundation/${strategyId}/${step}`,
  },
  editProfile: { path: "/edit-profile", getHref: () => "/edit-profile" },
  editDaf: { path: "/edit-daf", getHref: () => "/edit-daf" },
  editFoundation: { path: "/edit-foundation", getHref: () => "/edit-foundation" },
  editOthers: { path: "/edit-others", getHref: () => "/edit-others" },
  ria: { path: "/ria", getHref: () => "/ria" },
  admin: { path: "/admin", getHref: () => "/admin" },
} as const;
