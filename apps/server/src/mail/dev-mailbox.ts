import { randomUUID } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import type { Config } from '../config/env.ts';
import type { Db } from '../db/client.ts';
import { devMail, type DevMailRow } from '../db/schema.ts';
import type { MailMessage } from './message.ts';

/**
 * The dev mailbox: with no SMTP server configured, e-mails are kept in `dev_mail` so a newcomer can
 * read their links. The listing is public (it must work before anyone can sign in), so it exists
 * only in the sandbox (the embedded default), and only to this machine: anywhere else it would hand
 * anyone every user's e-mails.
 */
export const devMailboxEnabled = (config: Pick<Config, 'sandbox'>): boolean => config.sandbox;

export const storeDevMail = async (db: Db, message: MailMessage): Promise<void> => {
  await db.insert(devMail).values({
    id: randomUUID(),
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html ?? null,
  });
};

export type DevMailApi = {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  created_at: string;
};

export const devMailToApi = (row: DevMailRow): DevMailApi => ({
  id: row.id,
  to: row.to,
  subject: row.subject,
  text: row.text,
  html: row.html,
  created_at: row.createdAt.toISOString(),
});

const maxListed = 100;

/** The newest kept messages first; only those to `to` when it is given (a lower-case address). */
export const newestDevMail = (db: Db, to: string): Promise<DevMailRow[]> =>
  db
    .select()
    .from(devMail)
    .where(to ? eq(devMail.to, to) : undefined)
    .orderBy(desc(devMail.createdAt), desc(devMail.id))
    .limit(maxListed);
