import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { AppError, billingMessages, keyedError, type BillingDetails } from '@billbridge/contract';
import type { AppContext } from '../../context.ts';
import { subscription, user, type SubscriptionRow } from '../../db/schema.ts';
import { platformStripe } from './platform.ts';

/**
 * A refusal by Stripe the caller can act on (a bad address) carries Stripe's own message (spec §8
 * "the server or provider message"); anything else stays an internal failure. A card refusal is
 * answered with a generic decline, never its reason ("insufficient funds", "stolen card"), which
 * would tell someone testing stolen cards which ones work (issue 38; Stripe: "we recommend you
 * don't reveal the specific decline reason", https://docs.stripe.com/declines/codes).
 */
export const withStripeRefusals = async <T>(call: () => Promise<T>): Promise<T> => {
  try {
    return await call();
  } catch (error) {
    if (error instanceof Stripe.errors.StripeCardError) {
      throw keyedError('failed-precondition', billingMessages, 'cardDeclined');
    }
    if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 400) {
      throw new AppError('failed-precondition', error.message, { provider: 'stripe', code: error.code });
    }
    throw error;
  }
};

/**
 * The workspace's customer on the platform account, created on first need (one per workspace,
 * never shared: an idempotency key makes concurrent first calls create one) with the owner's e-mail.
 */
export const ensureCustomer = async (context: AppContext, workspace: SubscriptionRow): Promise<string> => {
  if (workspace.stripeCustomerId) return workspace.stripeCustomerId;
  const { db } = context.database;
  const [owner] = await db.select({ email: user.email }).from(user).where(eq(user.id, workspace.ownerId));
  const customer = await platformStripe(context).customers.create(
    { email: owner?.email, metadata: { subscription_id: workspace.id } },
    { idempotencyKey: `billbridge-customer-${workspace.id}` },
  );
  await db
    .update(subscription)
    .set({ stripeCustomerId: customer.id, updatedAt: new Date() })
    .where(eq(subscription.id, workspace.id));
  workspace.stripeCustomerId = customer.id;
  return customer.id;
};

/** Spec §3 billing details as a Stripe customer's name, phone and address (line 2 optional). */
export const customerDetailsOf = (details: BillingDetails): Stripe.CustomerUpdateParams => ({
  name: details.name,
  phone: details.phone,
  address: { ...details.address, line2: details.address.line2 ?? '' },
});

/** A card of this workspace's customer, else "not found" (another customer's card is not ours to touch). */
export const customerCard = async (
  context: AppContext,
  customerId: string | null,
  paymentMethodId: string,
): Promise<Stripe.PaymentMethod> => {
  const notFound = () => keyedError('not-found', billingMessages, 'paymentMethodNotFound');
  if (!customerId) throw notFound();
  try {
    return await platformStripe(context).customers.retrievePaymentMethod(customerId, paymentMethodId);
  } catch (error) {
    if (error instanceof Stripe.errors.StripeInvalidRequestError) throw notFound();
    throw error;
  }
};

/**
 * The new owner takes over billing (spec §4, decision 025): the same customer, cards and invoices,
 * its e-mail (where Stripe sends receipts) now the new owner's.
 */
export const ownerTakesOverBilling = async (
  context: AppContext,
  workspace: Pick<SubscriptionRow, 'id' | 'stripeCustomerId'>,
  newOwnerId: string,
): Promise<void> => {
  if (!workspace.stripeCustomerId) return;
  const [owner] = await context.database.db
    .select({ email: user.email })
    .from(user)
    .where(eq(user.id, newOwnerId));
  if (!owner) return;
  await platformStripe(context).customers.update(workspace.stripeCustomerId, {
    email: owner.email,
    metadata: { owner_id: newOwnerId },
  });
};

/** A card as the audit log names it: `visa •••• 4242`. */
export const cardTarget = (card: Stripe.PaymentMethod) =>
  ({
    type: 'payment_method',
    id: card.id,
    name: card.card ? `${card.card.brand} •••• ${card.card.last4}` : card.type,
  }) as const;
