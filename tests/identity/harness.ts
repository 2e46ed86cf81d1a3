// An app (tests/support/app.ts: real Fastify app, its own database, real auth emulator) wired to a
// real identity emulator; its mail lands in the auth emulator's mailbox. The emulator's webhooks go to a
// recording relay, which forwards them to the app only when a suite asks (so a suite can prove the
// app learns a result by asking the provider, not from a webhook).
import request from "supertest";
import { startTestApp, type ListeningTestApp } from "../support/app";
import { addPerson, postIdentityResult } from "../support/founders";
import { startIdentityEmulator, type IdentityEmulator } from "../../server/identity-emulator/index";
import { createSumsubClient, type SumsubClient } from "../../server/src/identity/client";
import { LOCAL_IDENTITY } from "../../server/src/config";
import { freePort, retryOnPortClash } from "../support/ports";
import { startWebhookSink, type WebhookSink } from "./webhook-sink";
import { MailboxClient } from "../support/mail";

export interface IdentityFounder {
  email: string;
  token: string;
  accountId: number;
  auth: { Authorization: string };
  personId: number;
}

export interface IdentityHarness {
  t: ListeningTestApp;
  appUrl: string;
  emulator: IdentityEmulator;
  webhooks: WebhookSink;
  /** The mailbox the app mails into (the auth emulator's, as in the stack). */
  mail: MailboxClient;
  sumsub: SumsubClient;
  /**
   * A founder with an account and (unless noPerson) a primary person with a profile; `verified`:
   * their identity check passed (what emailing owners needs).
   */
  founder(opts?: { noPerson?: boolean; verified?: boolean }): Promise<IdentityFounder>;
  addOwner(f: IdentityFounder, email: string): Promise<number>;
  person(f: IdentityFounder, personId: number): Promise<Record<string, unknown>>;
  notifications(f: IdentityFounder): Promise<{ title: string; description: string }[]>;
  /** Calls the emulator's widget API the way its page does (token or hosted-link credential). */
  widget(action: string, credential: { token: string } | { linkId: string }, body?: unknown): Promise<Response>;
  close(): Promise<void>;
}

export async function startIdentityHarness(): Promise<IdentityHarness> {
  const webhooks = await startWebhookSink();
  const emulator = await retryOnPortClash(async () => {
    const port = await freePort();
    return startIdentityEmulator({
      host: "127.0.0.1",
      port,
      publicUrl: `http://127.0.0.1:${port}`,
      ...LOCAL_IDENTITY,
      webhookUrl: webhooks.url,
      quiet: true,
    });
  });
  const identityUrl = emulator.url;
  const t = await startTestApp({ SUMSUB_BASE_URL: identityUrl }, { logs: false });
  const appUrl = t.url;
  const sumsub = createSumsubClient({
    baseUrl: identityUrl,
    appToken: LOCAL_IDENTITY.appToken,
    secretKey: LOCAL_IDENTITY.secretKey,
  });
  const http = () => request(t.app.server);

  const ok = <T>(res: request.Response, status: number): T => {
    if (res.status !== status) throw new Error(`expected ${status}, got ${res.status}: ${res.text}`);
    return res.body as T;
  };

  return {
    t,
    appUrl,
    emulator,
    webhooks,
    mail: new MailboxClient(t.auth.emulator.mailbox.url),
    sumsub,
    async founder(opts = {}) {
      const f = await t.founder({ stage: opts.noPerson ? "signed-up" : "profile", plain: true });
      const personId = f.personId ?? 0;
      if (opts.verified) {
        const res = await postIdentityResult(t, personId, "GREEN", new Date(Date.now() - 1000));
        if (res.status !== 200) throw new Error(`identity result: ${res.status} ${res.text}`);
      }
      return { email: f.email, token: f.token, accountId: f.accountId, auth: f.auth, personId };
    },
    addOwner: (f, email) => addPerson(t.api, f.token, f.accountId, { ownerEmail: email }),
    async person(f, personId) {
      return ok<Record<string, unknown>>(await http().get(`/api/persons/${personId}`).set(f.auth), 200);
    },
    async notifications(f) {
      return ok<{ title: string; description: string }[]>(
        await http().get("/api/notifications/").query({ limit: 50, offset: 0, include_read: true }).set(f.auth),
        200,
      );
    },
    widget(action, credential, body = {}) {
      const headers: Record<string, string> = { "Content-Type": "application/json" };
      if ("token" in credential) headers["X-Access-Token"] = credential.token;
      else headers["X-Link-Id"] = credential.linkId;
      return fetch(`${identityUrl}/websdk/api/${action}`, { method: "POST", headers, body: JSON.stringify(body) });
    },
    async close() {
      await emulator.close();
      await t.close();
      await webhooks.close();
    },
  };
}
