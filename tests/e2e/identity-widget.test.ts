// The identity widget in headless Chromium: the web's IdentityCheck around the real, unmodified
// @sumsub/websdk-react, talking to the identity emulator through the SDK's iframe protocol, with
// the whole local stack behind it. The person captures a document and a selfie inside the
// iframe and the emulated reviewer decides; the component's callbacks fire, and the emulator's
// signed webhook reaches the app, which records the result on the person.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { setupE2E } from "../support/e2e-harness";
import { assertAccessible, axeViolations } from "../support/screens";
import { call } from "../support/http";
import { founderAt, type ProfiledFounder } from "../support/founders";
import { captureInWidget, type Verdict } from "../support/steps/actions";
import { startIdentityWidgetPage, type IdentityWidgetPage } from "./identity-widget-page";
import { createSumsubClient } from "../../server/src/identity/client";

const e2e = setupE2E();
let widgetPage: IdentityWidgetPage;

beforeAll(async () => {
  widgetPage = await startIdentityWidgetPage(e2e.stack.app.url);
});
afterAll(async () => {
  await widgetPage?.close();
});

const founder = () => founderAt("profile", { on: e2e.stack });
const newPage = async () => (await e2e.open()).page;

interface PersonDto {
  sumsub_applicant_id: string | null;
  sumsub_completed_at: string | null;
  sumsub_review_answer: "GREEN" | "RED" | null;
}

const events = (page: Page) => page.evaluate("window.__identity.events") as Promise<string[]>;

async function person(f: ProfiledFounder): Promise<PersonDto> {
  const r = await call(e2e.stack.app.url, "GET", `/api/persons/${f.personId}`, { token: f.token });
  expect(r.status).toBe(200);
  return r.json as PersonDto;
}

/** Capture in the iframe exactly as a person would: document, selfie, then the reviewer's verdict. */
const verifyInWidget = (page: Page, verdict: Verdict) => captureInWidget(page.frameLocator("iframe"), verdict);

/** A new founder's identity check: a case for their token, opened in the widget page in a fresh 1280 px page. */
async function openWidgetForNewFounder(): Promise<{ f: ProfiledFounder; page: Page }> {
  const f = await founder();
  const caseId = widgetPage.addCase({
    bearer: f.token,
    tokenBody: {
      user_id: f.email,
      level_name: "id-and-liveness",
      ttl_in_seconds: 900,
      applicant_identifiers: { email: f.email, phone: "2125550123" },
    },
  });
  const page = await newPage();
  await page.goto(`${widgetPage.url}/?case=${caseId}`);
  return { f, page };
}

describe("identity widget (real @sumsub/websdk-react against the emulator)", () => {
  it("follows a resize: at 375 px the frame grows with its content, so its buttons are never cut off", async () => {
    const { page } = await openWidgetForNewFounder();
    const iframe = page.locator("iframe");
    await page.frameLocator("iframe").getByRole("button", { name: "Upload document" }).waitFor();
    const frameHeight = async () => (await iframe.boundingBox())?.height ?? 0;
    const contentHeight = async () => {
      const frame = page.frames().find((fr) => fr.url().includes("/websdk/"));
      return frame!.evaluate("Math.ceil(document.body.getBoundingClientRect().height)") as Promise<number>;
    };
    await expect.poll(async () => (await frameHeight()) >= (await contentHeight())).toBe(true);
    const wide = await frameHeight();

    await page.setViewportSize({ width: 375, height: 812 });
    // Narrower, the text wraps and the content grows: the frame follows instead of keeping its old height.
    await expect.poll(contentHeight).toBeGreaterThan(wide);
    await expect.poll(async () => (await frameHeight()) >= (await contentHeight())).toBe(true);
    const button = await page.frameLocator("iframe").getByRole("button", { name: "Upload document" }).boundingBox();
    const box = await iframe.boundingBox();
    expect(button!.y + button!.height).toBeLessThanOrEqual(box!.y + box!.height);
  });

  it("opens from the token's url claim, runs capture to GREEN, fires the callbacks, and the webhook verifies the person", async () => {
    const { f, page } = await openWidgetForNewFounder();

    // The SDK built the iframe URL from the token alone (no baseUrl prop): the emulator's origin.
    const iframe = page.locator("iframe");
    await iframe.waitFor();
    expect(await iframe.getAttribute("src")).toMatch(
      new RegExp(`^${e2e.stack.config.identity.baseUrl}/websdk/websdk\\.html\\?_=id_`),
    );
    const frame = page.frameLocator("iframe");
    await frame.getByRole("button", { name: "Upload document" }).waitFor();
    // The handshake completed: the iframe's onResize reached the SDK, which sized the iframe.
    expect(await iframe.getAttribute("style")).toMatch(/height: \d+px/);
    await page.getByText(/^applicant saved: HTTP 200$/).waitFor();
    await assertAccessible(page, "identity widget: document step");

    await verifyInWidget(page, "Approve (GREEN)");
    await page.getByText("completed: GREEN").waitFor();
    await frame.getByText("Verification approved").waitFor();

    const log = await events(page);
    const loaded = log.find((e) => e.startsWith("applicant loaded: "));
    const applicantId = loaded?.slice("applicant loaded: ".length);
    expect(applicantId).toMatch(/^[0-9a-f]{24}$/);
    expect(
      log.filter((e) => e.startsWith("token fetch")),
      log.join(" / "),
    ).toEqual(["token fetch 1"]);
    expect(log.filter((e) => e.startsWith("completed"))).toEqual(["completed: GREEN"]);

    // The page never reported completion to the app: the webhook alone verified the person.
    const p = await person(f);
    expect(p).toMatchObject({ sumsub_applicant_id: applicantId, sumsub_review_answer: "GREEN" });
    expect(p.sumsub_completed_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?$/);
    const notes = await call(e2e.stack.app.url, "GET", "/api/notifications/?limit=50&offset=0&include_read=true", {
      token: f.token,
    });
    expect((notes.json as { title: string }[]).map((n) => n.title)).toContain("Identity verified");
  });

  it("with the baseUrl prop and an expired first token: the expiration handler gets a new token and the session goes on to RED", async () => {
    const f = await founder();
    // Minted for this person but already past its ttl, as a token left open in a tab would be.
    const expired = await createSumsubClient(e2e.stack.config.identity).createSdkAccessToken({
      userId: `ff-person-${f.personId}`,
      levelName: "id-and-liveness",
      ttlInSecs: 0,
    });
    const caseId = widgetPage.addCase({
      bearer: f.token,
      baseUrl: e2e.stack.config.identity.baseUrl,
      firstToken: expired.token,
    });
    const page = await newPage();
    await page.goto(`${widgetPage.url}/?case=${caseId}`);

    await page.getByText("token fetch 2").waitFor();
    await verifyInWidget(page, "Reject (RED)");
    await page.getByText("completed: RED").waitFor();
    const frame = page.frameLocator("iframe");
    await frame.getByText("Verification rejected").waitFor();
    await assertAccessible(page, "identity widget: rejected");

    expect((await events(page)).filter((e) => e.startsWith("token fetch"))).toEqual(["token fetch 1", "token fetch 2"]);
    expect(await person(f)).toMatchObject({ sumsub_review_answer: "RED", sumsub_completed_at: null });
  });

  it("logs 'Failed to get access token' and offers a retry when the token cannot be fetched", async () => {
    const caseId = widgetPage.addCase({ bearer: "not-a-valid-token" });
    const page = await newPage();
    const consoleErrors: string[] = [];
    page.on("console", (msg) => {
      if (msg.type() === "error") consoleErrors.push(msg.text());
    });
    await page.goto(`${widgetPage.url}/?case=${caseId}`);
    await page.getByText("We couldn't start identity verification.").waitFor();
    expect(consoleErrors.some((t) => t.startsWith("Failed to get access token"))).toBe(true);
    expect(await page.locator("iframe").count()).toBe(0);
    await page.getByRole("button", { name: "Try again" }).click();
    await page.getByText("token fetch 2").waitFor();
  });
  it("the axe scan finds a violation on a page without frames and inside the widget's cross-origin frame", async () => {
    // The scan runs two ways (tests/support/screens.ts axeViolations): both must see what is there.
    const unlabelledImage = `document.body.append(Object.assign(document.createElement("img"), { src: "data:," }))`;
    const ui = await e2e.open();
    await ui.goto("/sign-in");
    await ui.page.getByRole("heading", { name: "Welcome!" }).waitFor();
    expect(await axeViolations(ui.page)).toEqual([]);
    await ui.page.evaluate(unlabelledImage);
    expect((await axeViolations(ui.page)).map((v) => v.id)).toContain("image-alt");

    const { page } = await openWidgetForNewFounder();
    await page.frameLocator("iframe").getByRole("button", { name: "Upload document" }).waitFor();
    const widget = page.frames().find((fr) => fr.url().includes("/websdk/"))!;
    expect(new URL(widget.url()).origin).not.toBe(new URL(page.url()).origin);
    expect(await axeViolations(page)).toEqual([]);
    await widget.evaluate(unlabelledImage);
    const imageAlt = (await axeViolations(page)).find((v) => v.id === "image-alt");
    // Found inside the frame: axe names the iframe, then the element in it.
    expect(imageAlt?.nodes.map((n) => n.target.length)).toEqual([2]);
    // Both pages now hold a planted violation: not screens of the product, so not for the end-of-test scan.
    await ui.page.close();
    await page.close();
  });
});
