// One pending authenticator (TOTP) factor per founder, whatever the number of tabs and browsers
// (docs/decisions/0193): the secret a founder sees is always the live one.
// Tabs of one browser share the enrolment; another browser is told that setup is under way elsewhere
// and chooses to start over, and the screen whose code that replaced says so instead of showing it.
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { setupE2E, type UiPage } from "../support/e2e-harness";
import { createAuthUser, type SignedInUser } from "../support/founders";
import { totpCode } from "../support/totp";
import { scaled } from "../support/machine";

const e2e = setupE2E();

interface Factor {
  id: string;
  status: string;
}

/** The founder's factors as the auth service holds them (the admin API). */
async function factorsOf(founder: SignedInUser): Promise<Factor[]> {
  const { url, serviceRoleKey } = e2e.stack.config.auth;
  const res = await fetch(`${url}/auth/v1/admin/users/${founder.id}/factors`, {
    headers: { apikey: serviceRoleKey, authorization: `Bearer ${serviceRoleKey}` },
  });
  expect(res.status).toBe(200);
  return (await res.json()) as Factor[];
}

async function secretShown(page: Page): Promise<string> {
  const key = page.getByTestId("totp-secret");
  await key.waitFor({ timeout: scaled(30_000) });
  return (await key.textContent())!.replace(/\s/g, "");
}

async function verifyWith(page: Page, secret: string): Promise<void> {
  await page.getByLabel("Authentication code").fill(totpCode(secret));
  await page.getByRole("button", { name: "Verify" }).click();
  await page.getByRole("heading", { name: "Account Strategies" }).waitFor({ timeout: scaled(30_000) });
}

/** The founder signed in (aal1, enrolment not skipped): the gate opens on enrolment. */
async function onEnrolment(founder: SignedInUser, opts: { width?: number; theme?: "light" | "dark" } = {}) {
  return e2e.open({ as: founder, skipMfa: false, ...opts });
}

describe("one pending authenticator per founder", () => {
  it("two tabs on a host without Web Locks (not a secure context): one factor at the auth service, one secret, and its code verifies", async () => {
    const founder = await createAuthUser(e2e.stack.config.auth);
    const first = await onEnrolment(founder);
    // As on a plain-http host other than localhost, where browsers offer no navigator.locks.
    await first.context.addInitScript("Object.defineProperty(Navigator.prototype, 'locks', { get: () => undefined });");
    const second = await first.context.newPage();
    await Promise.all([first.goto("/"), second.goto("/")]);
    const secrets = [await secretShown(first.page), await secretShown(second)];
    expect(secrets[1]).toBe(secrets[0]);
    const factors = await factorsOf(founder);
    expect(factors.map((f) => f.status)).toEqual(["unverified"]);
    // A check later still agrees: no tab replaced the other's factor.
    await first.page.waitForTimeout(1000);
    expect(await secretShown(second)).toBe(secrets[0]);
    expect((await factorsOf(founder)).map((f) => f.id)).toEqual([factors[0]!.id]);
    await first.screen("enrolment-two-tabs");

    await verifyWith(second, secrets[0]!);
    await first.page.getByRole("heading", { name: "Account Strategies" }).waitFor({ timeout: scaled(30_000) });
    expect((await factorsOf(founder)).map((f) => f.status)).toEqual(["verified"]);
  });

  it("a tab that missed the other tab's verification (its auth broadcast lost, as to a frozen tab) follows it at its next check", async () => {
    const founder = await createAuthUser(e2e.stack.config.auth);
    const first = await onEnrolment(founder);
    // This tab hears nothing on supabase-js's channel (named after its storage key, sb-…).
    await first.page.addInitScript(
      `window.BroadcastChannel = class extends BroadcastChannel { constructor(name) { super(name); if (String(name).startsWith("sb-")) this.addEventListener = () => undefined; } };`,
    );
    const second = await first.context.newPage();
    await Promise.all([first.goto("/"), second.goto("/")]);
    const secret = await secretShown(first.page);
    expect(await secretShown(second)).toBe(secret);

    await verifyWith(second, secret);
    await first.page.getByRole("heading", { name: "Account Strategies" }).waitFor({ timeout: scaled(30_000) });
    expect(await first.page.getByText("Your authenticator could not be prepared").count()).toBe(0);
  });

  it("two browsers: the second is told setup is under way elsewhere (no silent replacement); starting over there replaces it, and the first says so instead of showing a dead code", async () => {
    const founder = await createAuthUser(e2e.stack.config.auth);
    const here = await onEnrolment(founder, { width: 375, theme: "dark" });
    await here.goto("/");
    const firstSecret = await secretShown(here.page);
    const [firstFactor] = await factorsOf(founder);

    const elsewhere: UiPage = await onEnrolment(founder, { width: 1280 });
    await elsewhere.goto("/");
    await elsewhere.page
      .getByText("Setting up your authenticator is already under way on another device or browser", { exact: false })
      .waitFor({ timeout: scaled(30_000) });
    expect(await elsewhere.page.getByTestId("totp-secret").count()).toBe(0);
    // The first browser's factor is untouched, and its code still works there.
    expect((await factorsOf(founder)).map((f) => f.id)).toEqual([firstFactor!.id]);
    await elsewhere.screenEachLook("enrolment-elsewhere");

    await elsewhere.page.getByRole("button", { name: "Start over here" }).click();
    const secondSecret = await secretShown(elsewhere.page);
    expect(secondSecret).not.toBe(firstSecret);
    expect((await factorsOf(founder)).filter((f) => f.id !== firstFactor!.id)).toHaveLength(1);
    expect((await factorsOf(founder)).some((f) => f.id === firstFactor!.id)).toBe(false);

    // The first browser notices (a check every few seconds, or on focus) and hides the dead code.
    await here.page
      .getByText("The code that was shown here no longer works", { exact: false })
      .waitFor({ timeout: scaled(30_000) });
    expect(await here.page.getByTestId("totp-secret").count()).toBe(0);
    await here.page.getByRole("button", { name: "Start over here" }).waitFor();
    await here.screenEachLook("enrolment-replaced");

    await verifyWith(elsewhere.page, secondSecret);
    expect((await factorsOf(founder)).map((f) => f.status)).toEqual(["verified"]);
    expect(here.pageErrors).toEqual([]);
    expect(elsewhere.pageErrors).toEqual([]);
  });
});
