import { startWorker } from '../main/start-worker.ts';
import { startSmtpServer, type ReceivedMail, type TestSmtpServer } from './smtp.ts';
import { createTestApp, type TestApp } from './test-app.ts';
import { waitFor } from './wait.ts';

export type MailTestApp = TestApp & { smtp: TestSmtpServer };

/**
 * A test app whose e-mails really leave: a real SMTP server on a local port, SMTP_URL pointing at
 * it, and the job worker running so the `mail.send` jobs are delivered.
 */
export const createMailTestApp = async (env: Record<string, string> = {}): Promise<MailTestApp> => {
  const smtp = await startSmtpServer();
  const t = await createTestApp({ env: { SMTP_URL: smtp.url, ...env } });
  const stopWorker = await startWorker(t.context);
  return {
    ...t,
    smtp,
    close: async () => {
      stopWorker();
      await t.close();
      await smtp.close();
    },
  };
};

export const mailsTo = (smtp: TestSmtpServer, to: string): ReceivedMail[] =>
  smtp.received.filter((mail) => mail.envelopeTo.includes(to.toLowerCase()));

/**
 * Waits for the `count`-th message to an address (1 = the first), among those with `subject` when
 * given: the worker sends in parallel, so messages may arrive in another order than queued.
 */
export const waitForMail = (
  smtp: TestSmtpServer,
  to: string,
  subject?: string,
  count = 1,
): Promise<ReceivedMail> =>
  waitFor(() => mailsTo(smtp, to).filter((mail) => !subject || mail.subject === subject)[count - 1], {
    what: `e-mail #${count} ${subject ? `"${subject}" ` : ''}to ${to}`,
  });

/** The action link of an account e-mail: `mode` and `oobCode` as the action page reads them. */
export const actionLinkOf = (mail: ReceivedMail): { url: URL; mode: string; oobCode: string } => {
  const match = /https?:\/\/\S+\/auth\/action\?\S+/.exec(mail.text);
  if (!match) throw new Error(`no action link in "${mail.subject}"`);
  const url = new URL(match[0]);
  return { url, mode: url.searchParams.get('mode') ?? '', oobCode: url.searchParams.get('oobCode') ?? '' };
};
