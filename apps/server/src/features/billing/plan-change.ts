import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import {
  AppError,
  billingMessages,
  findPlan,
  isSelectablePlan,
  keyedError,
  planMessages,
  type MessageKeyDetails,
  type Plan,
} from '@billbridge/contract';
import type { AppContext } from '../../context.ts';
import { subscription, type SubscriptionRow } from '../../db/schema.ts';
import { implement } from '../../functions/framework.ts';
import { oneMonthAfter } from '../subscriptions/billing-period.ts';
import { createWorkspace } from '../subscriptions/create-workspace.ts';
import { releaseHeldEvents } from '../sync/replay/replay.ts';
import { storeCustomerInvoices } from './invoices.ts';
import { billingNotConfigured, platformStripe } from './platform.ts';
import { ensureCustomer } from './stripe-customer.ts';
import {
  applyBillingInfo,
  followedColumns,
  itemsOf,
  startStripeSubscription,
  type BillingInfo,
} from './stripe-subscription.ts';

const planNotFound: MessageKeyDetails = { messageKey: 'planNotFound' };

/** A plan a user may pick (spec §4, §8): known, selectable, and for paid ones with billing info. */
const selectablePlan = (planId: string): Plan => {
  const plan = findPlan(planId);
  if (!plan) throw new AppError('not-found', planMessages.notFound, planNotFound);
  if (!isSelectablePlan(plan)) throw new AppError('invalid-argument', planMessages.notSelectable);
  return plan;
};

const requireBillingInfo = (billingInfo: BillingInfo | undefined): BillingInfo => {
  if (!billingInfo) throw keyedError('invalid-argument', billingMessages, 'billingInfoRequired');
  return billingInfo;
};

/**
 * Spec §4 "Plan creation": the free plan at once; a paid plan charges the billing step's card
 * first and creates the workspace only once Stripe took the subscription, so a declined card leaves
 * nothing behind (its customer is deleted again).
 */
export const createSubscription = implement(
  'createSubscription',
  async ({ planId, billingInfo }, { app, caller }) => {
    const plan = selectablePlan(planId);
    const { db } = app.database;
    if (plan.free) return { subscriptionId: await createWorkspace(db, caller.userId, plan.id) };
    const info = requireBillingInfo(billingInfo);
    const id = randomUUID();
    const stripe = platformStripe(app);
    const customer = await stripe.customers.create({
      email: caller.email,
      metadata: { subscription_id: id },
    });
    let started: Awaited<ReturnType<typeof startStripeSubscription>>;
    try {
      await applyBillingInfo(app, customer.id, info);
      started = await startStripeSubscription(app, { customerId: customer.id, plan, workspaceId: id });
    } catch (error) {
      await stripe.customers.del(customer.id).catch(() => undefined);
      throw error;
    }
    const { currentPeriodStart, ...columns } = followedColumns(started.stripeSubscription);
    await createWorkspace(db, caller.userId, plan.id, currentPeriodStart, {
      id,
      stripeCustomerId: customer.id,
      ...columns,
    });
    await storeCustomerInvoices(app, id, customer.id);
    return { subscriptionId: id, clientSecret: started.clientSecret };
  },
);

/**
 * Spec §4 "Change plan" (decision 025): free → paid starts the Stripe subscription with the billing
 * step's card and lifts a cap at once (held events sync); paid → paid swaps the prices from now on
 * without proration; paid → free ends the Stripe subscription now, invoicing the overage so far.
 */
export const changeSubscriptionPlan = implement(
  'changeSubscriptionPlan',
  async ({ planId, billingInfo }, { app, workspace }) => {
    const plan = selectablePlan(planId);
    const row = workspace.subscription;
    if (plan.id === row.planId) throw keyedError('failed-precondition', billingMessages, 'samePlan');
    if (plan.free) {
      await downgradeToFree(app, row);
      return {};
    }
    if (row.stripeSubscriptionId) {
      if (billingInfo) await applyBillingInfo(app, await ensureCustomer(app, row), billingInfo);
      await switchPaidPlan(app, row, plan);
      return {};
    }
    return upgradeFromFree(app, row, plan, requireBillingInfo(billingInfo));
  },
);

const upgradeFromFree = async (
  app: AppContext,
  row: SubscriptionRow,
  plan: Plan,
  billingInfo: BillingInfo,
): Promise<{ clientSecret?: string }> => {
  const customerId = await ensureCustomer(app, row);
  await applyBillingInfo(app, customerId, billingInfo);
  const started = await startStripeSubscription(app, { customerId, plan, workspaceId: row.id });
  await app.database.db.transaction(async (tx) => {
    await tx
      .update(subscription)
      .set({ planId: plan.id, ...followedColumns(started.stripeSubscription), updatedAt: new Date() })
      .where(eq(subscription.id, row.id));
    // The cap is gone with the free plan: what it held goes through the pipeline now.
    if (row.status === 'capped') await releaseHeldEvents(app, tx, row.id);
  });
  await storeCustomerInvoices(app, row.id, customerId);
  return started.clientSecret ? { clientSecret: started.clientSecret } : {};
};

/** The new plan's prices replace the old ones on the same Stripe subscription, no proration (decision 025). */
const switchPaidPlan = async (app: AppContext, row: SubscriptionRow, plan: Plan): Promise<void> => {
  const stripe = platformStripe(app);
  const current = await stripe.subscriptions.retrieve(row.stripeSubscriptionId as string);
  const updated = await stripe.subscriptions.update(current.id, {
    items: [
      ...current.items.data.map((item) => ({ id: item.id, deleted: true })),
      ...(await itemsOf(app, plan)),
    ],
    proration_behavior: 'none',
  });
  await app.database.db
    .update(subscription)
    .set({ planId: plan.id, ...followedColumns(updated), updatedAt: new Date() })
    .where(eq(subscription.id, row.id));
};

/** Ends the Stripe subscription now with a final invoice; the free plan's own monthly period starts. */
const downgradeToFree = async (app: AppContext, row: SubscriptionRow): Promise<void> => {
  const now = new Date();
  await app.database.db
    .update(subscription)
    .set({
      planId: 'free',
      stripeSubscriptionId: null,
      status: row.status === 'canceled' ? row.status : 'active',
      currentPeriodStart: now,
      currentPeriodEnd: oneMonthAfter(now),
      updatedAt: now,
    })
    .where(eq(subscription.id, row.id));
  if (!row.stripeSubscriptionId) return;
  try {
    await cancelStripeSubscription(app, row.stripeSubscriptionId);
  } catch (error) {
    // Stripe still bills the old plan: the workspace stays on it.
    const { planId, stripeSubscriptionId, status, currentPeriodStart, currentPeriodEnd } = row;
    await app.database.db
      .update(subscription)
      .set({ planId, stripeSubscriptionId, status, currentPeriodStart, currentPeriodEnd })
      .where(eq(subscription.id, row.id));
    throw error;
  }
};

/** Cancels at once, invoicing what was metered this period (overage is billed in arrears). */
const cancelStripeSubscription = async (app: AppContext, stripeSubscriptionId: string): Promise<void> => {
  await platformStripe(app).subscriptions.cancel(stripeSubscriptionId, { invoice_now: true, prorate: false });
};

/** Spec §4/§5: typed confirmation equal to the id; immediate and final. */
export const cancelSubscription = implement(
  'cancelSubscription',
  async ({ confirmationId }, { app, workspace }) => {
    const row = workspace.subscription;
    if (confirmationId !== row.id)
      throw keyedError('invalid-argument', billingMessages, 'confirmationMismatch');
    if (row.stripeSubscriptionId) await cancelStripeSubscription(app, row.stripeSubscriptionId);
    await app.database.db
      .update(subscription)
      .set({ status: 'canceled', updatedAt: new Date() })
      .where(eq(subscription.id, row.id));
    if (row.stripeCustomerId) await storeCustomerInvoices(app, row.id, row.stripeCustomerId);
    return null;
  },
);

/** What the browser needs to load Stripe.js on the platform account. */
export const getBillingConfig = implement('getBillingConfig', async (_input, { app }) => {
  const settings = app.providers.stripe;
  if (!settings?.publishableKey) throw billingNotConfigured();
  return { publishableKey: settings.publishableKey, stripeJsUrl: settings.stripeJsUrl };
});
