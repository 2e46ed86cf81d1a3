// MAIL_HOST and MAIL_TOKEN reach the embedded mailbox: a container publishes it only from its own
// address, and there the token is asked of every request (docker-compose.yml).
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bootStack, type TestStack } from "../support/stack";

const TOKEN = randomBytes(24).toString("hex");
let stack: TestStack;

beforeAll(async () => {
  stack = await bootStack({ MAIL_HOST: "127.0.0.2", MAIL_TOKEN: TOKEN });
});
afterAll(() => stack?.close());

describe("the mailbox settings", () => {
  it("puts the mailbox on MAIL_HOST", () => {
    expect(new URL(stack.mail!.url).hostname).toBe("127.0.0.2");
  });

  it("asks every request for MAIL_TOKEN", async () => {
    const messages = new URL("/api/v1/messages", stack.mail!.url);
    expect((await fetch(messages)).status).toBe(401);
    expect((await fetch(messages, { headers: { authorization: "Bearer not-the-token" } })).status).toBe(401);
    const allowed = await fetch(messages, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(allowed.status).toBe(200);
    expect(await allowed.json()).toMatchObject({ total: 0 });
  });
});
