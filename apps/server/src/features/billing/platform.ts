import Stripe from 'stripe';
import { billingMessages, keyedError, planList, type Plan, type PlanId } from '@billbridge/contract';
import type { AppContext } from '../../context.ts';
import { createStripeClient } from '../../providers/stripe-client.ts';

/** The meter every paid plan's overage price is backed by: one unit per sync event past the plan's included ones. */
export const syncEventsMeter = { eventName: 'billbridge_sync_events', displayName: 'Billbridge sync events' };

/** The Stripe prices of each billed plan, found by lookup key. */
export type BillingCatalog = { prices: Partial<Record<PlanId, { monthly: string; metered: string | null }>> };

/**
 * A server without Stripe keys (and no sandbox) has no billing: a state of its configuration, not a
 * passing outage, so callers are told so by key (never "try again later") and the operator at start.
 */
export const billingNotConfigured = () =>
  keyedError('failed-precondition', billingMessages, 'billingUnavailable');

/** Tells the operator at start that billing is off and how to turn it on. */
export const reportBillingConfiguration = (context: AppContext): void => {
  if (context.providers.stripe) return;
  context.logger.warn(
    'Billing is not configured: set STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY, STRIPE_CLIENT_ID and STRIPE_WEBHOOK_SECRET (or run with SANDBOX=true). Until then paid plans, cards and invoices are refused.',
  );
};

/** The SDK on Billbridge's own Stripe account (the platform; the sandbox's by default). */
export const platformStripe = (context: AppContext): Stripe => {
  const settings = context.providers.stripe;
  if (!settings) throw billingNotConfigured();
  return createStripeClient(settings);
};

const catalogs = new WeakMap<AppContext, Promise<BillingCatalog>>();

/**
 * The prices of the billed plans, looked up by the plans' lookup keys and created when missing
 * (with their product and, for overage, the meter): once per process, at start; a failed attempt
 * is forgotten so the next call tries again.
 */
export const billingCatalog = (context: AppContext): Promise<BillingCatalog> => {
  const known = catalogs.get(context);
  if (known) return known;
  const loading = loadCatalog(platformStripe(context));
  catalogs.set(context, loading);
  loading.catch(() => catalogs.delete(context));
  return loading;
};

const billedPlans = (): Plan[] => planList.filter((plan) => plan.priceId !== null && plan.price !== null);

const loadCatalog = async (stripe: Stripe): Promise<BillingCatalog> => {
  const lookupKeys = billedPlans().flatMap((plan) => [plan.priceId, plan.meteredPriceId]);
  const existing = await stripe.prices.list({
    lookup_keys: lookupKeys.filter((key): key is string => key !== null),
    active: true,
    limit: 100,
  });
  const byKey = new Map(existing.data.map((price) => [price.lookup_key, price.id]));
  const catalog: BillingCatalog = { prices: {} };
  let meterId: string | undefined;
  for (const plan of billedPlans()) {
    const monthly = byKey.get(plan.priceId) ?? (await createMonthlyPrice(stripe, plan));
    let metered: string | null = null;
    if (plan.meteredPriceId && plan.overagePricePerEvent !== null) {
      metered = byKey.get(plan.meteredPriceId) ?? null;
      if (!metered) {
        meterId ??= await findOrCreateMeter(stripe);
        metered = await createMeteredPrice(stripe, plan, meterId);
      }
    }
    catalog.prices[plan.id] = { monthly, metered };
  }
  return catalog;
};

const productOf = (plan: Plan) => ({ name: `Billbridge ${plan.id[0]?.toUpperCase()}${plan.id.slice(1)}` });

const createMonthlyPrice = async (stripe: Stripe, plan: Plan): Promise<string> => {
  const price = await stripe.prices.create({
    lookup_key: plan.priceId as string,
    currency: plan.currency,
    unit_amount: Math.round((plan.price ?? 0) * 100),
    recurring: { interval: 'month' },
    product_data: productOf(plan),
  });
  return price.id;
};

/** Overage in cents per event: $0.005 is `unit_amount_decimal` 0.5. */
const createMeteredPrice = async (stripe: Stripe, plan: Plan, meterId: string): Promise<string> => {
  const price = await stripe.prices.create({
    lookup_key: plan.meteredPriceId as string,
    currency: plan.currency,
    unit_amount_decimal: Stripe.Decimal.from(String((plan.overagePricePerEvent ?? 0) * 100)),
    recurring: { interval: 'month', usage_type: 'metered', meter: meterId },
    product_data: { name: `${productOf(plan).name} sync events beyond ${plan.includedSyncEvents}` },
  });
  return price.id;
};

const findOrCreateMeter = async (stripe: Stripe): Promise<string> => {
  const meters = await stripe.billing.meters.list({ status: 'active', limit: 100 });
  const found = meters.data.find((meter) => meter.event_name === syncEventsMeter.eventName);
  if (found) return found.id;
  const meter = await stripe.billing.meters.create({
    display_name: syncEventsMeter.displayName,
    event_name: syncEventsMeter.eventName,
    default_aggregation: { formula: 'sum' },
    customer_mapping: { type: 'by_id', event_payload_key: 'stripe_customer_id' },
    value_settings: { event_payload_key: 'value' },
  });
  return meter.id;
};
