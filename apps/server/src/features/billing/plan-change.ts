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
import { implement, type WorkspaceCallContext } from '../../functions/framework.ts';
import { recordAudit, type AuditedCall } from '../../functions/audit-trail.ts';
import type { Db } from '../../db/client.ts';
import { oneMonthAfter } from '../subscriptions/billing-period.ts';
import { createWorkspace } from '../subscriptions/create-workspace.ts';
import {
  assertMayCreateWorkspace,
  recordBillingAttempt,
  requireVerifiedEmail,
} from '../limits/creation-limits.ts';
import { releaseHeldEvents } from '../inbox/replay/replay.ts';
import { storeCustomerInvoices } from './invoices.ts';
import { billingNotConfigured, platformStripe } from './platform.ts';
import { ensureCustomer } from './stripe-customer.ts';
import {
  applyBillingInfo,
  followedColumns,
  isPaidFor,
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

const recordWorkspaceCreated = (db: Db, call: AuditedCall, subscriptionId: string, planId: string) =>
  recordAudit(db, call, {
    kind: 'workspace.created',
    subscriptionId,
    target: { type: 'workspace', id: subscriptionId },
    after: { plan: planId },
  });

/**
 * Spec §4 "Plan creation": the free plan at once; a paid plan (a verified e-mail, issue 38) charges
 * the billing step's card first and creates the workspace only once Stripe took the subscription,
 * so a declined card leaves nothing behind (its customer is deleted again). A first payment still
 * to confirm makes a free workspace waiting for the paid plan (`pendingPlanId`).
 */
export const createSubscription = implement('createSubscription', async ({ planId, billingInfo }, call) => {
  const { app, caller } = call;
  const plan = selectablePlan(planId);
  const { db } = app.database;
  if (plan.free) {
    const id = await db.transaction(async (tx) => {
      await assertMayCreateWorkspace(tx, caller);
      const created = await createWorkspace(tx, caller.userId, plan.id);
      await recordWorkspaceCreated(tx, call, created, plan.id);
      return created;
    });
    return { subscriptionId: id };
  }
  const info = requireBillingInfo(billingInfo);
  requireVerifiedEmail(caller);
  await db.transaction((tx) => assertMayCreateWorkspace(tx, caller));
  await recordBillingAttempt(db, caller.userId, 'createSubscription');
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
  const billed = { id, stripeCustomerId: customer.id };
  await db.transaction(async (tx) => {
    if (isPaidFor(started.stripeSubscription.status)) {
      const { currentPeriodStart, ...columns } = followedColumns(started.stripeSubscription);
      await createWorkspace(tx, caller.userId, plan.id, currentPeriodStart, { ...billed, ...columns });
    } else {
      const pending = { stripeSubscriptionId: started.stripeSubscription.id, pendingPlanId: plan.id };
      await createWorkspace(tx, caller.userId, 'free', new Date(), { ...billed, ...pending });
    }
    await recordWorkspaceCreated(tx, call, id, plan.id);
  });
  await storeCustomerInvoices(app, id, customer.id);
  return { subscriptionId: id, clientSecret: started.clientSecret };
});

/**
 * Spec §4 "Change plan" (decision 025): free → paid starts the Stripe subscription with the billing
 * step's card and lifts a cap at once (held events sync); paid → paid swaps the prices from now on
 * without proration; paid → free ends the Stripe subscription now, invoicing the overage so far.
 */
export const changeSubscriptionPlan = implement(
  'changeSubscriptionPlan',
  async ({ planId, billingInfo }, call) => {
    const result = await changePlan(call, selectablePlan(planId), billingInfo);
    const row = call.workspace.subscription;
    const [now] = await call.app.database.db.select().from(subscription).where(eq(subscription.id, row.id));
    const planOf = (one: SubscriptionRow | undefined) => ({
      plan: one?.planId,
      pending_plan: one?.pendingPlanId,
    });
    // Stripe took the change first; the plan as stored now is what the log records.
    await recordAudit(call.app.database.db, call, {
      kind: 'plan.changed',
      target: { type: 'workspace', id: row.id },
      before: planOf(row),
      after: planOf(now),
    });
    return result;
  },
);

const changePlan = async (
  { app, workspace, caller }: WorkspaceCallContext,
  plan: Plan,
  billingInfo: BillingInfo | undefined,
): Promise<{ clientSecret?: string }> => {
  const row = workspace.subscription;
  if (row.pendingPlanId) return changePendingPlan(app, row, plan);
  if (plan.id === row.planId) throw keyedError('failed-precondition', billingMessages, 'samePlan');
  if (plan.free) {
    await downgradeToFree(app, row);
    return {};
  }
  await recordBillingAttempt(app.database.db, caller.userId, 'changeSubscriptionPlan');
  if (row.stripeSubscriptionId) {
    if (billingInfo) await applyBillingInfo(app, await ensureCustomer(app, row), billingInfo);
    await switchPaidPlan(app, row, plan);
    return {};
  }
  return upgradeFromFree(app, row, plan, requireBillingInfo(billingInfo));
};

/**
 * While a paid plan's first payment is being confirmed, the only change is back to free: its
 * Stripe subscription ends, and the workspace keeps its plan, cap and period as they are.
 */
const changePendingPlan = async (app: AppContext, row: SubscriptionRow, plan: Plan): Promise<object> => {
  if (!plan.free) throw keyedError('failed-precondition', billingMessages, 'paymentBeingConfirmed');
  await cancelStripeSubscription(app, row.stripeSubscriptionId as string);
  await app.database.db
    .update(subscription)
    .set({ pendingPlanId: null, stripeSubscriptionId: null, updatedAt: new Date() })
    .where(eq(subscription.id, row.id));
  return {};
};

/**
 * Free → paid. The plan's allowance starts when Stripe says it is paid (issue 38): at once when the
 * first payment went through; otherwise the workspace waits on the free plan, its cap, held events
 * and period unchanged, for the billing webhook (`followStripeSubscription`).
 */
const upgradeFromFree = async (
  app: AppContext,
  row: SubscriptionRow,
  plan: Plan,
  billingInfo: BillingInfo,
): Promise<{ clientSecret?: string }> => {
  const customerId = await ensureCustomer(app, row);
  await applyBillingInfo(app, customerId, billingInfo);
  const started = await startStripeSubscription(app, { customerId, plan, workspaceId: row.id });
  const { stripeSubscription } = started;
  await app.database.db.transaction(async (tx) => {
    if (!isPaidFor(stripeSubscription.status)) {
      await tx
        .update(subscription)
        .set({ stripeSubscriptionId: stripeSubscription.id, pendingPlanId: plan.id, updatedAt: new Date() })
        .where(eq(subscription.id, row.id));
      return;
    }
    await tx
      .update(subscription)
      .set({ planId: plan.id, ...followedColumns(stripeSubscription), updatedAt: new Date() })
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
export const cancelSubscription = implement('cancelSubscription', async ({ confirmationId }, call) => {
  const { app, workspace } = call;
  const row = workspace.subscription;
  if (confirmationId !== row.id)
    throw keyedError('invalid-argument', billingMessages, 'confirmationMismatch');
  if (row.stripeSubscriptionId) await cancelStripeSubscription(app, row.stripeSubscriptionId);
  await app.database.db.transaction(async (tx) => {
    await tx
      .update(subscription)
      .set({ status: 'canceled', updatedAt: new Date() })
      .where(eq(subscription.id, row.id));
    await recordAudit(tx, call, { kind: 'subscription.canceled', target: { type: 'workspace', id: row.id } });
  });
  if (row.stripeCustomerId) await storeCustomerInvoices(app, row.id, row.stripeCustomerId);
  return null;
});

/** What the browser needs to load Stripe.js on the platform account. */
export const getBillingConfig = implement('getBillingConfig', async (_input, { app }) => {
  const settings = app.providers.stripe;
  if (!settings?.publishableKey) throw billingNotConfigured();
  return { publishableKey: settings.publishableKey, stripeJsUrl: settings.stripeJsUrl };
});
