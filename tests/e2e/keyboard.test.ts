// Keyboard and screen-reader basics (issue 17): focus lands on the first field or the heading of
// every view and route, a skip link leads to the main content, dialogs open on their first field,
// and the way in (sign-in, enrolment skipped, choose strategy, step 1) works with the keyboard alone.
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { setupE2E } from "./support/harness";
import { createFounder } from "../support/founders";

const e2e = setupE2E();

/** What has focus: its accessible name (label text for fields) and tag. */
async function focused(page: Page): Promise<{ tag: string; label: string; text: string }> {
  return page.evaluate(`(() => {
    const el = document.activeElement;
    if (!el) return { tag: "", label: "", text: "" };
    const id = el.getAttribute("id");
    const label = (id && document.querySelector('label[for="' + id + '"]')?.textContent) || el.getAttribute("aria-label") || "";
    return { tag: el.tagName.toLowerCase(), label: label.trim(), text: (el.textContent || "").trim() };
  })()`);
}

async function tabTo(page: Page, matches: (f: { tag: string; label: string; text: string }) => boolean, max = 40, key = "Tab"): Promise<void> {
  for (let i = 0; i < max; i++) {
    if (matches(await focused(page))) return;
    await page.keyboard.press(key);
  }
  throw new Error(`focus never reached the element (last: ${JSON.stringify(await focused(page))})`);
}

describe("keyboard (browser)", () => {
  it("signs in, skips enrolment, chooses a strategy and reaches step 1 with the keyboard alone; focus follows every view and route", async () => {
    const founder = await createFounder(e2e.stack);
    const ui = await e2e.open({ width: 1280 });
    const { page } = ui;
    await ui.goto("/sign-in");
    await page.getByRole("heading", { name: "Welcome!" }).waitFor();
    expect(await focused(page)).toMatchObject({ tag: "input", label: "Email" });
    await page.keyboard.type(founder.email);
    await page.keyboard.press("Enter");
    // The password view opens on the password.
    await page.getByLabel("Password").waitFor();
    await expect.poll(() => focused(page)).toMatchObject({ tag: "input", label: "Password" });
    await page.keyboard.type(founder.password);
    await page.keyboard.press("Enter");

    // Enrolment opens on the code field; Skip is reached with Tab.
    await page.getByTestId("totp-secret").waitFor();
    await expect.poll(() => focused(page)).toMatchObject({ label: "Authentication code" });
    await ui.screen("keyboard-mfa-enroll");
    await tabTo(page, (f) => f.tag === "button" && f.text === "Skip");
    await page.keyboard.press("Enter");

    // The dashboard: focus on its heading, and the skip link is the first Tab stop.
    await page.getByRole("heading", { name: "Account Strategies" }).waitFor();
    await expect.poll(() => focused(page)).toMatchObject({ tag: "h1" });
    // The skip link is the page's first Tab stop: reached going back from the heading.
    await tabTo(page, (f) => f.tag === "a" && f.text === "Skip to main content", 40, "Shift+Tab");
    await page.keyboard.press("Shift+Tab");
    expect((await focused(page)).tag).toBe("body");
    await page.keyboard.press("Tab");
    expect(await focused(page)).toMatchObject({ tag: "a", text: "Skip to main content" });
    await ui.screen("keyboard-skip-link");
    await page.keyboard.press("Enter");
    expect(await focused(page)).toMatchObject({ tag: "main" });

    // Add Strategy → Choose strategy: focus moves to the new screen's heading.
    await tabTo(page, (f) => f.tag === "button" && /Add Strategy/i.test(f.text));
    await page.keyboard.press("Enter");
    await page.getByRole("heading", { name: "Choose strategy" }).waitFor();
    await expect.poll(() => focused(page)).toMatchObject({ tag: "h1", text: "Choose strategy" });
    await tabTo(page, (f) => f.tag === "button" && f.text === "Select");
    await page.keyboard.press("Enter");
    await page.getByRole("heading", { name: "Choose your foundation name" }).waitFor();
    await expect.poll(() => focused(page)).toMatchObject({ tag: "h1" });

    // Step 1 with the keyboard: the fields in order, then Next.
    await tabTo(page, (f) => f.label === "First choice");
    await page.keyboard.type("Keyboard Giving LLC");
    await page.keyboard.press("Tab");
    await page.keyboard.type("Keyboard Fund LLC");
    await tabTo(page, (f) => f.tag === "button" && f.text === "Next");
    await page.keyboard.press("Enter");
    await page.getByRole("heading", { name: "Enter your personal information" }).waitFor();
    await ui.screen("keyboard-step-2");
    expect(ui.pageErrors).toEqual([]);
  });

  it("at 375 px, a link in the menu drawer moves focus to the new screen's heading", async () => {
    const founder = await createFounder(e2e.stack);
    const ui = await e2e.open({ width: 375, height: 812, as: founder });
    const { page } = ui;
    await ui.goto("/");
    await page.getByRole("heading", { name: "Account Strategies" }).waitFor();
    await page.getByRole("button", { name: "Open menu" }).focus();
    await page.keyboard.press("Enter");
    const menu = page.getByRole("dialog");
    await menu.getByRole("link", { name: "Other owners" }).waitFor();
    await tabTo(page, (f) => f.tag === "a" && f.text === "Other owners");
    await page.keyboard.press("Enter");
    await page.getByRole("heading", { name: "Other owners" }).waitFor();
    await expect.poll(() => focused(page)).toMatchObject({ tag: "h1", text: "Other owners" });
  });
});
