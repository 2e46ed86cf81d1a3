// A real browser (headless Chromium) running the unmodified supabase-js bundle from a localhost
// page: CORS, the exposed API version header (error.code in the browser), sign-up confirmed by
// the mailed link with the session picked up from the URL, and a TOTP sign-in.
import http from "node:http";
import fs from "node:fs";
import path from "node:path";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import type { SupabaseClient } from "@supabase/supabase-js";
import { LOCAL_SUPABASE } from "../../server/src/config";
import { launchChromium, newBrowserContext } from "../support/browser";
import { findLink } from "../support/mail";
import { totpCode } from "../support/totp";
import { startAuthHarness, type AuthHarness } from "../support/auth-harness";
import { TEST_PASSWORD, uniqueEmail } from "../support/founders";
import { DEMO_PASSWORD, DEMO_TOTP_SECRET, DEMO_USERS } from "../../supabase/demo-seed";

/** What the page exposes (this file is type-checked without the DOM library). */
type InPage = { sb: SupabaseClient; location: { hash: string } };

const BUNDLE = path.resolve(import.meta.dirname, "../../node_modules/@supabase/supabase-js/dist/umd/supabase.js");

let h: AuthHarness;
let site: http.Server;
let origin: string;
let browser: Browser;

/** A blank app page that creates the client the way the product's web does (session in storage, URL detection on). */
function pageHtml(authUrl: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><script src="/supabase.js"></script>
<script>window.sb = supabase.createClient(${JSON.stringify(authUrl)}, ${JSON.stringify(LOCAL_SUPABASE.anonKey)});</script>
</head><body>app</body></html>`;
}

beforeAll(async () => {
  h = await startAuthHarness({ configOverrides: { email: { maxFrequency: 0 } } });
  site = http.createServer((req, res) => {
    if (req.url === "/supabase.js") {
      res.writeHead(200, { "content-type": "text/javascript" }).end(fs.readFileSync(BUNDLE));
      return;
    }
    res.writeHead(200, { "content-type": "text/html" }).end(pageHtml(h.url));
  });
  await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
  origin = `http://localhost:${(site.address() as AddressInfo).port}`;
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => site?.close(resolve));
  await h?.close();
});

async function openApp(url = `${origin}/`): Promise<Page> {
  const page = await (await newBrowserContext(browser)).newPage();
  await page.goto(url);
  await page.waitForFunction(() => "sb" in globalThis);
  return page;
}

describe("in a browser", () => {
  it("reads error codes across origins (CORS exposes X-Supabase-Api-Version)", async () => {
    const page = await openApp();
    const code = await page.evaluate(async () => {
      const { error } = await (globalThis as unknown as InPage).sb.auth.signInWithPassword({
        email: "founder@example.com",
        password: "Wrong#Pass99",
      });
      return error?.code;
    });
    expect(code).toBe("invalid_credentials");
  });

  it("signs up, confirms through the mailed link and lands signed in", async () => {
    const email = uniqueEmail("browser");
    const page = await openApp();
    const signUp = await page.evaluate(
      async ({ email, password, redirect }) => {
        const { sb } = globalThis as unknown as InPage;
        const { data, error } = await sb.auth.signUp({
          email,
          password,
          options: { emailRedirectTo: redirect, data: { full_name: "Ada Lovelace", name: "Ada" } },
        });
        return { error: error?.code ?? null, session: data.session };
      },
      { email, password: TEST_PASSWORD, redirect: `${origin}/` },
    );
    expect(signUp).toEqual({ error: null, session: null });

    const link = findLink(await h.mail.latest(email));
    await page.goto(link);
    expect(page.url().startsWith(`${origin}/`)).toBe(true);
    await page.waitForFunction(() => "sb" in globalThis);
    const user = await page.evaluate(async () => {
      const { sb } = globalThis as unknown as InPage;
      const { data } = await sb.auth.getSession();
      return {
        email: data.session?.user.email,
        confirmed: Boolean(data.session?.user.email_confirmed_at),
        hash: (globalThis as unknown as InPage).location.hash,
      };
    });
    expect(user).toEqual({ email, confirmed: true, hash: "" });
  });

  it("signs the TOTP demo user in at aal1, then verifies a code to aal2", async () => {
    const page = await openApp();
    const levels = await page.evaluate(
      async ({ email, password }) => {
        const { sb } = globalThis as unknown as InPage;
        await sb.auth.signInWithPassword({ email, password });
        const { data } = await sb.auth.mfa.getAuthenticatorAssuranceLevel();
        const factors = await sb.auth.mfa.listFactors();
        return { current: data?.currentLevel, next: data?.nextLevel, factorId: factors.data?.totp[0]?.id };
      },
      { email: DEMO_USERS.mfa.email, password: DEMO_PASSWORD },
    );
    expect(levels).toMatchObject({ current: "aal1", next: "aal2" });
    const after = await page.evaluate(
      async ({ factorId, code }) => {
        const { sb } = globalThis as unknown as InPage;
        const { error } = await sb.auth.mfa.challengeAndVerify({ factorId, code });
        const { data } = await sb.auth.mfa.getAuthenticatorAssuranceLevel();
        return { error: error?.code ?? null, current: data?.currentLevel };
      },
      { factorId: levels.factorId ?? "", code: totpCode(DEMO_TOTP_SECRET) },
    );
    expect(after).toEqual({ error: null, current: "aal2" });
  });
});
