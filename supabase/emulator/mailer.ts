// Sends the auth mails (confirmation, recovery, magic link, invite, email change, reauthentication)
// over SMTP with nodemailer, as a real deployment would, and prints each link to the console so a
// developer can click it without opening the mailbox. The wording is GoTrue's unless config.toml
// gives the project's own subject or HTML (mail-templates.ts); the defaults add the code beside
// the link, so a test can type it.
import type { Transporter } from "nodemailer";
import {
  htmlToText,
  renderTemplate,
  type CustomTemplate,
  type TemplateType,
  type TemplateVars,
} from "./mail-templates";

export type MailKind = "signup" | "recovery" | "magiclink" | "invite" | "email_change";

interface Template {
  subject: string;
  heading: string;
  lead: string;
  action: string;
}

// Wording follows GoTrue's built-in templates (internal/mailer/templatemailer).
const TEMPLATES: Record<MailKind, Template> = {
  signup: {
    subject: "Confirm Your Signup",
    heading: "Confirm your signup",
    lead: "Follow this link to confirm your user:",
    action: "Confirm your mail",
  },
  recovery: {
    subject: "Reset Your Password",
    heading: "Reset Password",
    lead: "Follow this link to reset the password for your user:",
    action: "Reset Password",
  },
  magiclink: {
    subject: "Your Magic Link",
    heading: "Magic Link",
    lead: "Follow this link to login:",
    action: "Log In",
  },
  invite: {
    subject: "You have been invited",
    heading: "You have been invited",
    lead: "You have been invited to create a user. Follow this link to accept the invite:",
    action: "Accept the invite",
  },
  email_change: {
    subject: "Confirm Email Change",
    heading: "Confirm Change of Email",
    lead: "Follow this link to confirm the update of your email:",
    action: "Change Email",
  },
};

const TEMPLATE_TYPE: Record<MailKind, TemplateType> = {
  signup: "confirmation",
  recovery: "recovery",
  magiclink: "magic_link",
  invite: "invite",
  email_change: "email_change",
};

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

interface Rendered {
  subject: string;
  text: string;
  html: string;
}

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
    private readonly templates: Partial<Record<TemplateType, CustomTemplate>> = {},
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
        auth: url.username
          ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) }
          : undefined,
      });
    });
    return this.transport;
  }

  /** The project's template where config.toml gives one, else the built-in wording. */
  private render(type: TemplateType, vars: TemplateVars, fallback: Rendered): Rendered {
    const custom = this.templates[type];
    const subject = custom?.subject !== undefined ? renderTemplate(custom.subject, vars, false) : fallback.subject;
    if (custom?.html === undefined) return { ...fallback, subject };
    const html = renderTemplate(custom.html, vars, true);
    return { subject, html, text: htmlToText(html) };
  }

  /** A mail with a link and its code; `vars` are GoTrue's template variables. */
  async send(
    kind: MailKind,
    to: string,
    vars: TemplateVars & { ConfirmationURL: string; Token: string },
  ): Promise<void> {
    const t = TEMPLATES[kind];
    const link = vars.ConfirmationURL;
    const otp = vars.Token;
    const mail = this.render(TEMPLATE_TYPE[kind], vars, {
      subject: t.subject,
      text: `${t.heading}\n\n${t.lead}\n${link}\n\nAlternatively, enter the code: ${otp}\n`,
      html:
        `<h2>${escapeHtml(t.heading)}</h2>\n<p>${escapeHtml(t.lead)}</p>\n` +
        `<p><a href="${escapeHtml(link)}">${escapeHtml(t.action)}</a></p>\n<p>Alternatively, enter the code: ${escapeHtml(otp)}</p>\n`,
    });
    await (await this.connect()).sendMail({ from: this.from, to, ...mail });
    if (!this.quiet) console.log(`[auth] ${mail.subject} → ${to}\n       ${link}`);
  }

  /** A mail with a code and no link (GoTrue's reauthentication mail). */
  async sendCode(to: string, vars: TemplateVars & { Token: string }): Promise<void> {
    const otp = vars.Token;
    const mail = this.render("reauthentication", vars, {
      subject: "Confirm reauthentication",
      text: `Confirm reauthentication\n\nEnter the code: ${otp}\n`,
      html: `<h2>Confirm reauthentication</h2>\n<p>Enter the code: ${escapeHtml(otp)}</p>\n`,
    });
    await (await this.connect()).sendMail({ from: this.from, to, ...mail });
    if (!this.quiet) console.log(`[auth] ${mail.subject} → ${to}`);
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    void this.transport?.then((t) => t.close());
  }
}
