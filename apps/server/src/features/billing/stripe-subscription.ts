import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { Plan } from '@billbridge/contract';
import type { z } from 'zod';
import type { billingInfoSchema } from '@billbridge/contract';
import type { AppContext } from '../../context.ts';
import { subscription, type SubscriptionRow } from '../../db/schema.ts';
import type { Transaction } from '../../db/client.ts';
import { releaseHeldEvents } from '../inbox/replay/replay.ts';
import { billingCatalog, platformStripe } from './platform.ts';
import { customerDetailsOf, withStripeRefusals } from './stripe-customer.ts';

export type BillingInfo = z.output<typeof billingInfoSchema>;

/** Spec §3 statuses from Stripe's: unpaid counts as past due; what never started or ended is canceled. */
export const workspaceStatusOf = (status: Stripe.Subscription.Status): string => {
  switch (status) {
    case 'active':
    case 'trialing':
      return 'active';
    case 'past_due':
    case 'unpaid':
      return 'past_due';
    case 'canceled':
    case 'incomplete_expired':
      return 'canceled';
    default:
      return status;
  }
};

/**
 * Stripe's statuses in which a plan is paid for, or on trial: a paid plan's allowance starts only
 * then (issue 38). An `incomplete` subscription's first invoice is still unpaid: "If the first
 * payment fails, the subscription's status is incomplete" and it expires after 23 hours
 * (https://docs.stripe.com/billing/subscriptions/overview#subscription-statuses).
 */
export const isPaidFor = (status: Stripe.Subscription.Status): boolean =>
  status === 'active' || status === 'trialing';

/** The billing (and usage) period of a paid workspace: its Stripe subscription's current period. */
export const periodOf = (stripeSubscription: Stripe.Subscription): { start: Date; end: Date } => {
  const item = stripeSubscription.items.data[0];
  return {
    start: new Date((item?.current_period_start ?? stripeSubscription.start_date) * 1000),
    end: new Date((item?.current_period_end ?? stripeSubscription.start_date) * 1000),
  };
};

/** The subscription items a plan bills: the monthly fee and, for plans with overage, the metered price. */
export const itemsOf = async (context: AppContext, plan: Plan): Promise<{ price: string }[]> => {
  const prices = (await billingCatalog(context)).prices[plan.id];
  if (!prices) throw new Error(`No Stripe price for plan ${plan.id}`);
  return [{ price: prices.monthly }, ...(prices.metered ? [{ price: prices.metered }] : [])];
};

/** Attaches the billing step's card as the customer's default and stores the address on the customer. */
export const applyBillingInfo = async (
  context: AppContext,
  customerId: string,
  billingInfo: BillingInfo,
): Promise<void> => {
  const stripe = platformStripe(context);
  await withStripeRefusals(async () => {
    await stripe.paymentMethods.attach(billingInfo.paymentMethodId, { customer: customerId });
    await stripe.customers.update(customerId, {
      ...customerDetailsOf(billingInfo.billingDetails),
      invoice_settings: { default_payment_method: billingInfo.paymentMethodId },
    });
  });
};

/**
 * Starts the plan's Stripe subscription, charging the default card at once (`allow_incomplete`):
 * a refused card is the caller's error with Stripe's message; a payment still to confirm leaves
 * the subscription incomplete with the invoice's client secret for the browser.
 */
export const startStripeSubscription = async (
  context: AppContext,
  input: { customerId: string; plan: Plan; workspaceId: string },
): Promise<{ stripeSubscription: Stripe.Subscription; clientSecret: string | undefined }> => {
  const stripeSubscription = await withStripeRefusals(async () =>
    platformStripe(context).subscriptions.create({
      customer: input.customerId,
      items: await itemsOf(context, input.plan),
      payment_behavior: 'allow_incomplete',
      // A card the browser confirms the first payment with becomes the one renewals charge.
      payment_settings: { save_default_payment_method: 'on_subscription' },
      metadata: { subscription_id: input.workspaceId },
      expand: ['latest_invoice.confirmation_secret'],
    }),
  );
  const invoice = stripeSubscription.latest_invoice;
  const clientSecret =
    stripeSubscription.status === 'incomplete' && invoice && typeof invoice === 'object'
      ? (invoice.confirmation_secret?.client_secret ?? undefined)
      : undefined;
  return { stripeSubscription, clientSecret };
};

/** The workspace columns that follow its Stripe subscription. */
export const followedColumns = (stripeSubscription: Stripe.Subscription) => {
  const period = periodOf(stripeSubscription);
  return {
    stripeSubscriptionId: stripeSubscription.id,
    status: workspaceStatusOf(stripeSubscription.status),
    currentPeriodStart: period.start,
    currentPeriodEnd: period.end,
  };
};

/**
 * A paid plan waiting for its first payment (issue 38): once Stripe says paid, the plan, status and
 * period follow the Stripe subscription and what the previous plan's cap held syncs now; once the
 * subscription expired unpaid or ended, the workspace stays on its previous plan with no Stripe
 * subscription. Until either, nothing changes.
 */
const followPendingPlan = async (
  context: AppContext,
  tx: Transaction,
  row: SubscriptionRow,
  stripeSubscription: Stripe.Subscription,
): Promise<void> => {
  const now = new Date();
  if (isPaidFor(stripeSubscription.status)) {
    await tx
      .update(subscription)
      .set({
        planId: row.pendingPlanId as string,
        pendingPlanId: null,
        ...followedColumns(stripeSubscription),
        updatedAt: now,
      })
      .where(eq(subscription.id, row.id));
    if (row.status === 'capped') await releaseHeldEvents(context, tx, row.id);
    return;
  }
  if (workspaceStatusOf(stripeSubscription.status) === 'canceled') {
    await tx
      .update(subscription)
      .set({ pendingPlanId: null, stripeSubscriptionId: null, updatedAt: now })
      .where(eq(subscription.id, row.id));
  }
};

const billedBy = (tx: Transaction, stripeSubscription: Stripe.Subscription) =>
  tx
    .select()
    .from(subscription)
    .where(eq(subscription.stripeSubscriptionId, stripeSubscription.id))
    .for('update');

/**
 * A paid invoice of a plan still pending starts it: the invoice events may come before the
 * subscription's own. Other workspaces follow their subscription's events only (the past-due mail
 * goes out on the status change those carry).
 */
export const startPaidPendingPlan = async (
  context: AppContext,
  tx: Transaction,
  stripeSubscription: Stripe.Subscription,
): Promise<void> => {
  const [row] = await billedBy(tx, stripeSubscription);
  if (row?.pendingPlanId && row.status !== 'canceled')
    await followPendingPlan(context, tx, row, stripeSubscription);
};

/** Applies a Stripe subscription's state to the workspace that bills through it; returns the row before. */
export const followStripeSubscription = async (
  context: AppContext,
  tx: Transaction,
  stripeSubscription: Stripe.Subscription,
): Promise<SubscriptionRow | undefined> => {
  const [row] = await billedBy(tx, stripeSubscription);
  if (!row || row.status === 'canceled') return row;
  if (row.pendingPlanId) {
    await followPendingPlan(context, tx, row, stripeSubscription);
    return row;
  }
  await tx
    .update(subscription)
    .set({ ...followedColumns(stripeSubscription), updatedAt: new Date() })
    .where(eq(subscription.id, row.id));
  return row;
};
