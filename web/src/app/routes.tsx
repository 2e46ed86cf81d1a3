// The route table of requirements §2. Screens are lazy so each feature (and the identity widget and the
// admin area) loads only where it is used. A feature replaces its placeholder module; this table
// and the guards stay.
import { lazy, type ComponentType, type LazyExoticComponent } from "react";
import { paths } from "@/config/paths";
import { ACCOUNT_HOLDER_ROLE, type RoleRequirement } from "@/lib/roles";

export interface AppRoute {
  path: string;
  screen: LazyExoticComponent<ComponentType>;
  /** Missing role → redirected to / (requirements §6). */
  role?: RoleRequirement;
}

const CHUNK_RELOAD_KEY = "chunkReloadAttempted";

/**
 * React.lazy that survives a redeploy: a screen chunk that no longer exists (the site was rebuilt
 * after this page loaded) is fetched by reloading the page once; a second failure reaches the
 * error screen.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- React.lazy's own constraint: any component, whatever its props.
export function lazyWithReload<C extends ComponentType<any>>(
  load: () => Promise<{ default: C }>,
): LazyExoticComponent<C> {
  return lazy(() =>
    load().then(
      (module) => {
        sessionStorage.removeItem(CHUNK_RELOAD_KEY);
        return module;
      },
      (error: unknown) => {
        if (sessionStorage.getItem(CHUNK_RELOAD_KEY)) throw error;
        sessionStorage.setItem(CHUNK_RELOAD_KEY, "1");
        window.location.reload();
        return new Promise<never>(() => undefined);
      },
    ),
  );
}

/** A route's screen (no props), lazy and redeploy-proof. */
export function lazyScreen(load: () => Promise<{ default: ComponentType }>): LazyExoticComponent<ComponentType> {
  return lazyWithReload(load);
}

export const APP_ROUTES: AppRoute[] = [
  { path: paths.dashboard.path, screen: lazyScreen(() => import("@/features/dashboard/dashboard-screen")) },
  {
    path: paths.chooseStrategy.path,
    screen: lazyScreen(() => import("@/features/create-foundation/choose-strategy-screen")),
  },
  {
    path: paths.createFoundationStep.path,
    screen: lazyScreen(() => import("@/features/create-foundation/create-foundation-step-screen")),
  },
  {
    path: paths.editProfile.path,
    screen: lazyScreen(() => import("@/features/edit/edit-profile-screen")),
    role: ACCOUNT_HOLDER_ROLE,
  },
  {
    path: paths.editDaf.path,
    screen: lazyScreen(() => import("@/features/edit/edit-daf-screen")),
    role: ACCOUNT_HOLDER_ROLE,
  },
  {
    path: paths.editFoundation.path,
    screen: lazyScreen(() => import("@/features/edit/edit-foundation-screen")),
    role: ACCOUNT_HOLDER_ROLE,
  },
  {
    path: paths.editOthers.path,
    screen: lazyScreen(() => import("@/features/edit/edit-others-screen")),
    role: ACCOUNT_HOLDER_ROLE,
  },
  { path: paths.ria.path, screen: lazyScreen(() => import("@/features/ria/ria-screen")), role: ACCOUNT_HOLDER_ROLE },
  { path: paths.admin.path, screen: lazyScreen(() => import("@/features/admin/admin-screen")) },
];
