// The one mail sender (docs/architecture.md): nodemailer over SMTP_URL (locally the mailbox's port).
import type { Transporter } from "nodemailer";
import type { Config } from "./config";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

export function createMailer(config: Pick<Config, "mail">): Mailer {
  // Loaded on the first send: most starts send no mail, and loading it costs start-up time.
  let transport: Promise<Transporter> | undefined;
  let closed = false;
  const connect = () =>
    (transport ??= import("nodemailer").then(({ default: nodemailer }) =>
      nodemailer.createTransport(config.mail.smtpUrl),
    ));
  return {
    async send({ to, subject, text, html }) {
      const t = await connect();
      // An address object, not a string: the mailer never parses a recipient into other mailboxes.
      await t.sendMail({ from: config.mail.from, to: { name: "", address: to }, subject, text, html });
    },
    close: () => {
      if (closed) return;
      closed = true;
      void transport?.then((t) => t.close());
    },
  };
}
