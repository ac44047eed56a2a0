import nodemailer from 'nodemailer';
import type { Db } from '../db/client.ts';
import { storeDevMail } from './dev-mailbox.ts';
import type { MailMessage } from './message.ts';

export type MailerConfig = {
  /** `smtp://` or `smtps://` with credentials; absent → the dev mailbox. */
  smtpUrl: string | undefined;
  /** Sender of every message, e.g. `Billbridge <no-reply@example.com>`. */
  from: string;
  /** Where the dev mailbox keeps messages. */
  db: Db;
};

export type Mailer = {
  kind: 'smtp' | 'dev-mailbox';
  /** Resolves once the SMTP server accepted the message (or it is stored); rejects otherwise. */
  send: (message: MailMessage) => Promise<void>;
  close: () => void;
};

/** Generous enough for a slow server, short enough that a dead one frees the job for a retry. */
const smtpTimeouts = { connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000 };

/** SMTP through nodemailer when configured, else the dev mailbox (STYLE §8: embedded default + real one). */
export const createMailer = ({ smtpUrl, from, db }: MailerConfig): Mailer => {
  if (!smtpUrl) {
    return { kind: 'dev-mailbox', send: (message) => storeDevMail(db, message), close: () => undefined };
  }
  const transport = nodemailer.createTransport({ url: smtpUrl, ...smtpTimeouts });
  return {
    kind: 'smtp',
    send: async (message) => {
      await transport.sendMail({ from, ...message });
    },
    close: () => transport.close(),
  };
};
