// The mailbox on its own: SMTP in, Mailpit-compatible JSON API and web page out.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import nodemailer from "nodemailer";
import { freePort, retryOnPortClash } from "../support/ports";
import { MailboxClient, findLink } from "../support/mail";
import { startMailbox, type Mailbox } from "@founder-foundation/auth-emulator";

const APP_ORIGIN = "http://localhost:3000";

let box: Mailbox;
let client: MailboxClient;
beforeAll(async () => {
  box = await retryOnPortClash(async () =>
    startMailbox({
      host: "127.0.0.1",
      smtpPort: await freePort(),
      httpPort: await freePort(),
      corsOrigins: [APP_ORIGIN],
      quiet: true,
    }),
  );
  client = new MailboxClient(box.url);
});
afterAll(async () => box?.close());

async function send(to: string, subject: string, text: string, html?: string) {
  const url = new URL(box.smtpUrl);
  const transport = nodemailer.createTransport({
    host: url.hostname,
    port: Number(url.port),
    secure: false,
    ignoreTLS: true,
  });
  await transport.sendMail({ from: "Sender <sender@example.com>", to, subject, text, html });
  transport.close();
}

describe("mailbox", () => {
  it("receives SMTP mail and serves it through the Mailpit API", async () => {
    await send(
      "ada@example.com",
      "Hello Ada",
      "Visit https://example.com/a?x=1 now",
      '<p><a href="https://example.com/a?x=1&amp;y=2">go</a></p>',
    );
    await send("bob@example.com", "Hello Bob", "Plain text only");

    const all = (await (await fetch(`${box.url}/api/v1/messages`)).json()) as {
      total: number;
      messages: { Subject: string }[];
    };
    expect(all.total).toBe(2);
    expect(all.messages.map((m) => m.Subject)).toEqual(["Hello Bob", "Hello Ada"]);

    const found = await client.inbox("ada@example.com");
    expect(found.map((m) => m.Subject)).toEqual(["Hello Ada"]);
    expect(found[0]?.To).toEqual([{ Name: "", Address: "ada@example.com" }]);
    const full = await client.message(found[0]?.ID ?? "");
    expect(full.Text).toContain("Visit https://example.com/a?x=1 now");
    expect(full.HTML).toContain("<a href=");
    expect(findLink(full, /https:\/\/example\.com\/a\S*/)).toBe("https://example.com/a?x=1");
    expect(findLink({ Text: "", HTML: full.HTML }, /https:\/\/example\.com\/a[^"]*/)).toBe(
      "https://example.com/a?x=1&y=2",
    );

    expect((await client.search('subject:"Hello Bob"')).map((m) => m.Subject)).toEqual(["Hello Bob"]);
    expect(await client.search("to:nobody@example.com")).toEqual([]);

    const page = await (await fetch(box.url)).text();
    expect(page).toContain("Hello Ada");
    expect((await fetch(`${box.url}/api/v1/message/does-not-exist`)).status).toBe(404);

    await client.clear();
    expect(await client.inbox("ada@example.com")).toEqual([]);
  });
});

describe("mailbox CORS", () => {
  // Mail holds sign-in links: a page on another origin must not be able to read it.
  it("answers a foreign origin without CORS permission, for reads, deletes and preflights", async () => {
    const evil = "https://evil.example";
    const read = await fetch(`${box.url}/api/v1/messages`, { headers: { origin: evil } });
    expect(read.headers.get("access-control-allow-origin")).toBeNull();
    const preflight = await fetch(`${box.url}/api/v1/messages`, {
      method: "OPTIONS",
      headers: { origin: evil, "access-control-request-method": "DELETE" },
    });
    expect(preflight.headers.get("access-control-allow-origin")).toBeNull();
    expect(preflight.headers.get("access-control-allow-methods")).toBeNull();
    const local = await fetch(`${box.url}/api/v1/messages`, { headers: { origin: "http://localhost:9999" } });
    expect(local.headers.get("access-control-allow-origin")).toBeNull();
  });

  it("lets the stack's own origin read it", async () => {
    const res = await fetch(`${box.url}/api/v1/messages`, { headers: { origin: APP_ORIGIN } });
    expect(res.status).toBe(200);
    expect(res.headers.get("access-control-allow-origin")).toBe(APP_ORIGIN);
  });
});

describe("mailbox deletes and persistence (Mailpit's API)", () => {
  it("DELETE with IDs removes only those, DELETE /search removes the matches, and a file-backed mailbox keeps mail across a restart", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "mailbox-"));
    const file = path.join(dir, "mailbox.json");
    let [smtpPort, httpPort] = [0, 0];
    let kept = await retryOnPortClash(async () => {
      [smtpPort, httpPort] = [await freePort(), await freePort()];
      return startMailbox({ host: "127.0.0.1", smtpPort, httpPort, file, quiet: true });
    });
    try {
      const url = new URL(kept.smtpUrl);
      const transport = nodemailer.createTransport({
        host: url.hostname,
        port: Number(url.port),
        secure: false,
        ignoreTLS: true,
      });
      for (const to of ["one@example.com", "two@example.com", "three@example.com"]) {
        await transport.sendMail({ from: "s@example.com", to, subject: `to ${to}`, text: "hi" });
      }
      transport.close();
      const api = new MailboxClient(kept.url);
      const one = (await api.inbox("one@example.com"))[0]?.ID ?? "";
      const del = await fetch(`${kept.url}/api/v1/messages`, {
        method: "DELETE",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ IDs: [one] }),
      });
      expect(del.status).toBe(200);
      expect((await kept.messages()).map((m) => m.Subject).sort()).toEqual([
        "to three@example.com",
        "to two@example.com",
      ]);
      expect(
        (
          await fetch(`${kept.url}/api/v1/search?query=${encodeURIComponent("to:two@example.com")}`, {
            method: "DELETE",
          })
        ).status,
      ).toBe(200);
      expect((await kept.messages()).map((m) => m.Subject)).toEqual(["to three@example.com"]);

      await kept.close();
      kept = await startMailbox({ host: "127.0.0.1", smtpPort, httpPort, file, quiet: true });
      expect((await kept.messages()).map((m) => m.Subject)).toEqual(["to three@example.com"]);
      expect((await kept.latest("three@example.com")).Text).toContain("hi");
    } finally {
      await kept.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
