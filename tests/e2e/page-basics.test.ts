// What every page owes a founder before its content (docs/decisions/0194): a title of its own
// in the browser's tab, a favicon that is a real file, the system's dark mode when no theme is saved
// (a saved one wins, docs/decisions/0194), and an 'Add Strategy' that steps back once the one
// strategy an account holds exists.
import { describe, expect, it } from "vitest";
import { setupE2E, THEME_STORAGE_KEY } from "../support/e2e-harness";
import { founderAt } from "../support/founders";

const e2e = setupE2E();

describe("page basics", () => {
  it("each screen names itself in the tab's title, and the favicon is served as a file", async () => {
    const anonymous = await e2e.open();
    await anonymous.goto("/sign-in");
    await anonymous.page.getByRole("button", { name: "Continue" }).waitFor();
    await expect.poll(() => anonymous.page.title()).toBe("Sign in · Founder Foundation");
    const icon = await anonymous.read<string>(`document.querySelector("link[rel=icon]").href`);
    const res = await fetch(new URL(new URL(icon).pathname, e2e.stack.app.url));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("image/svg+xml");

    const { ui } = await founderAt("profile", { browser: e2e });
    for (const [path, ready, title] of [
      ["/", "Account Strategies", "Dashboard"],
      ["/edit-profile", "Edit Profile", "Edit Profile"],
      ["/ria", "RIA Risk Advisor", "RIA Risk Advisor"],
    ] as const) {
      await ui.goto(path);
      await ui.page.getByRole("heading", { name: ready }).first().waitFor();
      await expect.poll(() => ui.page.title()).toBe(`${title} · Founder Foundation`);
    }
  });

  it("follows the system's dark mode while no theme is saved; the toggle's saved choice wins after that", async () => {
    const { ui } = await founderAt("signed-up", { browser: e2e, open: { width: 375 } });
    await ui.page.emulateMedia({ colorScheme: "dark" });
    await ui.goto("/");
    await ui.page.getByRole("heading", { name: "Account Strategies" }).waitFor();
    expect(await ui.read<string>("document.documentElement.dataset.theme")).toBe("dark");
    await ui.screen("dashboard-system-dark-375");
    await ui.page.getByRole("button", { name: "Switch to light theme" }).click();
    await ui.page.reload();
    await ui.page.getByRole("heading", { name: "Account Strategies" }).waitFor();
    expect(await ui.read<string>("document.documentElement.dataset.theme")).toBe("light");
    expect(await ui.read<string>(`localStorage.getItem(${JSON.stringify(THEME_STORAGE_KEY)})`)).toBe(
      JSON.stringify({ data: "light" }),
    );
  });

  it("'Add Strategy' is the main action only while the founder has no foundation", async () => {
    const { ui } = await founderAt("entry", { browser: e2e, open: { width: 1280 } });
    await ui.goto("/");
    await ui.page.getByText("IN PROGRESS").waitFor();
    // Outlined: no fill of its own (the primary button is filled with the primary colour).
    const fill = `getComputedStyle([...document.querySelectorAll("button")].find((b) => b.textContent === "Add Strategy")).backgroundColor`;
    expect(await ui.read<string>(fill)).toBe("rgba(0, 0, 0, 0)");
    await ui.page.getByText("You have your Founder Foundation, the one strategy offered today").waitFor();
    await ui.screen("dashboard-add-strategy-secondary");
  });
});
