import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { Plan } from '@billbridge/contract';
import type { z } from 'zod';
import type { billingInfoSchema } from '@billbridge/contract';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { subscription, type SubscriptionRow } from '../../db/schema.ts';
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

/** Applies a Stripe subscription's state to the workspace that bills through it; returns the row before. */
export const followStripeSubscription = async (
  db: Pick<Db, 'select' | 'update'>,
  stripeSubscription: Stripe.Subscription,
): Promise<SubscriptionRow | undefined> => {
  const [row] = await db
    .select()
    .from(subscription)
    .where(eq(subscription.stripeSubscriptionId, stripeSubscription.id))
    .for('update');
  if (!row || row.status === 'canceled') return row;
  await db
    .update(subscription)
    .set({ ...followedColumns(stripeSubscription), updatedAt: new Date() })
    .where(eq(subscription.id, row.id));
  return row;
};
