// What another web page can do to a running emulator (docs/security.md): the auth API answers
// credentialed CORS only to the configured origins, and the mailbox's state-changing endpoints
// refuse a cross-site HTML form (the one request a page elsewhere can send without a preflight),
// while Mailpit's API clients (DELETE, JSON) and the mailbox page's own button keep working.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import nodemailer from "nodemailer";
import { startAuthEmulator, type AuthEmulator } from "@founder-foundation/auth-emulator";
import { launchChromium } from "../support/browser";

const CONFIGURED = "https://app.example.org";

let emu: AuthEmulator;
beforeAll(async () => {
  emu = await startAuthEmulator({ quiet: true, bcryptCost: 4, corsOrigins: [CONFIGURED] });
});
afterAll(async () => emu?.stop());

const preflight = (origin: string) =>
  fetch(`${emu.url}/auth/v1/token?grant_type=password`, {
    method: "OPTIONS",
    headers: {
      origin,
      "access-control-request-method": "POST",
      "access-control-request-headers": "apikey,authorization,content-type",
    },
  });

describe("auth CORS", () => {
  it("answers credentialed requests only for the configured origins", async () => {
    const configured = await preflight(CONFIGURED);
    expect(configured.headers.get("access-control-allow-origin")).toBe(CONFIGURED);
    expect(configured.headers.get("access-control-allow-credentials")).toBe("true");

    // A page of this machine may call the API (supabase-js needs no cookies), without credentials.
    for (const res of [
      await preflight("http://localhost:3000"),
      await fetch(`${emu.url}/auth/v1/settings`, { headers: { origin: "http://127.0.0.1:5173" } }),
    ]) {
      expect(res.headers.get("access-control-allow-origin")).toMatch(/^http:\/\/(localhost|127\.0\.0\.1):\d+$/);
      expect(res.headers.get("access-control-allow-credentials")).toBeNull();
    }

    const foreign = await preflight("https://evil.example");
    expect(foreign.headers.get("access-control-allow-origin")).toBeNull();
    expect(foreign.headers.get("access-control-allow-credentials")).toBeNull();
  });
});

async function sendMail(to: string) {
  const smtp = new URL(emu.mailbox.smtpUrl);
  const transport = nodemailer.createTransport({
    host: smtp.hostname,
    port: Number(smtp.port),
    secure: false,
    ignoreTLS: true,
  });
  await transport.sendMail({ from: "a@example.com", to, subject: "link", text: "https://example.com/sign-in" });
  transport.close();
}

describe("the mailbox's state-changing endpoints", () => {
  it("refuse a form-shaped POST /clear (403, mail kept) and take one with a JSON body or X-Requested-With", async () => {
    await emu.mailbox.clear();
    await sendMail("kept@example.com");
    for (const [type, body] of [
      ["application/x-www-form-urlencoded", ""],
      ["text/plain", "{}"],
      ["multipart/form-data; boundary=x", "--x--\r\n"],
    ] as const) {
      const res = await fetch(`${emu.mailbox.url}/clear`, {
        method: "POST",
        headers: { "content-type": type, origin: "https://evil.example" },
        body,
        redirect: "manual",
      });
      expect(res.status, type).toBe(403);
    }
    expect((await fetch(`${emu.mailbox.url}/clear`, { method: "POST", redirect: "manual" })).status).toBe(403);
    expect(await emu.mailbox.messages()).toHaveLength(1);

    expect(
      (
        await fetch(`${emu.mailbox.url}/clear`, {
          method: "POST",
          headers: { "x-requested-with": "test" },
          redirect: "manual",
        })
      ).status,
    ).toBe(303);
    expect(await emu.mailbox.messages()).toHaveLength(0);
    await sendMail("json@example.com");
    expect(
      (
        await fetch(`${emu.mailbox.url}/clear`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: "{}",
          redirect: "manual",
        })
      ).status,
    ).toBe(303);
    expect(await emu.mailbox.messages()).toHaveLength(0);
  });

  it("keep Mailpit's DELETE as its clients send it (no body, or JSON IDs)", async () => {
    await sendMail("one@example.com");
    await sendMail("two@example.com");
    const [newest] = await emu.mailbox.messages();
    expect(
      (
        await fetch(`${emu.mailbox.url}/api/v1/messages`, {
          method: "DELETE",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ IDs: [newest?.ID] }),
        })
      ).status,
    ).toBe(200);
    expect(await emu.mailbox.messages()).toHaveLength(1);
    expect((await fetch(`${emu.mailbox.url}/api/v1/messages`, { method: "DELETE" })).status).toBe(200);
    expect(await emu.mailbox.messages()).toHaveLength(0);
  });

  it(
    "in a browser: another site's auto-submitted form deletes nothing; the mailbox page's own button does",
    { timeout: 120_000 },
    async () => {
      await sendMail("browser@example.com");
      const browser = await launchChromium();
      try {
        const page = await browser.newPage();
        // A page on another site that posts the form as soon as it loads.
        await page.route("http://evil.test/", (route) =>
          route.fulfill({
            contentType: "text/html",
            body: `<form method="post" action="${emu.mailbox.url}/clear"></form><script>document.forms[0].submit()</script>`,
          }),
        );
        const answer = page.waitForResponse((res) => res.url() === `${emu.mailbox.url}/clear`);
        await page.goto("http://evil.test/");
        expect((await answer).status()).toBe(403);
        expect(await emu.mailbox.messages()).toHaveLength(1);

        await page.goto(emu.mailbox.url);
        await page.getByRole("button", { name: "Delete all" }).click();
        await page.getByText("No messages yet.").waitFor();
        expect(await emu.mailbox.messages()).toHaveLength(0);
      } finally {
        await browser.close();
      }
    },
  );
});
