// Reads mail through the Mailpit-style JSON API (the embedded mailbox, or Mailpit under
// `supabase start`), so suites check the mail a user would receive.
import { scaled } from "./machine";

interface MailAddress {
  Name: string;
  Address: string;
}
export interface MailSummary {
  ID: string;
  Subject: string;
  To: MailAddress[];
  From: MailAddress;
  Created: string;
  Snippet: string;
}
export interface MailMessage extends MailSummary {
  Text: string;
  HTML: string;
}

/** GoTrue's mail links, as the auth-js e2e helpers match them. */
const VERIFY_LINK = /https?:\/\/[^\s"'<>]+\/auth\/v1\/verify\?[^\s"'<>]+/;

export class MailboxClient {
  constructor(private readonly baseUrl: string) {}

  private async json<T>(path: string, init?: RequestInit): Promise<T> {
    const res = await fetch(new URL(path, this.baseUrl), init);
    if (!res.ok) throw new Error(`mailbox ${init?.method ?? "GET"} ${path}: HTTP ${res.status}`);
    return (await res.json()) as T;
  }

  async search(query: string): Promise<MailSummary[]> {
    return (await this.json<{ messages: MailSummary[] }>(`/api/v1/search?query=${encodeURIComponent(query)}`)).messages;
  }

  /** Every message to `address`, newest first. */
  inbox(address: string): Promise<MailSummary[]> {
    return this.search(`to:${address}`);
  }

  /** How many messages the mailbox holds, to anyone. */
  async count(): Promise<number> {
    return (await this.json<{ total: number }>("/api/v1/messages?limit=1")).total;
  }

  message(id: string): Promise<MailMessage> {
    return this.json<MailMessage>(`/api/v1/message/${encodeURIComponent(id)}`);
  }

  /** The newest message to `address` (subject containing `subject`), waited for up to `timeoutMs`. */
  async latest(address: string, opts: { subject?: string; timeoutMs?: number } = {}): Promise<MailMessage> {
    const deadline = Date.now() + (opts.timeoutMs ?? scaled(5000));
    for (;;) {
      const found = (await this.inbox(address)).find((m) => !opts.subject || m.Subject.includes(opts.subject));
      if (found) return this.message(found.ID);
      if (Date.now() > deadline)
        throw new Error(`no mail to ${address}${opts.subject ? ` with subject "${opts.subject}"` : ""}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  async clear(): Promise<void> {
    const res = await fetch(new URL("/api/v1/messages", this.baseUrl), { method: "DELETE" });
    if (!res.ok) throw new Error(`mailbox DELETE: HTTP ${res.status}`);
  }
}

/** The first link in a message (text, then HTML) matching `pattern`; HTML entities decoded. */
export function findLink(message: Pick<MailMessage, "Text" | "HTML">, pattern: RegExp = VERIFY_LINK): string {
  for (const body of [message.Text, message.HTML]) {
    const match = body?.match(pattern);
    if (match) return match[0].replace(/&amp;/g, "&").replace(/&#38;/g, "&");
  }
  throw new Error(`no link matching ${pattern} in the message`);
}

/** The numeric code GoTrue mails beside the link ("enter the code: 123456"). */
export function findOtp(message: Pick<MailMessage, "Text">): string {
  const match = message.Text.match(/code:\s*(\d{6,10})/);
  if (!match?.[1]) throw new Error("no one-time code in the message");
  return match[1];
}
