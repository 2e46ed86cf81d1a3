// What the edit-screen browser suites share: a founder past step 5 seeded through the API, an owner
// verified through the emailed link, the save flow, and the other looks a screen must pass.
import { expect } from "vitest";
import type { Page } from "playwright-core";
import { MailboxClient, findLink } from "../support/mail";
import { addOwner, founderAt, type EntryFounder } from "../support/founders";
import { THEME_STORAGE_KEY, type E2E, type UiPage } from "../support/e2e-harness";
import { apiCall } from "../support/api";
import { OWNER } from "../support/entry";
import { captureInWidget } from "../support/steps/actions";

/** The hosted identity-check link in an owner's verification mail. */
export const HOSTED_LINK = /https?:\/\/[^\s"'<>]+\/websdk\/p\/sbx_[0-9a-f]+/;

/** Waits for a toast with exactly this text. */
export async function toast(page: Page, text: string): Promise<void> {
  await page.getByText(text, { exact: true }).waitFor();
}

/** Done → the success toast → back on the dashboard (the save flow navigates after ~1 s). */
export async function saveAndLeave(page: Page, success: string): Promise<void> {
  await page.getByRole("button", { name: "Done" }).click();
  await toast(page, success);
  await page.waitForURL((u) => u.pathname === "/");
}

/** The screen as it stands, 1280 and 375 px, both themes (set as applyTheme does: a dialog hides the switch). */
export async function screenInEveryLook(ui: UiPage, name: string): Promise<void> {
  for (const theme of ["light", "dark"] as const) {
    await ui.read(
      `(document.documentElement.dataset.theme = "${theme}", document.documentElement.style.colorScheme = "${theme}")`,
    );
    for (const width of [1280, 375]) {
      await ui.page.setViewportSize({ width, height: 900 });
      await ui.screen(`${name}-${width}-${theme}`);
    }
  }
  await ui.read(
    `(document.documentElement.dataset.theme = "light", document.documentElement.style.colorScheme = "light")`,
  );
  await ui.page.setViewportSize({ width: 1280, height: 900 });
}

/** The helpers bound to one file's stack and browser. */
export function editScreenHelpers(e2e: E2E) {
  const call = <T>(token: string, method: string, route: string, body?: unknown) =>
    apiCall<T>(e2e.stack.app.url, token, method, route, body);

  /** A founder past step 5: strategy, organization, profile, identity check passed, DAF, custodian, approved. */
  const seedCompletedFounder = (): Promise<EntryFounder> => founderAt("submitted", { on: e2e.stack });

  /** An additional owner who passed the identity check through the emailed link, as a real owner would. */
  async function addVerifiedOwner(s: EntryFounder, email: string): Promise<number> {
    const ownerId = await addOwner(e2e.stack, s, email);
    await call(s.token, "PATCH", `/api/persons/${ownerId}`, OWNER);
    await call(s.token, "POST", "/api/sumsub/send_sumsub_emails", [ownerId]);
    const mail = await new MailboxClient(e2e.stack.mail!.url).latest(email, { subject: "verify your identity" });
    const ui = await e2e.open();
    await ui.page.goto(findLink(mail, HOSTED_LINK));
    await captureInWidget(ui.page);
    await ui.page.getByText("Verification approved").waitFor();
    await ui.context.close();
    return ownerId;
  }

  async function openAs(
    s: EntryFounder,
    path: string,
    opts: { width?: number; theme?: "light" | "dark" } = {},
  ): Promise<UiPage> {
    const ui = await e2e.open({ as: s, ...opts });
    await ui.goto(path);
    return ui;
  }

  /** 375 px in both themes and 1280 px dark, scanned and photographed in one context (docs/decisions/0120). */
  async function checkOtherLooks(s: EntryFounder, path: string, name: string, ready: string): Promise<void> {
    const ui = await openAs(s, path, { width: 375, theme: "dark" });
    const check = async (width: number, theme: "light" | "dark") => {
      await ui.page.getByLabel(ready).first().waitFor();
      await ui.screen(`${name}-${width}-${theme}`);
      const overflow = await ui.read<number>(
        "document.documentElement.scrollWidth - document.documentElement.clientWidth",
      );
      expect(overflow, `${name} at ${width} px overflows`).toBeLessThanOrEqual(0);
    };
    await check(375, "dark");
    await ui.page.setViewportSize({ width: 1280, height: 800 });
    await check(1280, "dark");
    await ui.page.setViewportSize({ width: 375, height: 800 });
    await ui.read(
      `localStorage.setItem(${JSON.stringify(THEME_STORAGE_KEY)}, ${JSON.stringify(JSON.stringify({ data: "light" }))})`,
    );
    await ui.goto(path);
    await check(375, "light");
    await ui.context.close();
  }

  return { call, seedCompletedFounder, addVerifiedOwner, openAs, checkOtherLooks };
}
