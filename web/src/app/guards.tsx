// Route guards (requirements §2, §6): unauthenticated visitors go to /sign-in remembering where they were
// going; nothing routes until the session is known and carries an access token ('Loading');
// a missing role sends the user to /.
import { useAtomValue } from "jotai";
import type { ReactNode } from "react";
import { Redirect, useLocation, useSearch } from "wouter";
import { LoadingScreen } from "@/components/ui/loading-overlay";
import { paths } from "@/config/paths";
import { hasRoles, type RoleRequirement } from "@/lib/roles";
import { authFinishedAtom, authReadyAtom, jwtAtom, rolesAtom, sessionAtom } from "@/stores/session";
import { PROVIDER_ERROR_PARAMS } from "@/features/auth/providers";
import { RESET_QUERY_PARAM } from "@/features/auth/store";

/** The place to return to after sign-in, without the one-shot reset marker or a provider's error. */
/** @internal */ export function rememberedOrigin(pathname: string, search: string): string {
  const params = new URLSearchParams(search);
  for (const name of [RESET_QUERY_PARAM, ...PROVIDER_ERROR_PARAMS]) params.delete(name);
  const query = params.toString();
  return `${pathname}${query ? `?${query}` : ""}`;
}

/** Only same-site paths are followed, never "//host" or absolute URLs. */
export function safeRedirectTarget(raw: string | null): string {
  if (!raw || !raw.startsWith("/") || raw.startsWith("//") || raw.startsWith("/\\")) return paths.dashboard.getHref();
  return raw;
}

/**
 * A redirect that keeps 'Loading' on the page until the next screen has rendered: navigations render
 * in the background (deferred-location.ts), and a frame with no screen would let the page collapse
 * and jump. `standalone` as the LoadingScreen's: outside the shell, it is the page.
 */
export function RedirectWhileLoading({ to, standalone = false }: { to: string; standalone?: boolean }) {
  return (
    <>
      <Redirect to={to} replace />
      <LoadingScreen label="Loading" standalone={standalone} />
    </>
  );
}

export function RequireAuth({ children }: { children: ReactNode }) {
  const ready = useAtomValue(authReadyAtom);
  const session = useAtomValue(sessionAtom);
  const finished = useAtomValue(authFinishedAtom);
  const jwt = useAtomValue(jwtAtom);
  const [location] = useLocation();
  const search = useSearch();
  if (!ready) return <LoadingScreen label="Loading" standalone />;
  if (!session || !finished)
    return <RedirectWhileLoading to={paths.signIn.getHref(rememberedOrigin(location, search))} standalone />;
  if (!jwt) return <LoadingScreen label="Loading" standalone />;
  return <>{children}</>;
}

export function RequireRole({ role, children }: { role?: RoleRequirement; children: ReactNode }) {
  const roles = useAtomValue(rolesAtom);
  if (role && !hasRoles(roles, role)) return <RedirectWhileLoading to={paths.dashboard.getHref()} />;
  return <>{children}</>;
}
