// What the identity browser suites share: the real local stack (mailbox, auth emulator, identity
// emulator, app; the emulator's webhooks go to the app exactly as under `npm start`), Debian's
// Chromium, and founders signed in through the auth service with a profile saved through the API.
import type { Browser, Page } from "playwright-core";
import { bootStack, type TestStack } from "../support/stack";
import { launchChromium } from "../support/browser";
import { createFounder, signInThroughApi } from "../support/founders";
import { PROFILE } from "../support/entry";
import { createSumsubClient, type SumsubClient } from "../../server/src/identity/client";

export interface StackFounder {
  email: string;
  token: string;
  accountId: number;
  personId: number;
}

export interface IdentityE2E {
  stack: TestStack;
  browser: Browser;
  /** The app as Node reaches it (the stack listens on 127.0.0.1). */
  appUrl: string;
  sumsub: SumsubClient;
  founder(): Promise<StackFounder>;
  api<T = unknown>(token: string, method: string, path: string, body?: unknown): Promise<{ status: number; body: T }>;
  newPage(): Promise<Page>;
  close(): Promise<void>;
}

export async function startIdentityE2E(): Promise<IdentityE2E> {
  const stack = await bootStack();
  const browser = await launchChromium();
  const appUrl = `http://127.0.0.1:${stack.config.ports.app}`;
  const { baseUrl, appToken, secretKey } = stack.config.identity;

  const api: IdentityE2E["api"] = async (token, method, path, body) => {
    const res = await fetch(`${appUrl}${path}`, {
      method,
      headers: { Authorization: `Bearer ${token}`, ...(body === undefined ? {} : { "Content-Type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : undefined) as never };
  };
  const expect = <T>(r: { status: number; body: T }, status: number, what: string): T => {
    if (r.status !== status) throw new Error(`${what}: HTTP ${r.status} ${JSON.stringify(r.body)}`);
    return r.body;
  };

  return {
    stack,
    browser,
    appUrl,
    sumsub: createSumsubClient({ baseUrl, appToken, secretKey }),
    api,
    async founder() {
      const f = await createFounder(stack);
      const session = await signInThroughApi(stack, f);
      const token = session.access_token;
      const { account_id: accountId } = expect(await api<{ account_id: number }>(token, "GET", `/api/accounts/user/${f.id}`), 200, "account");
      const { person_id: personId } = expect(
        await api<{ person_id: number }>(token, "POST", "/api/persons/", { account_id: accountId, account_primary_holder: true, ...PROFILE }),
        201,
        "primary person",
      );
      return { email: f.email, token, accountId, personId };
    },
    async newPage() {
      return (await browser.newContext()).newPage();
    },
    async close() {
      await browser.close();
      await stack.close();
    },
  };
}
