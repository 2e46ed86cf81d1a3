// Browser suite for the notification bell and popover (requirements §2, §4) against the real local stack:
// real events (owners added through the API) raise the unread badge; mark-one lowers it,
// mark-all clears it, and both are stored (a reload shows the same).
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { accountOf, addPerson, founderAt, type SignedUpFounder } from "../support/founders";
import { httpApi } from "../support/http";
import { setupE2E, THEME_STORAGE_KEY } from "../support/e2e-harness";
import { focusSettled } from "../support/screens";

const e2e = setupE2E();

/** Adds an additional owner with the founder's token: the server notifies 'Owner added'. */
async function addOwner(founder: SignedUpFounder, email: string): Promise<void> {
  const api = httpApi(e2e.stack.app.url);
  // addPerson fails unless the API answers 201.
  await addPerson(api, founder.token, await accountOf(api, { userId: founder.id, token: founder.token }), {
    ownerEmail: email,
  });
}

const badge = (page: Page) => page.getByTestId("notifications-badge");
const bell = (page: Page) => page.getByRole("button", { name: /^Notifications/ });

describe("notifications", () => {
  it("shows 'No notifications' before anything happened", async () => {
    const { ui } = await founderAt("signed-up", { browser: e2e });
    await ui.goto("/");
    await focusSettled(ui.page);
    await bell(ui.page).click();
    await ui.page.getByText("No notifications").waitFor();
    expect(await badge(ui.page).count()).toBe(0);
    await ui.screen("notifications-empty");
  });

  it("real events raise the badge; mark one lowers it, mark all clears it, and a reload agrees", async () => {
    const founder = await founderAt("signed-up", { on: e2e.stack });
    await addOwner(founder, `one-${founder.id.slice(0, 8)}@example.com`);
    await addOwner(founder, `two-${founder.id.slice(0, 8)}@example.com`);
    const ui = await e2e.open({ as: founder });
    const { page } = ui;
    await ui.goto("/");
    await expect.poll(() => badge(page).textContent()).toBe("2");
    await focusSettled(page);
    await bell(page).click();
    const list = page.getByRole("list", { name: "Notifications list" });
    await list.getByText("Owner added").first().waitFor();
    expect(await list.getByRole("listitem").count()).toBe(2);
    await ui.screen("notifications-1280-light");

    await list
      .getByRole("button", { name: /^Mark "Owner added" as read$/ })
      .first()
      .click();
    await expect.poll(() => badge(page).textContent()).toBe("1");
    // The marked item's button went away; focus stayed in the popover, so Escape still closes it.
    await page.keyboard.press("Escape");
    await list.waitFor({ state: "detached" });
    await ui.goto("/");
    await expect.poll(() => badge(page).textContent()).toBe("1");
    await focusSettled(page);

    await bell(page).click();
    await page.getByRole("button", { name: "Mark all as read" }).click();
    await badge(page).waitFor({ state: "detached" });
    await page.getByText("All caught up").waitFor();
    // A disabled button once dropped focus out of the panel, so Escape did nothing.
    await page.keyboard.press("Escape");
    await page.getByText("All caught up").waitFor({ state: "detached" });
    expect(await ui.read<string>("document.activeElement.getAttribute('aria-label')")).toBe("Notifications");
    await ui.goto("/");
    await bell(page).waitFor();
    await page.waitForLoadState("networkidle");
    expect(await badge(page).count()).toBe(0);
  });

  it("fits 375 px and passes axe in both themes (and 1280 px dark)", async () => {
    const founder = await founderAt("signed-up", { on: e2e.stack });
    await addOwner(founder, `narrow-${founder.id.slice(0, 8)}@example.com`);
    // One window for the three looks, the screen loaded again for each at its width, its theme saved
    // before the load as the toggle saves it (open() saved the first): a fresh context's first load
    // costs about twice a later one's CPU (docs/decisions/0120).
    const ui = await e2e.open({ as: founder, width: 375, theme: "dark" });
    const looks = [
      { width: 375, theme: "dark" },
      { width: 1280, theme: "dark" },
      { width: 375, theme: "light" },
    ] as const;
    for (const [i, look] of looks.entries()) {
      await ui.page.setViewportSize({ width: look.width, height: 800 });
      if (i > 0)
        await ui.read(
          `localStorage.setItem(${JSON.stringify(THEME_STORAGE_KEY)}, ${JSON.stringify(JSON.stringify({ data: look.theme }))})`,
        );
      await ui.goto("/");
      expect(await ui.read("document.documentElement.dataset.theme")).toBe(look.theme);
      await expect.poll(() => badge(ui.page).textContent()).toBe("1");
      await focusSettled(ui.page);
      await bell(ui.page).click();
      const panel = ui.page.getByRole("list", { name: "Notifications list" });
      await panel.waitFor();
      await ui.screen(`notifications-${look.width}-${look.theme}`);
      const box = await panel.boundingBox();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(look.width);
    }
  });
});
