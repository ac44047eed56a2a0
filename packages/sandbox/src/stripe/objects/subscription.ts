import type { Price, Subscription, SubscriptionItem } from '../types.ts';
import { planOf } from './price.ts';

export type ItemInput = { id: string; price: Price; quantity: number; metadata: Record<string, string> };

export const buildItem = (
  subscriptionId: string,
  input: ItemInput,
  created: number,
  period: { start: number; end: number },
): SubscriptionItem => ({
  id: input.id,
  object: 'subscription_item',
  billing_thresholds: null,
  created,
  current_period_end: period.end,
  current_period_start: period.start,
  discounts: [],
  metadata: input.metadata,
  plan: planOf(input.price),
  price: structuredClone(input.price),
  quantity: input.quantity,
  subscription: subscriptionId,
  tax_rates: [],
});

export type SubscriptionInput = Pick<
  Subscription,
  | 'id'
  | 'customer'
  | 'currency'
  | 'created'
  | 'collection_method'
  | 'days_until_due'
  | 'default_payment_method'
  | 'description'
  | 'metadata'
  | 'status'
  | 'trial_end'
  | 'trial_start'
  | 'cancel_at_period_end'
  | 'cancel_at'
  | 'payment_settings'
  | 'trial_settings'
> & { items: SubscriptionItem[] };

export const buildSubscription = (input: SubscriptionInput): Subscription => ({
  id: input.id,
  object: 'subscription',
  application: null,
  application_fee_percent: null,
  automatic_tax: { enabled: false, liability: null, disabled_reason: null },
  billing_cycle_anchor: input.items[0]?.current_period_start ?? input.created,
  billing_cycle_anchor_config: null,
  billing_mode: { type: 'flexible', flexible: { proration_discounts: 'included' } },
  billing_schedules: [],
  billing_thresholds: null,
  cancel_at: input.cancel_at,
  cancel_at_period_end: input.cancel_at_period_end,
  canceled_at: null,
  cancellation_details: { comment: null, feedback: null, reason: null },
  collection_method: input.collection_method,
  created: input.created,
  currency: input.currency,
  customer: input.customer,
  customer_account: null,
  days_until_due: input.days_until_due,
  default_payment_method: input.default_payment_method,
  default_source: null,
  default_tax_rates: [],
  description: input.description,
  discounts: [],
  ended_at: null,
  invoice_settings: { account_tax_ids: null, issuer: { type: 'self' } },
  items: {
    object: 'list',
    data: input.items,
    has_more: false,
    url: `/v1/subscription_items?subscription=${input.id}`,
  },
  latest_invoice: null,
  livemode: false,
  managed_payments: null,
  metadata: input.metadata,
  next_pending_invoice_item_invoice: null,
  on_behalf_of: null,
  pause_collection: null,
  payment_settings: input.payment_settings,
  pending_invoice_item_interval: null,
  pending_setup_intent: null,
  pending_update: null,
  schedule: null,
  start_date: input.created,
  status: input.status,
  test_clock: null,
  transfer_data: null,
  trial_end: input.trial_end,
  trial_settings: input.trial_settings,
  trial_start: input.trial_start,
});

/** The period all items share (the sandbox keeps items aligned, as single-interval subscriptions are). */
export const periodOf = (subscription: Subscription): { start: number; end: number } => {
  const first = subscription.items.data[0];
  return {
    start: first?.current_period_start ?? subscription.created,
    end: first?.current_period_end ?? subscription.created,
  };
};
