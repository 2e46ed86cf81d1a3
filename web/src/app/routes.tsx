// The route table of requirements §2; screens are lazy, so each feature loads only where it is used.
import { lazy, type ComponentType, type LazyExoticComponent } from "react";
import { matchRoute, type Parser } from "wouter";
import { paths } from "@/config/paths";
import { ACCOUNT_HOLDER_ROLE, type RoleRequirement } from "@/lib/roles";

type ScreenModule = { default: ComponentType };

export interface AppRoute {
  path: string;
  /** The page's own title (the browser tab shows it before the product's name). */
  title: string;
  load: () => Promise<ScreenModule>;
  screen: LazyExoticComponent<ComponentType>;
  /** Missing role → redirected to / (requirements §6). */
  role?: RoleRequirement;
}

const CHUNK_RELOAD_KEY = "chunkReloadAttempted";

/** React.lazy that survives a redeploy (reloadOnceForMissingChunk). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- React.lazy's own constraint: any component, whatever its props.
export function lazyWithReload<C extends ComponentType<any>>(
  load: () => Promise<{ default: C }>,
): LazyExoticComponent<C> {
  return lazy(() =>
    load().then((module) => {
      sessionStorage.removeItem(CHUNK_RELOAD_KEY);
      return module;
    }, reloadOnceForMissingChunk),
  );
}

/** A chunk gone since a rebuild is fetched by reloading the page once; a second failure is thrown. */
export function reloadOnceForMissingChunk(error: unknown): Promise<never> {
  if (sessionStorage.getItem(CHUNK_RELOAD_KEY)) throw error;
  sessionStorage.setItem(CHUNK_RELOAD_KEY, "1");
  window.location.reload();
  return new Promise<never>(() => undefined);
}

/** @internal */ export function lazyScreen(
  load: () => Promise<{ default: ComponentType }>,
): LazyExoticComponent<ComponentType> {
  return lazyWithReload(load);
}

function route(
  { path, title }: { path: string; title: string },
  load: () => Promise<ScreenModule>,
  role?: RoleRequirement,
): AppRoute {
  return { path, title, load, screen: lazyScreen(load), ...(role ? { role } : {}) };
}

export const APP_ROUTES: AppRoute[] = [
  route(paths.dashboard, () => import("@/features/dashboard/dashboard-screen")),
  route(paths.chooseStrategy, () => import("@/features/create-foundation/choose-strategy-screen")),
  route(paths.createFoundationStep, () => import("@/features/create-foundation/create-foundation-step-screen")),
  route(paths.editProfile, () => import("@/features/edit/edit-profile-screen"), ACCOUNT_HOLDER_ROLE),
  route(paths.editDaf, () => import("@/features/edit/edit-daf-screen"), ACCOUNT_HOLDER_ROLE),
  route(paths.editFoundation, () => import("@/features/edit/edit-foundation-screen"), ACCOUNT_HOLDER_ROLE),
  route(paths.editOthers, () => import("@/features/edit/edit-others-screen"), ACCOUNT_HOLDER_ROLE),
  route(paths.ria, () => import("@/features/ria/ria-screen"), ACCOUNT_HOLDER_ROLE),
  route(paths.admin, () => import("@/features/admin/admin-screen")),
];

/** Starts fetching the chunk of the screen at `location` (unknown paths: the dashboard's). */
export function preloadScreen(parser: Parser, location: string): void {
  const pathname = location.split(/[?#]/)[0] ?? "/";
  const found = APP_ROUTES.find((r) => matchRoute(parser, r.path, pathname)[0]) ?? APP_ROUTES[0];
  void found?.load().catch(() => undefined);
}
