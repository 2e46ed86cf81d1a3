// Passkeys in a real browser: headless Chromium with its virtual authenticator (CDP
// WebAuthn.addVirtualAuthenticator: a platform authenticator with resident keys and user
// verification) runs the unmodified supabase-js bundle's full ceremonies, registerPasskey() and
// signInWithPasskey(), against the emulator, so navigator.credentials and the options GoTrue
// hands out meet as in a browser.
import http from "node:http";
import fs from "node:fs";
import path from "node:path";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import type { SupabaseClient } from "@supabase/supabase-js";
import { decodeJwt } from "jose";
import { LOCAL_SUPABASE } from "../../server/src/config";
import { launchChromium } from "../support/browser";
import { startAuthHarness, type AuthHarness } from "../support/auth-harness";
import { TEST_PASSWORD, uniqueEmail } from "../support/founders";

/** What the page exposes (this file is type-checked without the DOM library). */
type InPage = { sb: SupabaseClient };

const BUNDLE = path.resolve(import.meta.dirname, "../../node_modules/@supabase/supabase-js/dist/umd/supabase.js");

let h: AuthHarness;
let site: http.Server;
let origin: string;
let browser: Browser;

beforeAll(async () => {
  let authUrl = "";
  site = http.createServer((req, res) => {
    if (req.url === "/supabase.js") {
      res.writeHead(200, { "content-type": "text/javascript" }).end(fs.readFileSync(BUNDLE));
      return;
    }
    res.writeHead(200, { "content-type": "text/html" })
      .end(`<!doctype html><html><head><meta charset="utf-8"><script src="/supabase.js"></script>
<script>window.sb = supabase.createClient(${JSON.stringify(authUrl)}, ${JSON.stringify(LOCAL_SUPABASE.anonKey)}, { auth: { experimental: { passkey: true } } });</script>
</head><body>app</body></html>`);
  });
  await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
  // http://localhost is a secure context, so the page may use WebAuthn; the relying party is that host.
  origin = `http://localhost:${(site.address() as AddressInfo).port}`;
  h = await startAuthHarness({
    configOverrides: {
      passkey: { enabled: true },
      webauthn: { rpId: "localhost", rpDisplayName: "Founder Foundation", rpOrigins: [origin] },
    },
  });
  authUrl = h.url;
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => site?.close(resolve));
  await h?.close();
});

describe("passkeys in Chromium with its virtual authenticator", () => {
  it("registerPasskey() for a signed-in user, then signInWithPasskey() with no address signs the same user in", async () => {
    const email = uniqueEmail("browser-passkey");
    const { data: created } = await h
      .admin()
      .auth.admin.createUser({ email, password: TEST_PASSWORD, email_confirm: true });
    const context = await browser.newContext();
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("WebAuthn.enable");
    const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
      options: {
        protocol: "ctap2",
        transport: "internal",
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });
    await page.goto(`${origin}/`);
    await page.waitForFunction(() => "sb" in globalThis);

    const registered = await page.evaluate(
      async ({ email, password }) => {
        const { sb } = globalThis as unknown as InPage;
        await sb.auth.signInWithPassword({ email, password });
        const { data, error } = await sb.auth.registerPasskey();
        await sb.auth.signOut();
        return { error: error?.message ?? null, name: data?.friendly_name ?? null };
      },
      { email, password: TEST_PASSWORD },
    );
    expect(registered).toEqual({ error: null, name: "Passkey" });

    const signedIn = await page.evaluate(async () => {
      const { sb } = globalThis as unknown as InPage;
      const { data, error } = await sb.auth.signInWithPasskey();
      return {
        error: error?.message ?? null,
        userId: data?.user?.id ?? null,
        token: data?.session?.access_token ?? "",
      };
    });
    expect(signedIn.error).toBeNull();
    expect(signedIn.userId).toBe(created.user?.id);
    expect(decodeJwt(signedIn.token).amr).toEqual([expect.objectContaining({ method: "passkey" })]);
    // The browser's authenticator holds one discoverable credential, for this relying party and user.
    const { credentials } = await cdp.send("WebAuthn.getCredentials", { authenticatorId });
    expect(credentials).toEqual([
      expect.objectContaining({
        isResidentCredential: true,
        rpId: "localhost",
        userHandle: Buffer.from(created.user?.id ?? "").toString("base64"),
      }),
    ]);
    await context.close();
  });
});
