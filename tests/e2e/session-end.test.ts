// A session the auth service ends, seen from another browser (requirements §2 "unauthenticated
// visitors are redirected to sign-in, and the origin is remembered"): signed out elsewhere, banned,
// and a social sign-in that comes back with an error. The API re-checks every session on each call
// here (SESSION_CHECK_TTL_SECONDS=0) so the test needs no 30 s wait; Google sign-in is on (the
// emulator's local consent page) so its error path can be walked.
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { setupE2E } from "../support/e2e-harness";
import { signInThroughForm } from "../support/steps/actions";
import { createAuthUser, founderAt, type Founder } from "../support/founders";

const e2e = setupE2E({ env: { SESSION_CHECK_TTL_SECONDS: "0" }, authSettings: { googleEnabled: true } });

const SIGNED_OUT = "You were signed out. Please sign in again.";

async function ban(founder: Founder): Promise<void> {
  const { url, serviceRoleKey } = e2e.stack.config.auth;
  const res = await fetch(`${url}/auth/v1/admin/users/${founder.id}`, {
    method: "PUT",
    headers: { apikey: serviceRoleKey, authorization: `Bearer ${serviceRoleKey}`, "content-type": "application/json" },
    body: JSON.stringify({ ban_duration: "24h" }),
  });
  expect(res.status).toBe(200);
}

async function expectSignInWithReason(page: Page, origin: string): Promise<void> {
  await page.getByText(SIGNED_OUT).waitFor();
  const url = new URL(page.url());
  expect(url.pathname).toBe("/sign-in");
  expect(url.searchParams.get("redirect")).toBe(origin);
  expect(await page.getByRole("heading", { name: "Welcome!" }).isVisible()).toBe(true);
}

/** One founder on the dashboard in two browsers (the second signed in through the form). */
async function signedInInTwoBrowsers(elsewhereWidth: number) {
  const founder = await founderAt("signed-up", { browser: e2e });
  const here = founder.ui;
  // Signed in through the form: a context opened `as` the founder would place its session again on reload.
  const elsewhere = await e2e.open({ width: elsewhereWidth });
  await here.goto("/");
  await here.page.getByRole("heading", { name: "Account Strategies" }).waitFor();
  await elsewhere.goto("/sign-in");
  await signInThroughForm(elsewhere.page, founder);
  await elsewhere.page.getByRole("heading", { name: "Account Strategies" }).waitFor();
  return { founder, here, elsewhere };
}

describe("a session ended elsewhere", () => {
  it("signed out (global) in one browser: the other returns to sign-in with the reason, and back to where it was after signing in", async () => {
    const { founder, here, elsewhere } = await signedInInTwoBrowsers(375);
    // At 375 px the title keeps its room: every device's sign-out is in the menu drawer.
    const titleFits = `(() => { const t = document.querySelector("header a[href='/']"); return t.scrollWidth <= t.clientWidth; })()`;
    expect(await elsewhere.read<boolean>(titleFits)).toBe(true);
    await elsewhere.page.getByRole("button", { name: "Open menu" }).click();
    await elsewhere.page
      .getByRole("dialog")
      .getByRole("button", { name: /Sign out everywhere/ })
      .click();
    await elsewhere.page.getByRole("button", { name: "Continue" }).waitFor();
    // The founder's own Sign Out explains nothing.
    expect(await elsewhere.page.getByText(SIGNED_OUT).count()).toBe(0);

    // The next call to the API from the first browser meets a 401.
    await here.page.getByRole("link", { name: "Risk management" }).click();
    await expectSignInWithReason(here.page, "/ria");
    // The sign-in screen is whole again: its own query (the enabled providers) survived the clean-up.
    await here.page.getByRole("button", { name: "Sign in with Google" }).waitFor();
    expect(await here.read(`Object.keys(localStorage).some((k) => k.endsWith("-auth-token"))`)).toBe(false);
    await here.screen("signed-out-notice");

    await signInThroughForm(here.page, founder);
    await here.page.getByLabel("Primary goal").waitFor();
    expect(new URL(here.page.url()).pathname).toBe("/ria");
    expect(here.pageErrors).toEqual([]);
  });

  it("Sign Out signs out this browser only: the founder's other browser keeps working", async () => {
    const { here, elsewhere } = await signedInInTwoBrowsers(1280);
    await elsewhere.page.getByRole("button", { name: "Sign Out" }).click();
    await elsewhere.page.getByRole("button", { name: "Continue" }).waitFor();

    // The next call from the first browser is still honoured: no 401, no sign-in screen.
    await here.page.getByRole("link", { name: "Risk management" }).click();
    await here.page.getByLabel("Primary goal").waitFor();
    expect(new URL(here.page.url()).pathname).toBe("/ria");
    expect(await here.page.getByText(SIGNED_OUT).count()).toBe(0);
    expect(here.pageErrors).toEqual([]);
  });

  it("a banned founder is signed out at the next call, with the reason", async () => {
    const { ui, ...founder } = await founderAt("signed-up", { browser: e2e, open: { width: 375, theme: "dark" } });
    await ui.goto("/ria");
    await ui.page.getByLabel("Primary goal").waitFor();
    await ban(founder);
    await ui.page.reload();
    await expectSignInWithReason(ui.page, "/ria");
    await ui.screen("signed-out-notice-375-dark");
  });

  it("a social sign-in that comes back with an error shows it on the sign-in screen, not a JSON page", async () => {
    const founder = await createAuthUser(e2e.stack.config.auth);
    await ban(founder);
    const ui = await e2e.open();
    await ui.goto("/sign-in");
    await ui.page.getByRole("button", { name: "Sign in with Google" }).click();
    // The emulator's stand-in for Google's consent screen.
    await ui.page.getByLabel("Email").fill(founder.email);
    await ui.page.getByLabel(/^Password/).fill(founder.password);
    await ui.page.getByRole("button", { name: "Continue" }).click();
    await ui.page.getByRole("alert").filter({ hasText: "Social sign-in did not complete: User is banned" }).waitFor();
    const url = new URL(ui.page.url());
    expect(url.pathname).toBe("/sign-in");
    expect(url.searchParams.get("redirect")).toBe("/");
    await ui.screen("provider-error");
  });
});
