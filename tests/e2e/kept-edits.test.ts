// Edits on a form are not lost without a word (docs/decisions/0151): whatever meets the session ended
// elsewhere (a save, the notifications' refresh with no click at all, a refused token refresh) keeps the
// typed values in the page's memory (never in browser storage, never an SSN), says so on the sign-in
// screen, and fills them in again on the form after signing in; and leaving a form with unsaved
// changes by a link, a reload, Back or Cancel asks first.
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { setupE2E, type UiPage } from "../support/e2e-harness";
import { signInThroughForm } from "../support/steps/actions";
import {
  createOrganization,
  createStrategy,
  founderAt,
  linkOwner,
  storageKeyFor,
  type FounderAt,
} from "../support/founders";
import { httpApi } from "../support/http";
import { scaled } from "../support/machine";

// The API re-checks the session on every call, so an ended session is refused at once.
const e2e = setupE2E({ env: { SESSION_CHECK_TTL_SECONDS: "0" } });

/** Ends every session of the founder at the auth service, as a sign-out on another device does. */
async function signOutEverywhere(token: string): Promise<void> {
  const { url, anonKey } = e2e.stack.config.auth;
  const res = await fetch(`${url}/auth/v1/logout?scope=global`, {
    method: "POST",
    headers: { apikey: anonKey, authorization: `Bearer ${token}` },
  });
  expect(res.status).toBe(204);
}

/** Step 1 done as the web saves it, then step 2 opened in the founder's page; the strategy's id. */
async function openStep2(f: FounderAt<"profile"> & { ui: UiPage }): Promise<number> {
  const api = httpApi(e2e.stack.app.url);
  const strategyId = await createStrategy(api, f.token, f.accountId);
  await linkOwner(api, f.token, await createOrganization(api, f.token, strategyId), f.personId, true);
  await f.ui.goto(`/create-foundation/${strategyId}/2`);
  return strategyId;
}

const storageText = (page: Page) =>
  page.evaluate("JSON.stringify([Object.values(localStorage), Object.values(sessionStorage)])") as Promise<string>;

describe("edits kept through an ended session", () => {
  it("a refused save says the changes were not saved, and after signing in the form has them again", async () => {
    const founder = await founderAt("profile", { browser: e2e });
    const { ui } = founder;
    const { page } = ui;
    await ui.goto("/edit-profile");
    const city = page.getByLabel("City");
    await city.fill("Wilmington Kept");
    await signOutEverywhere(founder.token);
    await page.getByRole("button", { name: "Done" }).click();

    await page.getByText("Your changes to your profile were not saved.", { exact: false }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/sign-in");
    expect(await storageText(page)).not.toContain("Wilmington Kept");
    await ui.screen("kept-edits-sign-in");

    await signInThroughForm(page, founder);
    await page.getByText("Your changes that were not saved are filled in again.", { exact: false }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/edit-profile");
    expect(await city.inputValue()).toBe("Wilmington Kept");
    await ui.screen("kept-edits-restored");
    await page.getByRole("button", { name: "Done" }).click();
    await page.getByText("Profile updated successfully", { exact: true }).waitFor();
    expect(ui.pageErrors).toEqual([]);
  });

  it("the same at 375 px in the dark theme (and at 1280 px dark, 375 px light for the screens)", async () => {
    const founder = await founderAt("profile", { browser: e2e, open: { width: 375, theme: "dark" } });
    const { ui } = founder;
    const { page } = ui;
    await ui.goto("/edit-profile");
    await page.getByLabel("City").fill("Lewes Kept");
    await signOutEverywhere(founder.token);
    await page.getByRole("button", { name: "Done" }).click();
    await page.getByText("Your changes to your profile were not saved.", { exact: false }).waitFor();
    await ui.screen("kept-edits-sign-in-375-dark");
    for (const look of [
      { width: 1280, theme: "dark" },
      { width: 375, theme: "light" },
    ] as const) {
      await page.setViewportSize({ width: look.width, height: 800 });
      await ui.read(`document.documentElement.dataset.theme = ${JSON.stringify(look.theme)}`);
      await ui.screen(`kept-edits-sign-in-${look.width}-${look.theme}`);
    }
    await page.setViewportSize({ width: 375, height: 800 });
    await ui.read(`document.documentElement.dataset.theme = "dark"`);
    await signInThroughForm(page, founder);
    await page.getByText("Your changes that were not saved are filled in again.", { exact: false }).waitFor();
    expect(await page.getByLabel("City").inputValue()).toBe("Lewes Kept");
    await ui.screen("kept-edits-restored-375-dark");
  });
});

describe("edits kept through any forced sign-out", () => {
  it("'Sign out everywhere' in another browser, no click here: the notifications refresh meets it, and signing in brings the edits back", async () => {
    const founder = await founderAt("profile", { browser: e2e });
    const here = founder.ui;
    await here.goto("/edit-profile");
    await here.page.getByLabel("Address line 2 (optional)").fill("Suite Kept 9");
    await here.page.getByLabel("City").fill("Milford Kept");

    const elsewhere = await e2e.open({ width: 1280 });
    await elsewhere.goto("/sign-in");
    await signInThroughForm(elsewhere.page, founder);
    await elsewhere.page.getByRole("heading", { name: "Account Strategies" }).waitFor();
    await elsewhere.page.getByRole("button", { name: "Sign-out choices" }).click();
    await elsewhere.page.getByRole("menuitem", { name: /Sign out everywhere/ }).click();
    await elsewhere.page.getByRole("button", { name: "Continue" }).waitFor();

    // Nothing is clicked here: the 30 s notifications refresh (requirements §9) meets the ended session.
    await here.page
      .getByText("Your changes to your profile were not saved.", { exact: false })
      .waitFor({ timeout: scaled(60_000) });
    expect(new URL(here.page.url()).pathname).toBe("/sign-in");
    await here.page.getByText("You were signed out. Please sign in again.").waitFor();
    expect(await storageText(here.page)).not.toContain("Milford Kept");
    await here.screenEachLook("kept-edits-after-refresh");

    await signInThroughForm(here.page, founder);
    await here.page.getByText("Your changes that were not saved are filled in again.", { exact: false }).waitFor();
    expect(new URL(here.page.url()).pathname).toBe("/edit-profile");
    expect(await here.page.getByLabel("Address line 2 (optional)").inputValue()).toBe("Suite Kept 9");
    expect(await here.page.getByLabel("City").inputValue()).toBe("Milford Kept");
    expect(here.pageErrors).toEqual([]);
  });

  it("a refused token refresh on a creation step keeps what was typed but the SSN, and says so", async () => {
    const f = await founderAt("profile", { browser: e2e, open: { width: 375, theme: "dark" } });
    const strategyId = await openStep2(f);
    const { ui } = f;
    const { page } = ui;
    await page.getByLabel("City").fill("Dover Kept");
    await page.getByLabel("SSN").fill("987-65-4321");
    await signOutEverywhere(f.token);
    // The access token falls due (made so in storage) and the page comes back into view: supabase-js
    // refreshes it, and the auth service refuses the ended session.
    const key = JSON.stringify(storageKeyFor(e2e.browserAuthUrl));
    await ui.read(
      `(() => { const s = JSON.parse(localStorage.getItem(${key})); s.expires_at = 1; localStorage.setItem(${key}, JSON.stringify(s)); document.dispatchEvent(new Event("visibilitychange")); })()`,
    );

    const notice = page.getByText("Your changes to your personal information were not saved.", { exact: false });
    await notice.waitFor();
    expect(await notice.textContent()).toContain("the SSN you typed was not kept: enter it again.");
    expect(await storageText(page)).not.toContain("Dover Kept");
    expect(await storageText(page)).not.toContain("4321");
    await ui.screenEachLook("kept-edits-step-sign-in");

    await signInThroughForm(page, f);
    const restored = page.getByText("Your changes that were not saved are filled in again.", { exact: false });
    await restored.waitFor();
    expect(await restored.textContent()).toContain("press Next to save");
    expect(new URL(page.url()).pathname).toBe(`/create-foundation/${strategyId}/2`);
    expect(await page.getByLabel("City").inputValue()).toBe("Dover Kept");
    // The SSN on record (masked), not the one typed.
    expect(await page.getByLabel("SSN").inputValue()).not.toContain("4321");
    await ui.screen("kept-edits-step-restored-375-dark");
  });
});

describe("leaving a form with unsaved changes", () => {
  it("a link asks first (stay keeps the edits, leave goes), and so does closing or reloading the tab", async () => {
    const { ui } = await founderAt("profile", { browser: e2e });
    const { page } = ui;
    await ui.goto("/edit-profile");
    const city = page.getByLabel("City");
    await city.fill("Dover Unsaved");

    const asked: string[] = [];
    page.once("dialog", (d) => {
      asked.push(`${d.type()}: ${d.message()}`);
      void d.dismiss();
    });
    await page.getByRole("link", { name: "Dashboard" }).first().click();
    await expect.poll(() => asked.length).toBe(1);
    expect(asked[0]).toBe("confirm: You have changes that are not saved. Leave this page and lose them?");
    expect(new URL(page.url()).pathname).toBe("/edit-profile");
    expect(await city.inputValue()).toBe("Dover Unsaved");

    // A reload or closing the tab: the browser's own prompt (closing stands in for both here).
    page.once("dialog", (d) => {
      asked.push(d.type());
      void d.dismiss();
    });
    await page.close({ runBeforeUnload: true });
    await expect.poll(() => asked.length).toBe(2);
    expect(asked[1]).toBe("beforeunload");
    expect(page.isClosed()).toBe(false);
    expect(await city.inputValue()).toBe("Dover Unsaved");

    page.once("dialog", (d) => void d.accept());
    await page.getByRole("link", { name: "Dashboard" }).first().click();
    await page.waitForURL((u) => u.pathname === "/");
  });

  it("a creation step asks too before a reload or a link loses what was typed", async () => {
    const f = await founderAt("profile", { browser: e2e });
    const strategyId = await openStep2(f);
    const { ui } = f;
    const { page } = ui;
    const city = page.getByLabel("City");
    await city.fill("Dover Typed");

    const asked: string[] = [];
    page.once("dialog", (d) => {
      asked.push(d.type());
      void d.dismiss();
    });
    await page.close({ runBeforeUnload: true });
    await expect.poll(() => asked.length).toBe(1);
    expect(asked[0]).toBe("beforeunload");
    expect(page.isClosed()).toBe(false);
    expect(await city.inputValue()).toBe("Dover Typed");

    page.once("dialog", (d) => {
      asked.push(d.type());
      void d.dismiss();
    });
    await page.getByRole("link", { name: "Dashboard" }).first().click();
    await expect.poll(() => asked.length).toBe(2);
    expect(asked[1]).toBe("confirm");
    expect(new URL(page.url()).pathname).toBe(`/create-foundation/${strategyId}/2`);
  });

  it("Back on step 1, Cancel on Edit DAF and the browser's Back ask first too; staying keeps the edits", async () => {
    const f = await founderAt("entry", { browser: e2e });
    const { ui } = f;
    const { page } = ui;
    const asked: string[] = [];
    const answer = (stay: boolean) =>
      page.once("dialog", (d) => {
        asked.push(d.message());
        void (stay ? d.dismiss() : d.accept());
      });

    await ui.goto(`/create-foundation/${f.strategyId}/1`);
    const name = page.getByLabel("First choice", { exact: false });
    await name.fill("Kept Back Giving LLC");
    answer(true);
    await page.getByRole("button", { name: "Back" }).click();
    await expect.poll(() => asked.length).toBe(1);
    expect(new URL(page.url()).pathname).toBe(`/create-foundation/${f.strategyId}/1`);
    expect(await name.inputValue()).toBe("Kept Back Giving LLC");

    // To Edit DAF through the menu (leaving the step: agreed), so the browser's Back stays in the app.
    answer(false);
    await page.getByRole("link", { name: "Donor-advised fund" }).first().click();
    await page.waitForURL((u) => u.pathname === "/edit-daf");
    const custodian = page.getByLabel("Custodian");
    await custodian.selectOption({ index: 2 });
    const chosen = await custodian.inputValue();
    answer(true);
    await page.getByRole("button", { name: "Cancel" }).click();
    await expect.poll(() => asked.length).toBe(3);
    expect(new URL(page.url()).pathname).toBe("/edit-daf");
    answer(true);
    await page.goBack({ waitUntil: "commit" });
    await expect.poll(() => asked.length).toBe(4);
    await expect.poll(() => new URL(page.url()).pathname).toBe("/edit-daf");
    expect(await custodian.inputValue()).toBe(chosen);
    answer(false);
    await page.getByRole("button", { name: "Cancel" }).click();
    await page.waitForURL((u) => u.pathname === "/");
    expect(asked.every((m) => m === "You have changes that are not saved. Leave this page and lose them?")).toBe(true);
  });
});
