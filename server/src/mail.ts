// The one mail sender (DESIGN: mail seam): nodemailer over SMTP. Locally that is the mailbox's SMTP
// port; in production any SMTP provider via SMTP_URL. The identity work uses it for owner emails.
import nodemailer from "nodemailer";
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
  const transport = nodemailer.createTransport(config.mail.smtpUrl);
  return {
    async send({ to, subject, text, html }) {
      await transport.sendMail({ from: config.mail.from, to, subject, text, html });
    },
    close: () => transport.close(),
  };
}
