// Local mailbox: an SMTP sink on smtpPort and, on httpPort, a web page plus the Mailpit-style
// JSON API that test suites read mail through. Messages live in memory for the process's life.
import type { AddressInfo } from "node:net";
import { MessageStore } from "./messages";
import { createSmtpServer } from "./smtp";
import { buildMailboxHttp } from "./http";

export interface MailboxOptions {
  host: string;
  smtpPort: number;
  httpPort: number;
  quiet?: boolean;
  /** Browser origins allowed to read the JSON API (CORS); none by default. */
  corsOrigins?: readonly string[];
}
export interface Mailbox { url: string; smtpUrl: string; close(): Promise<void> }

export async function startMailbox(opts: MailboxOptions): Promise<Mailbox> {
  const store = new MessageStore();
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
    close: async () => {
      await http.close();
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    },
  };
}
