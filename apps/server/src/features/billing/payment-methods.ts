import type Stripe from 'stripe';
import { billingMessages, keyedError, type PaymentMethod } from '@billbridge/contract';
import type { AppContext } from '../../context.ts';
import type { SubscriptionRow } from '../../db/schema.ts';
import { implement } from '../../functions/framework.ts';
import { recordAudit } from '../../functions/audit-trail.ts';
import { recordBillingAttempt } from '../limits/creation-limits.ts';
import { platformStripe } from './platform.ts';
import { cardTarget, customerCard, ensureCustomer, withStripeRefusals } from './stripe-customer.ts';

const idOf = (card: string | Stripe.PaymentMethod | null | undefined): string | null =>
  typeof card === 'string' ? card : (card?.id ?? null);

/**
 * The card Stripe charges at renewal, shown as the default: the live subscription's
 * `default_payment_method` (set by a card the browser paid with, `save_default_payment_method`)
 * takes precedence over the customer's `invoice_settings.default_payment_method` (decision 025).
 */
const renewalCardOf = async (app: AppContext, workspace: SubscriptionRow): Promise<string | null> => {
  const { stripeCustomerId, stripeSubscriptionId, status } = workspace;
  const stripe = platformStripe(app);
  const live = stripeSubscriptionId && status !== 'canceled';
  const [customer, stripeSubscription] = await Promise.all([
    stripe.customers.retrieve(stripeCustomerId as string),
    live ? stripe.subscriptions.retrieve(stripeSubscriptionId) : null,
  ]);
  const customerDefault = customer.deleted ? null : idOf(customer.invoice_settings.default_payment_method);
  return idOf(stripeSubscription?.default_payment_method) ?? customerDefault;
};

const toApi = (method: Stripe.PaymentMethod, defaultId: string | null): PaymentMethod => ({
  id: method.id,
  isDefault: method.id === defaultId,
  card: {
    brand: method.card?.brand ?? 'unknown',
    last4: method.card?.last4 ?? '',
    exp_month: method.card?.exp_month ?? 0,
    exp_year: method.card?.exp_year ?? 0,
  },
});

/** The customer's cards, the default one first (none before the workspace ever had a customer). */
export const getPaymentMethods = implement('getPaymentMethods', async (_input, { app, workspace }) => {
  const customerId = workspace.subscription.stripeCustomerId;
  if (!customerId) return { paymentMethods: [] };
  const stripe = platformStripe(app);
  const [defaultId, cards] = await Promise.all([
    renewalCardOf(app, workspace.subscription),
    stripe.customers.listPaymentMethods(customerId, { type: 'card', limit: 100 }),
  ]);
  const methods = cards.data.map((method) => toApi(method, defaultId));
  return { paymentMethods: methods.sort((a, b) => Number(b.isDefault) - Number(a.isDefault)) };
});

/**
 * A setup intent on the workspace's customer, for the card form to confirm with Stripe.js; a
 * billing attempt of the caller, limited per day (issue 38: card tests go through setup intents).
 */
export const createSetupIntent = implement(
  'createSetupIntent',
  async (_input, { app, workspace, caller }) => {
    await recordBillingAttempt(app.database.db, caller.userId, 'createSetupIntent');
    const customer = await ensureCustomer(app, workspace.subscription);
    const intent = await platformStripe(app).setupIntents.create({ customer, usage: 'off_session' });
    return { clientSecret: intent.client_secret as string };
  },
);

/** Future invoices go to this card: the customer's default, and the Stripe subscription's if it has one. */
export const setDefaultPaymentMethod = implement(
  'setDefaultPaymentMethod',
  async ({ paymentMethodId }, call) => {
    const { app, workspace } = call;
    const { stripeCustomerId, stripeSubscriptionId } = workspace.subscription;
    const card = await customerCard(app, stripeCustomerId, paymentMethodId);
    const stripe = platformStripe(app);
    await withStripeRefusals(async () => {
      await stripe.customers.update(stripeCustomerId as string, {
        invoice_settings: { default_payment_method: card.id },
      });
      if (stripeSubscriptionId) {
        await stripe.subscriptions.update(stripeSubscriptionId, { default_payment_method: card.id });
      }
    });
    // The change is Stripe's; its record is the one write here.
    await recordAudit(app.database.db, call, {
      kind: 'payment_method.default_changed',
      target: cardTarget(card),
    });
    return null;
  },
);

/**
 * Detaches a card. A paid plan keeps its default card (decision 025): the owner makes another one
 * the default first, so a renewal never finds no card.
 */
export const deletePaymentMethod = implement('deletePaymentMethod', async ({ paymentMethodId }, call) => {
  const { app, workspace } = call;
  const { stripeCustomerId, stripeSubscriptionId } = workspace.subscription;
  const card = await customerCard(app, stripeCustomerId, paymentMethodId);
  if (stripeSubscriptionId && (await renewalCardOf(app, workspace.subscription)) === card.id) {
    throw keyedError('failed-precondition', billingMessages, 'defaultCardOfPaidPlan');
  }
  await withStripeRefusals(() => platformStripe(app).paymentMethods.detach(card.id));
  await recordAudit(app.database.db, call, { kind: 'payment_method.removed', target: cardTarget(card) });
  return null;
});
