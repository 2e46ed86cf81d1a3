// Local mailbox: an SMTP sink on smtpPort and, on httpPort, a web page plus the Mailpit-style
// JSON API that test suites read mail through. Messages live in memory, or in `file` when given
// (so they survive a restart). Test runners in the same process read them directly too.
import type { AddressInfo } from "node:net";
import { MessageStore, type StoredMessage } from "./messages";
import { listenSmtp } from "./smtp";
import { buildMailboxHttp } from "./http";
import { hostPolicy } from "../http/allowed-hosts";
import { isLoopback } from "../exposure";
import { MIN_SECRET_LENGTH, secretWeakness } from "../secret-strength";

export type { StoredMessage as MailMessage } from "./messages";

export interface MailboxOptions {
  /** The web page and API's address. Off loopback it needs `token`; SMTP stays on loopback whatever this is. */
  host: string;
  /** Required of every web and API request when set; required to listen off loopback (32+ characters). */
  token?: string;
  /** Root URLs whose host names the web page and API answer besides loopback names and `host`. */
  publicUrls?: (string | undefined)[];
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

/** Mail holds every sign-in and reset link: whoever reads it can take over the accounts. */
function mailboxExposureRefusal(host: string, token: string | undefined): string | undefined {
  if (token !== undefined) return secretWeakness("the mailbox token", token);
  if (isLoopback(host)) return undefined;
  return `refusing to put the mailbox on ${host} without a token: it holds every sign-in and reset link (give a mailbox token of ${MIN_SECRET_LENGTH}+ random characters, or keep the mailbox on 127.0.0.1)`;
}

export async function startMailbox(opts: MailboxOptions): Promise<Mailbox> {
  const refusal = mailboxExposureRefusal(opts.host, opts.token);
  if (refusal) throw new Error(refusal);
  // Only this machine's emulator and app send mail; an open sink would take forged links from anyone.
  const smtpHost = isLoopback(opts.host) ? opts.host : "127.0.0.1";
  const store = new MessageStore(opts.file);
  if (opts.file && !store.persisted && !opts.quiet)
    console.log(`[auth] ${opts.file} is kept by another emulator: this one keeps its mail in memory`);
  const smtp = await listenSmtp(store, opts.quiet ?? false, opts.smtpPort, smtpHost).catch((err: unknown) => {
    store.release();
    throw err;
  });
  const http = await buildMailboxHttp(store, {
    corsOrigins: opts.corsOrigins,
    allowedHost: hostPolicy(opts.host, opts.publicUrls),
    token: opts.token,
  });
  try {
    await http.listen({ host: opts.host, port: opts.httpPort });
  } catch (err) {
    await smtp.close();
    store.release();
    throw err;
  }
  const httpPort = (http.server.address() as AddressInfo).port;
  const hostForUrl = opts.host === "0.0.0.0" ? "127.0.0.1" : opts.host;
  return {
    url: `http://${hostForUrl}:${httpPort}`,
    smtpUrl: `smtp://${smtpHost}:${smtp.port}`,
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
      await smtp.close();
      store.release();
    },
  };
}
