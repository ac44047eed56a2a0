import type { AppContext } from '../context.ts';
import type { JobDefinition, JobQueue } from '../jobs/queue.ts';
import { createMailer, type Mailer } from './mailer.ts';
import { emailsFailed, emailsSent } from '../metrics/metrics.ts';
import { mailMessageSchema, type MailMessage } from './message.ts';

export const mailSendJobName = 'mail.send';

/**
 * Queues an e-mail. Pass the caller's transaction: the message then exists exactly when the
 * change it tells about does, and a slow SMTP server never holds up the request.
 */
export const enqueueMail = (
  queue: JobQueue,
  message: MailMessage,
  options: Parameters<JobQueue['send']>[2] = {},
): Promise<void> => queue.send(mailSendJobName, mailMessageSchema.parse(message), options);

/** Retries with backoff for about a day before giving up on a message. */
const retries = { retryLimit: 12, retryDelay: 30, retryBackoff: true, retryDelayMax: 4 * 60 * 60 };

export const mailSendJob = (context: AppContext): JobDefinition => {
  let mailer: Mailer | undefined;
  return {
    name: mailSendJobName,
    handler: async (data, job) => {
      const message = mailMessageSchema.parse(data);
      mailer ??= createMailer({
        smtpUrl: context.config.smtpUrl,
        from: context.config.mailFrom,
        db: context.database.db,
      });
      try {
        await mailer.send(message);
        emailsSent.inc();
      } catch (error) {
        emailsFailed.inc();
        context.logger.warn(
          { err: error, to: message.to, subject: message.subject },
          'e-mail not sent; will retry',
        );
        throw error;
      }
      // The rendered message carries reset and sign-in links: once sent, the job keeps none of it.
      await context.queue.clearData(mailSendJobName, job.id);
      if (mailer.kind === 'dev-mailbox') {
        context.logger.info({ to: message.to, subject: message.subject }, 'e-mail kept in the dev mailbox');
      }
    },
    options: { queue: retries },
  };
};
