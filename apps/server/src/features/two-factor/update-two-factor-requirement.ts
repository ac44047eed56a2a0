import { eq, sql } from 'drizzle-orm';
import { AppError, ownerTwoFactorFirst, requireTwoFactorSetting } from '@billbridge/contract';
import { subscription } from '../../db/schema.ts';
import { implement } from '../../functions/framework.ts';
import { recordAudit } from '../../functions/audit-trail.ts';

/**
 * The owner's switch for `require_two_factor` (issue 36), written into the workspace's settings
 * the way `updateSubscriptionSettings` merges (in SQL, so a concurrent settings save keeps its
 * change). Turning it on needs the owner's own two-factor sign-in, so no owner locks themselves out.
 */
export const updateTwoFactorRequirement = implement(
  'updateTwoFactorRequirement',
  async ({ require_two_factor: required }, call) => {
    const { app, caller, workspace } = call;
    if (required && !caller.twoFactorEnabled)
      throw new AppError('failed-precondition', ownerTwoFactorFirst.message, ownerTwoFactorFirst.details);
    const updated = await app.database.db.transaction(async (tx) => {
      const [saved] = await tx
        .update(subscription)
        .set({
          settings: sql`${subscription.settings} || ${JSON.stringify({ [requireTwoFactorSetting]: required })}::jsonb`,
          updatedAt: sql`now()`,
        })
        .where(eq(subscription.id, workspace.subscription.id))
        .returning({ settings: subscription.settings });
      const kind = required ? 'two_factor.required' : 'two_factor.not_required';
      await recordAudit(tx, call, { kind, target: { type: 'workspace', id: workspace.subscription.id } });
      return saved;
    });
    return { settings: updated?.settings ?? {} };
  },
);
