import { and, eq } from 'drizzle-orm';
import { findPlan, syncCapOf } from '@billbridge/contract';
import { usage } from '../../db/schema.ts';
import { implement } from '../../functions/framework.ts';

/** The dashboard's usage bar: sync events counted in the current period, against the plan. */
export const getUsage = implement('getUsage', async (_input, { app, workspace }) => {
  const { id, planId, currentPeriodStart } = workspace.subscription;
  const [row] = await app.database.db
    .select({ events: usage.events })
    .from(usage)
    .where(and(eq(usage.subscriptionId, id), eq(usage.periodStart, currentPeriodStart)));
  return {
    events: row?.events ?? 0,
    included: findPlan(planId)?.includedSyncEvents ?? null,
    cap: syncCapOf(planId) ?? null,
  };
});
