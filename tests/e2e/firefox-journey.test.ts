// The founder's whole journey in a second engine, Debian's Firefox ESR over WebDriver BiDi, against
// the real local stack: the same steps as the production-shaped run (founder-journey.ts).
import { afterAll, beforeAll, expect, it } from "vitest";
import { localhostUrl } from "../support/browser";
import { launchFirefox, journeyPage, type Firefox } from "../support/firefox";
import { founderJourney } from "../support/founder-journey";
import { MailboxClient } from "../support/mail";
import { bootStack, type TestStack } from "../support/stack";

let stack: TestStack;
let firefox: Firefox;

beforeAll(async () => {
  [stack, firefox] = await Promise.all([bootStack(), launchFirefox()]);
});

afterAll(async () => {
  await firefox?.close();
  await stack?.close();
});

it("sign-up, confirmation mail, TOTP, the five steps with the identity check, Approve: dashboard, no error, no failed request", async () => {
  const page = await firefox.browser.newPage();
  const problems: string[] = [];
  page.on("console", (m) => void (m.type() === "error" && problems.push(`console: ${m.text()}`)));
  page.on("pageerror", (err) => problems.push(`page error: ${String(err)}`));
  page.on("requestfailed", (r) => problems.push(`failed: ${r.url()} ${r.failure()?.errorText ?? ""}`));
  page.on("response", (r) => void (r.status() >= 400 && problems.push(`${r.status()} ${r.url()}`)));

  const ui = journeyPage(page, localhostUrl(stack.app.url));
  for (const [name, run] of founderJourney({ mailbox: new MailboxClient(stack.mail!.url) }).steps) {
    await run(ui).catch((err: Error) => {
      throw new Error(`journey step "${name}" failed in Firefox on ${page.url()}: ${err.message}`, { cause: err });
    });
  }
  await ui.getByText("Submitted").waitFor();
  expect(problems).toEqual([]);
  expect(firefox.outside).toEqual([]);
});
