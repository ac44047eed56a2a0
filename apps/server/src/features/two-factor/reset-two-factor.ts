import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { twoFactor, user } from '../../db/schema.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { enqueueMail } from '../../mail/mail-job.ts';
import { mailLanguageOf } from '../../mail/message.ts';
import { routes } from '@billbridge/contract';
import { loadUserSummary } from '../accounts/display-name.ts';
import { twoFactorMail } from './two-factor-mails.ts';
import { recordSecurityEvent } from '../../functions/audit-trail.ts';

export type TwoFactorReset = { outcome: 'not-found' } | { outcome: 'unchanged' } | { outcome: 'reset' };

/**
 * The operator's `reset-2fa EMAIL` (issue 36), for a user who lost both the device and the
 * recovery codes: the secret and the codes are deleted and two-factor turned off in one
 * transaction, with the user's notice queued in it; their sessions stay.
 */
export const resetTwoFactor = async (
  db: Db,
  queue: JobQueue,
  { email, appUrl }: { email: string; appUrl: string },
): Promise<TwoFactorReset> =>
  db.transaction(async (tx) => {
    const [target] = await tx
      .select({ id: user.id, email: user.email, enabled: user.twoFactorEnabled })
      .from(user)
      .where(eq(user.email, email.trim().toLowerCase()));
    if (!target) return { outcome: 'not-found' };
    const removed = await tx
      .delete(twoFactor)
      .where(eq(twoFactor.userId, target.id))
      .returning({ id: twoFactor.id });
    if (!target.enabled && !removed.length) return { outcome: 'unchanged' };
    await tx
      .update(user)
      .set({ twoFactorEnabled: false, updatedAt: new Date() })
      .where(eq(user.id, target.id));
    await recordSecurityEvent(tx, target, 'security.two_factor_reset', null, 'operator');
    const summary = await loadUserSummary(tx, target.id);
    if (summary)
      await enqueueMail(
        queue,
        twoFactorMail({
          change: 'reset',
          to: summary.email,
          name: summary.displayName,
          link: new URL(routes.twoFactor, appUrl).toString(),
          language: mailLanguageOf(summary.language),
        }),
        { tx },
      );
    return { outcome: 'reset' };
  });
