// PLACEHOLDER — replaced by the auth-emulator work (issue 3): SMTP sink + Mailpit-style JSON API.
export interface MailboxOptions { host: string; smtpPort: number; httpPort: number; quiet?: boolean }
export interface Mailbox { url: string; smtpUrl: string; close(): Promise<void> }
export async function startMailbox(_opts: MailboxOptions): Promise<Mailbox> {
  throw new Error("mailbox not implemented yet");
}
