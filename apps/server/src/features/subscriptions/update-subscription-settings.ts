import { eq, sql } from 'drizzle-orm';
import { AppError, checkSettingsUpdate, findPlan, type FieldIssue } from '@billbridge/contract';
import { subscription } from '../../db/schema.ts';
import { implement } from '../../functions/framework.ts';
import { recordAudit } from '../../functions/audit-trail.ts';

const invalidSettings = (issues: FieldIssue[]) =>
  new AppError('invalid-argument', issues.map((issue) => issue.message).join('; '), { fields: issues });

/**
 * Spec §7 "update the subscription document's settings, merged with the existing settings". The
 * merge happens in SQL so two admins saving different fields at once both keep their change.
 */
export const updateSubscriptionSettings = implement(
  'updateSubscriptionSettings',
  async ({ settings }, call) => {
    const { app, workspace } = call;
    const row = workspace.subscription;
    const onFreePlan = findPlan(row.planId)?.free ?? false;
    const { issues, patch, cleared } = checkSettingsUpdate(settings, { stored: row.settings, onFreePlan });
    if (issues.length > 0) throw invalidSettings(issues);
    const updated = await app.database.db.transaction(async (tx) => {
      const [saved] = await tx
        .update(subscription)
        .set({
          // Arrays are passed as JSON: the two drivers serialize JS array parameters differently.
          settings: sql`(${subscription.settings} - array(select jsonb_array_elements_text(${JSON.stringify(cleared)}::jsonb))) || ${JSON.stringify(patch)}::jsonb`,
          updatedAt: sql`now()`,
        })
        .where(eq(subscription.id, row.id))
        .returning({ settings: subscription.settings });
      await recordAudit(tx, call, {
        kind: 'workspace.settings_changed',
        target: { type: 'workspace', id: row.id },
        before: row.settings,
        after: saved?.settings,
      });
      return saved;
    });
    return { settings: updated?.settings ?? {} };
  },
);
