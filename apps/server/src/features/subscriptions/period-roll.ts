import { and, eq, inArray, lte } from 'drizzle-orm';
import { plans } from '@billbridge/contract';
import type { AppContext } from '../../context.ts';
import { subscription } from '../../db/schema.ts';
import { oneMonthAfter } from './billing-period.ts';
import { releaseHeldEvents } from '../inbox/replay/replay.ts';

/** Plans whose periods Billbridge keeps itself (nothing is billed through Stripe for them). */
const selfBilledPlans = Object.values(plans)
  .filter((plan) => plan.priceId === null && plan.free)
  .map((plan) => plan.id);

/**
 * Starts the next billing period of free workspaces whose period has ended: usage starts again
 * from zero, a capped workspace becomes active, and the events it held sync now.
 */
export const rollEndedPeriods = async (context: AppContext, now = new Date()): Promise<number> => {
  const ended = await context.database.db
    .select({ id: subscription.id })
    .from(subscription)
    .where(
      and(
        inArray(subscription.planId, selfBilledPlans),
        inArray(subscription.status, ['active', 'capped']),
        lte(subscription.currentPeriodEnd, now),
      ),
    );
  for (const { id } of ended) {
    await context.database.db.transaction(async (tx) => {
      const [row] = await tx.select().from(subscription).where(eq(subscription.id, id)).for('update');
      if (!row || row.currentPeriodEnd > now) return;
      let start = row.currentPeriodEnd;
      while (oneMonthAfter(start) <= now) start = oneMonthAfter(start);
      await tx
        .update(subscription)
        .set({
          currentPeriodStart: start,
          currentPeriodEnd: oneMonthAfter(start),
          status: row.status === 'capped' ? 'active' : row.status,
          updatedAt: new Date(),
        })
        .where(eq(subscription.id, id));
      if (row.status === 'capped') await releaseHeldEvents(context, tx, id);
    });
  }
  return ended.length;
};
