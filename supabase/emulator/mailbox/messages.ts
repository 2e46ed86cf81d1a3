// The mailbox's store and Mailpit's message shapes and search syntax (`to:addr`, `from:addr`,
// `subject:"words"`, free text), newest first. In memory; with a file, every change is written
// through (one JSON document, replaced atomically), so mail survives a restart.
import fs from "node:fs";
import { randomUUID } from "node:crypto";
import type { ParsedMail, AddressObject } from "mailparser";

interface Address {
  Name: string;
  Address: string;
}

export interface StoredMessage {
  ID: string;
  MessageID: string;
  From: Address;
  To: Address[];
  Cc: Address[];
  Bcc: Address[];
  ReplyTo: Address[];
  Subject: string;
  Created: string;
  Date: string;
  Text: string;
  HTML: string;
  Size: number;
  Read: boolean;
}

const MAX_MESSAGES = 1000;

function addresses(value: AddressObject | AddressObject[] | undefined): Address[] {
  const list = Array.isArray(value) ? value : value ? [value] : [];
  return list.flatMap((o) => o.value.map((a) => ({ Name: a.name ?? "", Address: (a.address ?? "").toLowerCase() })));
}

/** The summary Mailpit lists (no bodies). */
export function summary(m: StoredMessage): Record<string, unknown> {
  return {
    ID: m.ID,
    MessageID: m.MessageID,
    Read: m.Read,
    From: m.From,
    To: m.To,
    Cc: m.Cc,
    Bcc: m.Bcc,
    ReplyTo: m.ReplyTo,
    Subject: m.Subject,
    Created: m.Created,
    Tags: [],
    Size: m.Size,
    Attachments: 0,
    Snippet: m.Text.replace(/\s+/g, " ").trim().slice(0, 250),
  };
}

/** The full message Mailpit returns from /api/v1/message/{ID}. */
export function detail(m: StoredMessage): Record<string, unknown> {
  return {
    ID: m.ID,
    MessageID: m.MessageID,
    From: m.From,
    To: m.To,
    Cc: m.Cc,
    Bcc: m.Bcc,
    ReplyTo: m.ReplyTo,
    ReturnPath: m.From.Address,
    Subject: m.Subject,
    Date: m.Date,
    Tags: [],
    Text: m.Text,
    HTML: m.HTML,
    Size: m.Size,
    Inline: [],
    Attachments: [],
  };
}

type Term = { field: "to" | "from" | "subject" | "text"; value: string };

function parseQuery(query: string): Term[] {
  const terms: Term[] = [];
  for (const match of query.matchAll(/(?:(to|from|subject):)?(?:"([^"]*)"|(\S+))/gi)) {
    const field = (match[1]?.toLowerCase() ?? "text") as Term["field"];
    const value = (match[2] ?? match[3] ?? "").toLowerCase();
    if (value) terms.push({ field, value });
  }
  return terms;
}

function matches(m: StoredMessage, t: Term): boolean {
  const addrs = (list: Address[]) =>
    list.some((a) => a.Address.includes(t.value) || a.Name.toLowerCase().includes(t.value));
  switch (t.field) {
    case "to":
      return addrs([...m.To, ...m.Cc, ...m.Bcc]);
    case "from":
      return addrs([m.From]);
    case "subject":
      return m.Subject.toLowerCase().includes(t.value);
    default:
      return [m.Subject, m.Text, m.From.Address, ...m.To.map((a) => a.Address)].some((s) =>
        s.toLowerCase().includes(t.value),
      );
  }
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
};

/**
 * Claims `file` for this mailbox (a `.lock` beside it names the process): of several emulators on
 * one data folder, the first keeps its mail there and the others in memory, so none overwrites
 * another's. A lock whose process is gone is taken over. Answers the release, or undefined.
 */
function claim(file: string): (() => void) | undefined {
  const lock = `${file}.lock`;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lock, String(process.pid), { flag: "wx", mode: 0o600 });
      return () => fs.rmSync(lock, { force: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
      if (alive(Number(fs.readFileSync(lock, "utf8")))) return undefined;
      fs.rmSync(lock, { force: true });
    }
  }
  return undefined;
}

export class MessageStore {
  private messages: StoredMessage[] = [];
  private readonly file?: string;
  /** Gives the file back (nothing when the mail is kept in memory). */
  readonly release: () => void = () => undefined;

  /** file: where messages persist (undefined, or claimed by another mailbox: memory only). */
  constructor(file?: string) {
    const release = file ? claim(file) : undefined;
    if (!file || !release) return;
    this.file = file;
    this.release = release;
    if (fs.existsSync(file)) {
      const saved = JSON.parse(fs.readFileSync(file, "utf8")) as { messages?: StoredMessage[] };
      this.messages = Array.isArray(saved.messages) ? saved.messages.slice(0, MAX_MESSAGES) : [];
    }
  }

  /** Whether mail is kept in the file (false: in memory). */
  get persisted(): boolean {
    return this.file !== undefined;
  }

  private save(): void {
    if (!this.file) return;
    const tmp = `${this.file}.tmp`;
    fs.writeFileSync(tmp, JSON.stringify({ messages: this.messages }), { mode: 0o600 });
    fs.renameSync(tmp, this.file);
  }

  markRead(m: StoredMessage): void {
    if (m.Read) return;
    m.Read = true;
    this.save();
  }

  add(parsed: ParsedMail, envelopeTo: string[], size: number): StoredMessage {
    const to = addresses(parsed.to);
    // Recipients only in the envelope (Bcc) still count as recipients.
    const bcc = envelopeTo
      .filter((r) => !to.some((a) => a.Address === r.toLowerCase()))
      .map((r) => ({ Name: "", Address: r.toLowerCase() }));
    const now = new Date().toISOString();
    const message: StoredMessage = {
      ID: randomUUID(),
      MessageID: parsed.messageId ?? "",
      From: addresses(parsed.from)[0] ?? { Name: "", Address: "" },
      To: to,
      Cc: addresses(parsed.cc),
      Bcc: bcc,
      ReplyTo: addresses(parsed.replyTo),
      Subject: parsed.subject ?? "",
      Created: now,
      Date: parsed.date?.toISOString() ?? now,
      Text: parsed.text ?? "",
      HTML: typeof parsed.html === "string" ? parsed.html : "",
      Size: size,
      Read: false,
    };
    this.messages.unshift(message);
    this.messages.length = Math.min(this.messages.length, MAX_MESSAGES);
    this.save();
    return message;
  }

  list(): StoredMessage[] {
    return this.messages;
  }

  search(query: string): StoredMessage[] {
    const terms = parseQuery(query);
    return this.messages.filter((m) => terms.every((t) => matches(m, t)));
  }

  get(id: string): StoredMessage | undefined {
    return id === "latest" ? this.messages[0] : this.messages.find((m) => m.ID === id);
  }

  delete(ids?: string[]): void {
    this.messages = ids?.length ? this.messages.filter((m) => !ids.includes(m.ID)) : [];
    this.save();
  }
}
