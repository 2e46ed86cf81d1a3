// Sends GoTrue's default mails (confirmation, recovery, magic link, invite, email change) over
// SMTP with nodemailer, as a real deployment would, and prints each link to the console so a
// developer can click it without opening the mailbox.
import type { Transporter } from "nodemailer";

export type MailKind = "signup" | "recovery" | "magiclink" | "invite" | "email_change";

interface Template { subject: string; heading: string; lead: string; action: string }

// Wording follows GoTrue's built-in templates (internal/mailer/templatemailer).
const TEMPLATES: Record<MailKind, Template> = {
  signup: { subject: "Confirm Your Signup", heading: "Confirm your signup", lead: "Follow this link to confirm your user:", action: "Confirm your mail" },
  recovery: { subject: "Reset Your Password", heading: "Reset Password", lead: "Follow this link to reset the password for your user:", action: "Reset Password" },
  magiclink: { subject: "Your Magic Link", heading: "Magic Link", lead: "Follow this link to login:", action: "Log In" },
  invite: { subject: "You have been invited", heading: "You have been invited", lead: "You have been invited to create a user. Follow this link to accept the invite:", action: "Accept the invite" },
  email_change: { subject: "Confirm Email Change", heading: "Confirm Change of Email", lead: "Follow this link to confirm the update of your email:", action: "Change Email" },
};

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export class Mailer {
  /** Made on the first send: loading nodemailer is a noticeable share of start-up, and most starts send nothing. */
  private transport: Promise<Transporter> | undefined;
  private closed = false;
  /** Parsed at construction, so a malformed SMTP URL still fails at start, not on the first mail. */
  private readonly url: URL;

  constructor(
    smtpUrl: string,
    private readonly from: string,
    private readonly quiet: boolean,
  ) {
    this.url = new URL(smtpUrl);
  }

  private connect(): Promise<Transporter> {
    this.transport ??= import("nodemailer").then(({ default: nodemailer }) => {
      // The local mailbox speaks plain SMTP; real providers negotiate TLS from the URL (smtps://).
      const url = this.url;
      return nodemailer.createTransport({
        host: url.hostname,
        port: Number(url.port) || (url.protocol === "smtps:" ? 465 : 587),
        secure: url.protocol === "smtps:",
        ignoreTLS: url.protocol === "smtp:" && (url.hostname === "127.0.0.1" || url.hostname === "localhost"),
        auth: url.username ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } : undefined,
      });
    });
    return this.transport;
  }

  async send(kind: MailKind, to: string, link: string, otp: string): Promise<void> {
    const t = TEMPLATES[kind];
    const text = `${t.heading}\n\n${t.lead}\n${link}\n\nAlternatively, enter the code: ${otp}\n`;
    const html =
      `<h2>${escapeHtml(t.heading)}</h2>\n<p>${escapeHtml(t.lead)}</p>\n` +
      `<p><a href="${escapeHtml(link)}">${escapeHtml(t.action)}</a></p>\n<p>Alternatively, enter the code: ${escapeHtml(otp)}</p>\n`;
    await (await this.connect()).sendMail({ from: this.from, to, subject: t.subject, text, html });
    if (!this.quiet) console.log(`[auth] ${t.subject} → ${to}\n       ${link}`);
  }

  /** A mail with a code and no link (GoTrue's reauthentication mail). */
  async sendCode(to: string, otp: string): Promise<void> {
    const subject = "Confirm reauthentication";
    const text = `Confirm reauthentication\n\nEnter the code: ${otp}\n`;
    const html = `<h2>Confirm reauthentication</h2>\n<p>Enter the code: ${escapeHtml(otp)}</p>\n`;
    await (await this.connect()).sendMail({ from: this.from, to, subject, text, html });
    if (!this.quiet) console.log(`[auth] ${subject} → ${to}`);
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    void this.transport?.then((t) => t.close());
  }
}
