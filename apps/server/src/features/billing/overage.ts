import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import Stripe from 'stripe';
import { findPlan } from '@billbridge/contract';
import type { AppContext } from '../../context.ts';
import { overageEvent, overageReport, subscription, type SubscriptionRow } from '../../db/schema.ts';
import type { JobDefinition, JobQueue, SendOptions } from '../../jobs/queue.ts';
import type { Transaction } from '../../db/client.ts';
import { platformStripe, syncEventsMeter } from './platform.ts';

export const overageQueue = 'billing.report-overage';

/**
 * Overage events per meter event: one meter event carries their count as its value, so a burst of
 * 100,000 events costs 100 calls, far inside Stripe's meter event rate limit (decision 027).
 */
export const overageBatchSize = 1_000;

/**
 * Called by the sync engine in its transaction right after it counted `counted` events, bringing
 * the period's usage to `total`: the ones past a paid plan's included amount are recorded once
 * each (keyed by the stored event) and the reporter is asked for.
 */
export const recordOverage = async (
  context: AppContext,
  tx: Transaction,
  workspace: SubscriptionRow,
  counted: { id: number }[],
  total: number,
): Promise<void> => {
  const plan = findPlan(workspace.planId);
  const included = plan?.includedSyncEvents;
  if (!workspace.stripeSubscriptionId || !plan?.overagePricePerEvent || included == null) return;
  const before = total - counted.length;
  const over = counted.filter((_, index) => before + index + 1 > included);
  if (over.length === 0) return;
  await tx
    .insert(overageEvent)
    .values(over.map((event) => ({ stripeEventId: event.id, subscriptionId: workspace.id })))
    .onConflictDoNothing();
  await enqueueOverageReport(context.queue, workspace.id, { tx });
};

export const enqueueOverageReport = (
  queue: JobQueue,
  subscriptionId: string,
  options: Omit<SendOptions, 'singletonKey'> = {},
) => queue.send(overageQueue, { subscriptionId }, { ...options, singletonKey: subscriptionId });

/** Groups the next unreported overage events of the workspace into one report; false when none are left. */
const groupNextBatch = async (context: AppContext, subscriptionId: string): Promise<boolean> =>
  context.database.db.transaction(async (tx) => {
    const [workspace] = await tx
      .select({ customerId: subscription.stripeCustomerId })
      .from(subscription)
      .where(eq(subscription.id, subscriptionId))
      .for('update');
    if (!workspace?.customerId) return false;
    const unreported = and(eq(overageEvent.subscriptionId, subscriptionId), isNull(overageEvent.reportId));
    const [first] = await tx
      .select({ id: overageEvent.stripeEventId })
      .from(overageEvent)
      .where(unreported)
      .orderBy(asc(overageEvent.stripeEventId))
      .limit(1);
    if (!first) return false;
    // Deterministic: the same batch always makes the same meter event identifier.
    const reportId = `bb_overage_${subscriptionId}_${first.id}`;
    const batch = tx
      .select({ id: overageEvent.stripeEventId })
      .from(overageEvent)
      .where(unreported)
      .orderBy(asc(overageEvent.stripeEventId))
      .limit(overageBatchSize);
    const grouped = await tx
      .update(overageEvent)
      .set({ reportId })
      .where(inArray(overageEvent.stripeEventId, batch))
      .returning({ id: overageEvent.stripeEventId });
    await tx
      .insert(overageReport)
      .values({ id: reportId, subscriptionId, customerId: workspace.customerId, units: grouped.length });
    return true;
  });

const isDuplicate = (error: unknown): boolean =>
  error instanceof Stripe.errors.StripeInvalidRequestError &&
  error.code === 'meter_event_duplicate_identifier';

/**
 * Sends the workspace's unsent reports as meter events. A report Stripe already has (a crash after
 * it accepted, before we noted it) answers "duplicate identifier": it counts as sent, never twice.
 */
const sendReports = async (context: AppContext, subscriptionId: string): Promise<void> => {
  const { db } = context.database;
  const stripe = platformStripe(context);
  const unsent = await db
    .select()
    .from(overageReport)
    .where(and(eq(overageReport.subscriptionId, subscriptionId), isNull(overageReport.reportedAt)))
    .orderBy(asc(overageReport.createdAt), asc(overageReport.id));
  for (const report of unsent) {
    try {
      await stripe.billing.meterEvents.create({
        event_name: syncEventsMeter.eventName,
        identifier: report.id,
        payload: { stripe_customer_id: report.customerId, value: String(report.units) },
      });
    } catch (error) {
      if (!isDuplicate(error)) throw error;
    }
    await db.update(overageReport).set({ reportedAt: new Date() }).where(eq(overageReport.id, report.id));
  }
};

/** Reports every recorded overage event of the workspace to the Stripe meter. */
export const reportOverage = async (context: AppContext, subscriptionId: string): Promise<void> => {
  await sendReports(context, subscriptionId);
  while (await groupNextBatch(context, subscriptionId)) await sendReports(context, subscriptionId);
};

export const overageJob = (context: AppContext): JobDefinition => ({
  name: overageQueue,
  handler: async (data) => reportOverage(context, (data as { subscriptionId: string }).subscriptionId),
  options: {
    queue: {
      // One queued and one running per workspace; a failure is retried until Stripe accepts.
      policy: 'stately',
      retryLimit: 100,
      retryDelay: 5,
      retryBackoff: true,
      retryDelayMax: 3_600,
      expireInSeconds: 600,
    },
    worker: { batchSize: 1 },
  },
});
