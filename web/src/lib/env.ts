// The host this page is served from picks its backend (requirements §7): development hosts read the
// local stack's addresses from /app-config.json, others use the settings built in. One build serves both.
import type { AppConfigDocument } from "@contract/app-config";

export interface AppSettings {
  /** Root URL of the auth service (supabase-js adds /auth/v1). */
  authUrl: string;
  anonKey: string;
  /** Base URL of the identity-check widget's backend. */
  identityUrl: string;
  /** Where the top bar's help icon leads: a mailto: address or an https: page (docs/deploying.md, VITE_SUPPORT_URL). */
  supportUrl: string;
  env: "development" | "production";
}

export type SettingsResult = { ok: true; settings: AppSettings } | { ok: false; missing: string[] };

/** The Supabase CLI's public local anon key (not a secret), repeated as the web imports only the contract. */
const LOCAL_ANON_KEY =
  "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0";

/** @internal */ export const LOCAL_DEFAULTS: AppSettings = {
  authUrl: "http://localhost:54321",
  anonKey: LOCAL_ANON_KEY,
  identityUrl: "http://localhost:54330",
  supportUrl: "mailto:support@localhost",
  env: "development",
};

/** A support link the help icon may open: mailto: with an address, or an http(s) URL. */
function isSupportUrl(value: string): boolean {
  const v = value.trim();
  if (/^mailto:[^\s@]+@[^\s@]+$/i.test(v)) return true;
  try {
    return ["https:", "http:"].includes(new URL(v).protocol);
  } catch {
    return false;
  }
}

/** @internal */ export function isDevelopmentHost(hostname: string): boolean {
  return hostname.includes("localhost") || hostname.includes("-np") || hostname === "127.0.0.1";
}

/** The debug panel and the dev-only admin link need a literal localhost host (requirements §2, §6). */
export function isLocalhost(hostname: string = window.location.hostname): boolean {
  return hostname.includes("localhost");
}

interface ProductionEnv {
  VITE_SUPABASE_URL?: string;
  VITE_SUPABASE_ANON_KEY?: string;
  VITE_IDENTITY_URL?: string;
  VITE_SUPPORT_URL?: string;
}

function productionSettings(env: ProductionEnv): SettingsResult {
  const missing: string[] = (
    ["VITE_SUPABASE_URL", "VITE_SUPABASE_ANON_KEY", "VITE_IDENTITY_URL", "VITE_SUPPORT_URL"] as const
  ).filter((k) => !env[k]?.trim());
  // A support link that opens nothing is as bad as none: named like a missing one.
  if (env.VITE_SUPPORT_URL?.trim() && !isSupportUrl(env.VITE_SUPPORT_URL))
    missing.push("VITE_SUPPORT_URL (a mailto: address or an https: URL)");
  if (missing.length) return { ok: false, missing };
  return {
    ok: true,
    settings: {
      authUrl: env.VITE_SUPABASE_URL!.trim(),
      anonKey: env.VITE_SUPABASE_ANON_KEY!.trim(),
      identityUrl: env.VITE_IDENTITY_URL!.trim(),
      supportUrl: env.VITE_SUPPORT_URL!.trim(),
      env: "production",
    },
  };
}

function isSettingsDocument(v: unknown): v is Partial<AppConfigDocument> {
  return typeof v === "object" && v !== null;
}

/** Reads /app-config.json from the serving origin; any failure falls back to the CLI defaults. */
async function developmentSettings(fetchImpl: typeof fetch = fetch): Promise<AppSettings> {
  try {
    const res = await fetchImpl("/app-config.json", { headers: { accept: "application/json" } });
    if (!res.ok) return LOCAL_DEFAULTS;
    const doc: unknown = await res.json();
    if (!isSettingsDocument(doc)) return LOCAL_DEFAULTS;
    return {
      authUrl: typeof doc.authUrl === "string" && doc.authUrl ? doc.authUrl : LOCAL_DEFAULTS.authUrl,
      anonKey: typeof doc.anonKey === "string" && doc.anonKey ? doc.anonKey : LOCAL_DEFAULTS.anonKey,
      identityUrl:
        typeof doc.identityUrl === "string" && doc.identityUrl ? doc.identityUrl : LOCAL_DEFAULTS.identityUrl,
      supportUrl:
        typeof doc.supportUrl === "string" && isSupportUrl(doc.supportUrl) ? doc.supportUrl : LOCAL_DEFAULTS.supportUrl,
      env: "development",
    };
  } catch {
    return LOCAL_DEFAULTS;
  }
}

export async function loadSettings(
  hostname: string = window.location.hostname,
  env: ProductionEnv = import.meta.env as ProductionEnv,
  fetchImpl: typeof fetch = fetch,
): Promise<SettingsResult> {
  if (isDevelopmentHost(hostname)) return { ok: true, settings: await developmentSettings(fetchImpl) };
  return productionSettings(env);
}

let current: AppSettings | undefined;

/** Set once at start-up (main.tsx) before anything renders. */
export function setAppSettings(settings: AppSettings): void {
  current = settings;
}

export function appSettings(): AppSettings {
  if (!current) throw new Error("App settings read before start-up finished");
  return current;
}
