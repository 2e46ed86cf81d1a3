// Social sign-in (requirements §2): offered only for the providers the auth service reports enabled,
// as a disabled one answers the redirect with a raw JSON error page.
import { useStore } from "jotai";
import { useEffect, useState } from "react";
import { appSettings } from "@/lib/env";

const SOCIAL_PROVIDERS = [{ id: "google", label: "Sign in with Google" }] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];

/** The offered providers the auth service reports enabled; none when it cannot be asked. */
async function fetchEnabledProviders(): Promise<SocialProvider[]> {
  const { authUrl, anonKey } = appSettings();
  const base = authUrl.endsWith("/") ? authUrl : `${authUrl}/`;
  try {
    const res = await fetch(new URL("auth/v1/settings", base), { headers: { apikey: anonKey } });
    if (!res.ok) return [];
    const body = (await res.json()) as { external?: Record<string, unknown> };
    return SOCIAL_PROVIDERS.filter((p) => body.external?.[p.id] === true);
  } catch {
    return [];
  }
}

/** Asked once per app (its Jotai store): the service's settings do not change while a page is open. */
const requests = new WeakMap<object, Promise<SocialProvider[]>>();

/** A plain promise: the query library belongs to the signed-in screens' chunk (docs/decisions/0140). */
export function useEnabledProviders(): SocialProvider[] {
  const store = useStore();
  const [providers, setProviders] = useState<SocialProvider[]>([]);
  useEffect(() => {
    let active = true;
    let request = requests.get(store);
    if (!request) {
      request = fetchEnabledProviders();
      requests.set(store, request);
    }
    void request.then((list) => active && setProviders(list));
    return () => {
      active = false;
    };
  }, [store]);
  return providers;
}

/** The query parameters a failed provider redirect adds (GoTrue), never kept in a remembered origin. */
export const PROVIDER_ERROR_PARAMS = ["error", "error_code", "error_description"] as const;

/** The error a provider redirect came back with (query or fragment), readable; null when none. */
export function providerErrorIn(location: Pick<Location, "search" | "hash">): string | null {
  for (const part of [location.search, location.hash.replace(/^#/, "")]) {
    const params = new URLSearchParams(part);
    const description = params.get("error_description");
    const code = params.get("error");
    if (description || code) return `Social sign-in did not complete: ${description || code}`;
  }
  return null;
}
