// Local mailbox: an SMTP sink on smtpPort and, on httpPort, a web page plus the Mailpit-style
// JSON API that test suites read mail through. Messages live in memory, or in `file` when given
// (so they survive a restart). Test runners in the same process read them directly too.
import type { AddressInfo } from "node:net";
import { MessageStore, type StoredMessage } from "./messages";
import { createSmtpServer } from "./smtp";
import { buildMailboxHttp } from "./http";

export type { StoredMessage as MailMessage } from "./messages";

export interface MailboxOptions {
  host: string;
  /** 0 = any free port. */
  smtpPort: number;
  /** 0 = any free port. */
  httpPort: number;
  quiet?: boolean;
  /** Browser origins allowed to read the JSON API (CORS); none by default. */
  corsOrigins?: readonly string[];
  /** A JSON file to keep messages in across restarts; memory only when absent. */
  file?: string;
}

export interface Mailbox {
  url: string;
  smtpUrl: string;
  /** Every message, newest first. */
  messages(): Promise<StoredMessage[]>;
  /** The newest message to `to`, waiting up to timeoutMs (5 s) for it: mail is sent just after the answer. */
  latest(to: string, opts?: { timeoutMs?: number }): Promise<StoredMessage>;
  /** Deletes every message. */
  clear(): Promise<void>;
  close(): Promise<void>;
}

export async function startMailbox(opts: MailboxOptions): Promise<Mailbox> {
  const store = new MessageStore(opts.file);
  const smtp = createSmtpServer(store, opts.quiet ?? false);
  await new Promise<void>((resolve, reject) => {
    smtp.once("error", reject);
    smtp.listen(opts.smtpPort, opts.host, () => {
      smtp.off("error", reject);
      resolve();
    });
  });
  const smtpPort = (smtp.server.address() as AddressInfo).port;
  const http = await buildMailboxHttp(store, opts.corsOrigins);
  try {
    await http.listen({ host: opts.host, port: opts.httpPort });
  } catch (err) {
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
    throw err;
  }
  const httpPort = (http.server.address() as AddressInfo).port;
  const hostForUrl = opts.host === "0.0.0.0" ? "127.0.0.1" : opts.host;
  return {
    url: `http://${hostForUrl}:${httpPort}`,
    smtpUrl: `smtp://${hostForUrl}:${smtpPort}`,
    messages: async () => [...store.list()],
    latest: async (to, { timeoutMs = 5000 } = {}) => {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = store.search(`to:${to}`)[0];
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 25));
      }
    },
    clear: async () => store.delete(),
    close: async () => {
      await http.close();
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    },
  };
}
