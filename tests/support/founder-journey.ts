// The founder's whole journey in a browser, on its happy path: sign-up → confirmation mail → TOTP
// enrolment → dashboard → choose strategy → the five creation steps (identity check in the
// identity service's widget, one additional owner) → Approve → dashboard. A list of named steps, so
// the bench can time each one (scripts/bench/journey.ts), the production-shaped run can drive the
// same journey against a deployment (tests/production) and Firefox ESR can walk it (firefox.ts).
// The steps follow tests/e2e/sign-in.test.ts and the creation steps (tests/e2e/creation-steps.ts)
// without their checks, and share their actions (steps/actions.ts).
import { uniqueEmail } from "./founders";
import { findLink, type MailboxClient } from "./mail";
import { totpCode } from "./totp";
import { scaled } from "./machine";
import { FORM_ENTRY } from "./entry";
import * as act from "./steps/actions";
import type { JourneyPage } from "./steps/actions";

/** A step of the journey (a page, a mail) guards against a hang this long, for this machine. */
const STEP_TIMEOUT_MS = scaled(30_000);

type JourneyStep = [name: string, run: (page: JourneyPage) => Promise<void>];

export interface FounderJourney {
  email: string;
  password: string;
  steps: JourneyStep[];
}

export interface JourneyOptions {
  /** Where the confirmation mail arrives. */
  mailbox: MailboxClient;
  /** Runs once the sign-up form is sent, before the confirmation link is followed (the address is the founder's). */
  afterSignUp?: (email: string) => Promise<void>;
}

export function founderJourney(opts: JourneyOptions): FounderJourney {
  const e = FORM_ENTRY.profile;
  const email = uniqueEmail("journey");
  const password = "Journey-pass1!";
  let confirmLink = "";
  const next = (page: JourneyPage) => page.getByRole("button", { name: "Next" });
  const stepPath = (page: JourneyPage, n: number) =>
    page.waitForURL((u) => new RegExp(`^/create-foundation/\\d+/${n}$`).test(u.pathname), { timeout: STEP_TIMEOUT_MS });
  const steps: JourneyStep[] = [
    [
      "open /sign-in",
      async (page) => {
        await page.goto("/");
        await page.getByRole("heading", { name: "Welcome!" }).waitFor();
      },
    ],
    [
      "sign up (form → mail sent)",
      async (page) => {
        await page.getByRole("button", { name: "Don't have an account? Sign up" }).click();
        await page.getByLabel("Email").fill(email);
        await page.getByLabel("First name").fill(e.first_name);
        await page.getByLabel("Last name").fill(e.last_name);
        await page.getByLabel("Password").fill(password);
        await page.getByRole("button", { name: "Sign up" }).click();
        await page.getByText(`We've sent a verification email to ${email}`).waitFor();
        await opts.afterSignUp?.(email);
      },
    ],
    [
      "confirmation mail arrives",
      async () => {
        confirmLink = findLink(
          await opts.mailbox.latest(email, { subject: "Confirm Your Signup", timeoutMs: STEP_TIMEOUT_MS }),
        );
      },
    ],
    [
      "confirm link → TOTP enrolment",
      async (page) => {
        await page.goto(confirmLink);
        await page.getByTestId("totp-secret").waitFor();
      },
    ],
    [
      "TOTP verify → dashboard",
      async (page) => {
        const secret = ((await page.getByTestId("totp-secret").textContent()) ?? "").replace(/\s/g, "");
        await page.getByLabel("Authentication code").fill(totpCode(secret));
        await page.getByRole("button", { name: "Verify" }).click();
        await page.getByRole("button", { name: "Add Strategy" }).waitFor();
      },
    ],
    [
      "choose strategy → step 1",
      async (page) => {
        await page.getByRole("button", { name: "Add Strategy" }).click();
        await page.getByRole("button", { name: "Select" }).click();
        await page.getByRole("heading", { name: "Choose your foundation name" }).waitFor();
      },
    ],
    [
      "step 1 names → step 2",
      async (page) => {
        await act.enterFoundationNames(page);
        await next(page).click();
        await page.getByRole("heading", { name: "Enter your personal information" }).waitFor();
      },
    ],
    [
      "step 2 profile → step 3",
      async (page) => {
        await act.enterProfile(page);
        await next(page).click();
        await page.getByText("Confirm your identity").waitFor();
      },
    ],
    [
      "step 3 identity check (widget)",
      async (page) => {
        await act.captureInWidget(page.frameLocator("iframe"));
        await page.getByRole("heading", { name: "Additional owners", exact: true }).waitFor();
      },
    ],
    [
      "step 3 add an owner → step 4",
      async (page) => {
        await act.addOwnerInDialog(page, uniqueEmail("journey-owner"));
        await next(page).click();
        await stepPath(page, 4);
      },
    ],
    [
      "step 4 DAF → step 5",
      async (page) => {
        await act.enterCustomDaf(page);
        await act.chooseCustodian(page);
        await next(page).click();
        await stepPath(page, 5);
      },
    ],
    [
      "step 5 Approve → confirm → dashboard",
      async (page) => {
        await page.getByRole("button", { name: "Approve" }).click();
        await act.attestAndSubmit(page.getByRole("dialog", { name: "Submit your foundation?" }));
        await page.getByRole("heading", { name: "Foundations" }).waitFor();
      },
    ],
  ];
  return { email, password, steps };
}
