// Edits on a form are not lost without a word (docs/decisions/0151): a save refused because the session ended
// elsewhere keeps the typed values in the page's memory (never in browser storage), says so on the
// sign-in screen, and fills them in again on the form after signing in; and leaving a form with
// unsaved changes by a link, or by a reload, asks first.
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { setupE2E } from "../support/e2e-harness";
import { signInThroughForm } from "../support/steps/actions";
import { createOrganization, createStrategy, founderAt, linkOwner } from "../support/founders";
import { httpApi } from "../support/http";

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
    // Step 1 done as the web saves it, so step 2 opens.
    const api = httpApi(e2e.stack.app.url);
    const strategyId = await createStrategy(api, f.token, f.accountId);
    await linkOwner(api, f.token, await createOrganization(api, f.token, strategyId), f.personId, true);
    const { ui } = f;
    const { page } = ui;
    await ui.goto(`/create-foundation/${strategyId}/2`);
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
});
