// Registration and TOTP enrolment as a new founder meets them (requirements §2, §4, §5):
// a slow auth service, the confirmation link opened in a second tab while the first still shows
// the pending view, a reload after Skip, signing up again with a registered address, and an
// address not yet confirmed (the mail offered again, over a reload too, and its link confirming).
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { setupE2E } from "../support/e2e-harness";
import { createAuthUser, uniqueEmail } from "../support/founders";
import { findLink, MailboxClient } from "../support/mail";
import { totpCode } from "../support/totp";
import { scaled } from "../support/machine";

const e2e = setupE2E();

function mailbox(): MailboxClient {
  const url = e2e.stack.mail?.url;
  if (!url) throw new Error("the embedded mailbox is not running");
  return new MailboxClient(url);
}

/** Every request of the page to the auth service waits this long first (a busy or distant auth host). */
async function slowAuth(page: Page, delayMs: number) {
  await page.route(`${e2e.browserAuthUrl}/**`, async (route) => {
    await new Promise((r) => setTimeout(r, delayMs));
    await route.continue().catch(() => undefined);
  });
}

async function signUp(page: Page, email: string, password: string) {
  await page.goto("/sign-in");
  await page.getByRole("button", { name: "Don't have an account? Sign up" }).click();
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("First name").fill("Grace");
  await page.getByLabel("Last name").fill("Hopper");
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign up" }).click();
  await page.getByText(`We've sent a verification email to ${email}`).waitFor();
}

/** The enrol view ends in a QR with its key, or a message with a way to retry: never 'Preparing' for good. */
async function enrolmentOutcome(page: Page): Promise<"qr" | "error"> {
  const qr = page.getByTestId("totp-secret");
  const retry = page.getByRole("button", { name: "Try again" });
  await qr
    .or(retry)
    .first()
    .waitFor({ timeout: scaled(30_000) });
  return (await qr.isVisible()) ? "qr" : "error";
}

/** Sign-up in one tab, the confirmation link in a second tab of the same browser; both on enrolment. */
async function twoTabsOnEnrolment(label: string) {
  const ui = await e2e.open({ width: 1280 });
  const email = uniqueEmail(label);
  await signUp(ui.page, email, "Signup-pass1!");
  const mail = await mailbox().latest(email, { subject: "Confirm Your Signup", timeoutMs: scaled(15_000) });
  const second = await ui.context.newPage();
  await second.goto(findLink(mail));
  /** The key each tab shows: the second tab's first. */
  const secrets: string[] = [];
  for (const page of [second, ui.page]) {
    const key = page.getByTestId("totp-secret");
    // A rare CI failure here showed only the timeout: say which tab, and what it shows instead.
    await key.waitFor({ timeout: scaled(30_000) }).catch(async (err: unknown) => {
      const shown = (
        await page
          .locator("main")
          .innerText()
          .catch(() => "?")
      ).replace(/\s+/g, " ");
      throw new Error(`${page === second ? "the link's tab" : "the sign-up tab"} shows no key: "${shown}"`, {
        cause: err,
      });
    });
    secrets.push((await key.textContent())!.replace(/\s/g, ""));
  }
  return { ui, second, secrets };
}

describe("TOTP enrolment (browser)", () => {
  it("the confirmation link opened in a new tab, beside the pending tab, on a slow auth service: the founder gets a QR that works", async () => {
    const ui = await e2e.open({ width: 1280 });
    const email = uniqueEmail("enrol");
    const password = "Signup-pass1!";
    await signUp(ui.page, email, password);
    const mail = await mailbox().latest(email, { subject: "Confirm Your Signup", timeoutMs: scaled(15_000) });

    // Both tabs see the new session (supabase-js shares it between tabs) and both reach enrolment.
    const second = await ui.context.newPage();
    await slowAuth(ui.page, 400);
    await slowAuth(second, 400);
    await second.goto(findLink(mail));

    for (const page of [second, ui.page]) {
      await page
        .getByText("Scan this code with your authenticator app, then enter the code it shows.")
        .waitFor({ timeout: scaled(30_000) });
    }
    // Both tabs settle: neither is left on 'Preparing your authenticator...'.
    const outcomes = await Promise.all([enrolmentOutcome(second), enrolmentOutcome(ui.page)]);
    expect(outcomes).toEqual(["qr", "qr"]);
    // The tab the founder uses last has a QR whose code is accepted (if the other tab replaced its
    // factor, it says so and shows the new QR).
    const page = ui.page;
    await page.bringToFront();
    const replaced = page.getByText(
      "This QR code was replaced by a newer one. Scan the new code and enter the code it shows.",
    );
    const dashboard = page.getByRole("heading", { name: "Account Strategies" });
    for (let attempt = 0; attempt < 2 && !(await dashboard.isVisible()); attempt++) {
      const secret = (await page.getByTestId("totp-secret").textContent())!.replace(/\s/g, "");
      await page.getByLabel("Authentication code").fill(totpCode(secret));
      await page.getByRole("button", { name: "Verify" }).click();
      await dashboard
        .or(replaced)
        .first()
        .waitFor({ timeout: scaled(30_000) });
    }
    await dashboard.waitFor();
    await second.close();
  });

  it("two tabs of one founder (sign-up in one, the confirmation link in another) show one authenticator key, and Skip in one reaches both", async () => {
    const { ui, second, secrets } = await twoTabsOnEnrolment("twotabs");
    // One pending factor for the account: the same key in both tabs, so the founder's app gets one entry.
    expect(secrets[0]).toBe(secrets[1]);
    // A moment later (each tab has settled) still the same key: no tab replaced the other's factor.
    await ui.page.waitForTimeout(1000);
    expect((await second.getByTestId("totp-secret").textContent())!.replace(/\s/g, "")).toBe(secrets[0]);
    expect((await ui.page.getByTestId("totp-secret").textContent())!.replace(/\s/g, "")).toBe(secrets[0]);

    // The gate's choice is the founder's, not the tab's: Skip in one lets both through.
    await second.getByRole("button", { name: "Skip" }).click();
    await second.getByRole("heading", { name: "Account Strategies" }).waitFor();
    await ui.page.getByRole("heading", { name: "Account Strategies" }).waitFor({ timeout: scaled(10_000) });
    await second.close();
  });

  it("a code from the key both tabs show is accepted in either tab, and both go on to the app", async () => {
    const { ui, second, secrets } = await twoTabsOnEnrolment("twotabs-verify");
    // The key read in the second tab, the code typed in the first.
    const secret = secrets[0]!;
    await ui.page.bringToFront();
    await ui.page.getByLabel("Authentication code").fill(totpCode(secret));
    await ui.page.getByRole("button", { name: "Verify" }).click();
    await ui.page.getByRole("heading", { name: "Account Strategies" }).waitFor({ timeout: scaled(15_000) });
    expect(await ui.page.getByText(/This QR code was replaced/).count()).toBe(0);
    await second.getByRole("heading", { name: "Account Strategies" }).waitFor({ timeout: scaled(15_000) });
    await second.close();
  });

  it("after Skip, a reload and a new tab go straight to the app for the rest of the session; signing out ends the skip", async () => {
    const ui = await e2e.open({ width: 375, height: 812 });
    const email = uniqueEmail("skip");
    const password = "Signup-pass1!";
    await signUp(ui.page, email, password);
    const mail = await mailbox().latest(email, { subject: "Confirm Your Signup", timeoutMs: scaled(15_000) });
    await ui.page.goto(findLink(mail));
    await ui.page.getByTestId("totp-secret").waitFor();
    await ui.page.getByRole("button", { name: "Skip" }).click();
    await ui.page.getByRole("heading", { name: "Account Strategies" }).waitFor();

    await ui.page.reload();
    await ui.page.getByRole("heading", { name: "Account Strategies" }).waitFor();
    const other = await ui.context.newPage();
    await other.goto("/");
    await other.getByRole("heading", { name: "Account Strategies" }).waitFor();
    await other.close();

    await ui.page.getByRole("button", { name: "Sign Out" }).click();
    await ui.page.getByLabel("Email").fill(email);
    await ui.page.getByRole("button", { name: "Continue" }).click();
    await ui.page.getByLabel("Password").fill(password);
    await ui.page.getByRole("button", { name: "Sign in", exact: true }).click();
    await ui.page.getByRole("button", { name: "Skip" }).waitFor();
  });
});

describe("register (browser, real auth emulator with confirmations on)", () => {
  it("an address already registered shows 'This address is already being used.' on the register view, not the pending view", async () => {
    const founder = await createAuthUser(e2e.stack.config.auth);
    const ui = await e2e.open({ width: 375, height: 812 });
    const { page } = ui;
    await page.goto("/sign-in");
    await page.getByRole("button", { name: "Don't have an account? Sign up" }).click();
    await page.getByLabel("Email").fill(founder.email);
    await page.getByLabel("First name").fill("Ada");
    await page.getByLabel("Last name").fill("Again");
    await page.getByLabel("Password").fill("Another-pass1!");
    await page.getByRole("button", { name: "Sign up" }).click();
    const message = page.getByText("This address is already being used.");
    await message.waitFor();
    expect(await page.getByLabel("Password").getAttribute("aria-invalid")).toBe("true");
    expect(await page.getByText(/We've sent a verification email/).count()).toBe(0);
    expect(await ui.read(`localStorage.getItem("pendingEmailVerification")`)).toBeNull();
    await ui.screen("register-address-in-use");
  });
});

describe("an unconfirmed address (browser, real auth emulator and mailbox)", () => {
  it("the pending view's end and a sign-in before confirming offer the mail again, a reload keeps the offer, and the resent mail's link confirms", async () => {
    const ui = await e2e.open({ width: 375, height: 812 });
    const { page } = ui;
    const email = uniqueEmail("unconfirmed");
    const password = "Signup-pass1!";
    await signUp(page, email, password);
    // The pending view gives up after 5 s; sign-in says where the mail went, and still after a reload.
    await page.getByRole("button", { name: "Send the email again" }).waitFor({ timeout: scaled(30_000) });
    await page.reload();
    await page.getByText(`We sent a confirmation email to ${email}.`).waitFor();
    await page.getByRole("button", { name: "Send the email again" }).waitFor();
    await ui.screen("verification-mail-after-reload-375");

    // Signing in before confirming: the service's refusal, and the mail offered again right there.
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Continue" }).click();
    await page.getByLabel("Password").fill(password);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await page.getByText("This email is not yet verified.").waitFor();
    await page.getByRole("button", { name: "Send the email again" }).click();
    await page.getByText(`We sent the confirmation email again to ${email}.`).waitFor();
    await ui.screenEachLook("unconfirmed-sign-in-resent");
    await expect.poll(async () => (await mailbox().inbox(email)).length, { timeout: scaled(15_000) }).toBe(2);

    // The resent mail's link confirms the address, and the next screen says so.
    const resent = await mailbox().latest(email, { subject: "Confirm Your Signup" });
    await page.goto(findLink(resent));
    await page.getByText("Your email address is confirmed.").waitFor({ timeout: scaled(30_000) });
    await page.getByTestId("totp-secret").waitFor();
    await ui.screenEachLook("email-confirmed-enrolment");
    expect(ui.pageErrors).toEqual([]);
  });
});
