// The harness of the suites about the auth service itself (tests/auth, tests/reliability): the auth
// emulator alone on free ports with this project's settings, handing out real supabase-js clients.
import fs from "node:fs";
import { expect } from "vitest";
import os from "node:os";
import path from "node:path";
import ws from "ws";
import { createClient, type SupabaseClient, type SupabaseClientOptions } from "@supabase/supabase-js";
import { LOCAL_SUPABASE } from "../../server/src/config";
import { freePort, retryOnPortClash } from "./ports";
import { MailboxClient } from "./mail";
import { startAuthEmulator, type AuthEmulator, type AuthEmulatorOptions } from "@founder-foundation/auth-emulator";
import { PROJECT_AUTH_OPTIONS } from "../../supabase/demo-seed";

export const APP_URL = "http://localhost:3000";

export interface AuthHarness {
  url: string;
  mailUrl: string;
  mail: MailboxClient;
  dataDir: string;
  emulator: AuthEmulator;
  /** A fresh client with its own in-memory session, as one browser tab would have. */
  client(options?: SupabaseClientOptions<"public">["auth"], key?: string): SupabaseClient;
  /** A client with the service_role key, for the admin API. */
  admin(): SupabaseClient;
  /** Stops and starts the emulator on the same ports and DATA_DIR (mail persists there too). */
  restart(): Promise<void>;
  close(): Promise<void>;
}

export type HarnessOptions = Pick<AuthEmulatorOptions, "configOverrides" | "config" | "bcryptCost">;

export async function startAuthHarness(options: HarnessOptions = {}): Promise<AuthHarness> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "ff-auth-"));
  // Fixed ports (not 0), so restart() comes back where clients point; picked again if taken first.
  let authPort = 0;
  let smtpPort = 0;
  let httpPort = 0;
  const start = () =>
    startAuthEmulator({
      ...PROJECT_AUTH_OPTIONS,
      host: "127.0.0.1",
      port: authPort,
      dataDir,
      mailbox: { port: httpPort, smtpPort },
      mailFrom: "Founder Foundation <no-reply@founder-foundation.local>",
      quiet: true,
      // Low bcrypt cost keeps suites quick; tests/production runs GoTrue's 10.
      bcryptCost: options.bcryptCost ?? 4,
      configOverrides: { ...PROJECT_AUTH_OPTIONS.configOverrides, ...options.configOverrides },
      config: options.config ?? PROJECT_AUTH_OPTIONS.config,
    });
  let emulator = await retryOnPortClash(async () => {
    [authPort, smtpPort, httpPort] = await Promise.all([freePort(), freePort(), freePort()]);
    return start();
  });
  const url = `http://127.0.0.1:${authPort}`;
  const mailUrl = emulator.mailbox.url;
  const client = (auth: SupabaseClientOptions<"public">["auth"] = {}, key: string = LOCAL_SUPABASE.anonKey) =>
    createClient(url, key, {
      realtime: { transport: ws as unknown as NonNullable<SupabaseClientOptions<"public">["realtime"]>["transport"] },
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false, ...auth },
    });
  const harness: AuthHarness = {
    url,
    mailUrl,
    mail: new MailboxClient(mailUrl),
    dataDir,
    get emulator() {
      return emulator;
    },
    client,
    admin: () => client({}, LOCAL_SUPABASE.serviceRoleKey),
    restart: async () => {
      await emulator.close();
      // Let this process's fetch pool see the closed keep-alive sockets before they are reused.
      await new Promise((r) => setTimeout(r, 100));
      emulator = await start();
    },
    close: async () => {
      await emulator.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return harness;
}

/** Follows one redirect by hand and returns where it points. */
export async function redirectTarget(url: string): Promise<{ status: number; location: string }> {
  const res = await fetch(url, { redirect: "manual" });
  return { status: res.status, location: res.headers.get("location") ?? "" };
}

/** The session parameters GoTrue puts in a redirect's fragment. */
export function fragmentParams(location: string): URLSearchParams {
  return new URLSearchParams(new URL(location).hash.slice(1));
}

/** The AMR methods of a client's session, most recent first (auth-js types them loosely). */
export async function authMethods(c: SupabaseClient): Promise<string[]> {
  const { data } = await c.auth.mfa.getAuthenticatorAssuranceLevel();
  return (data?.currentAuthenticationMethods ?? []).map((m) => (typeof m === "string" ? m : m.method));
}

export const STANDIN_PASSWORD = "stand-in google password";

/** Opens the Google stand-in's consent page (an /authorize URL or its own), submits it; returns the answer. */
export async function submitConsent(url: string, fields: { email: string; password: string; full_name?: string }) {
  let pageUrl = url;
  if (!url.includes("/emulator/google/consent")) {
    const toConsent = await redirectTarget(url);
    expect(toConsent.status).toBe(302);
    pageUrl = toConsent.location;
  }
  const page = await (await fetch(pageUrl)).text();
  expect(page).toContain("Sign in with Google");
  const action = page.match(/<form method="post" action="([^"]+)"/)?.[1] ?? "";
  const state = page.match(/name="state" value="([^"]+)"/)?.[1] ?? "";
  const res = await fetch(action.replace(/&#38;/g, "&"), {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ state, full_name: "", ...fields }).toString(),
  });
  return { status: res.status, location: res.headers.get("location") ?? "", text: await res.text() };
}

/** What a developer does in the browser: open the URL, type an address and password on the consent page, submit. */
export async function consent(url: string, email: string, fullName = "", password = STANDIN_PASSWORD): Promise<string> {
  const back = await submitConsent(url, { email, password, full_name: fullName });
  expect(back.status, back.text).toBe(302);
  return back.location;
}
