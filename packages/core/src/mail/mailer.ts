// Outgoing mail: SMTP through nodemailer when SMTP_URL is set, otherwise the
// outbox table plus a log line, so a developer can read mail without a server.
import { type Db, mailOutbox } from "@notes/db";
import { createTransport } from "nodemailer";
import type { Log } from "../types";

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

export function smtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = createTransport(smtpUrl);
  return {
    async send(mail) {
      await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text });
    },
  };
}

export function outboxMailer(db: Db, log: Log): Mailer {
  return {
    async send(mail) {
      await db
        .insert(mailOutbox)
        .values({ recipient: mail.to, subject: mail.subject, body: mail.text });
      log.info({ mail }, "mail kept in outbox (no SMTP_URL set); read it with pnpm mail:outbox");
    },
  };
}
