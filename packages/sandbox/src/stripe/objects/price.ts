import type { Plan, Price } from '../types.ts';

export const buildPrice = (
  input: Omit<
    Price,
    'object' | 'livemode' | 'custom_unit_amount' | 'tiers_mode' | 'transform_quantity' | 'billing_scheme'
  >,
): Price => ({
  ...input,
  object: 'price',
  billing_scheme: 'per_unit',
  custom_unit_amount: null,
  livemode: false,
  tiers_mode: null,
  transform_quantity: null,
});

/** The legacy `plan` view of a recurring price that subscription items still carry. */
export const planOf = (price: Price): Plan => ({
  id: price.id,
  object: 'plan',
  active: price.active,
  amount: price.unit_amount,
  amount_decimal: price.unit_amount_decimal,
  billing_scheme: price.billing_scheme,
  created: price.created,
  currency: price.currency,
  interval: price.recurring?.interval ?? 'month',
  interval_count: price.recurring?.interval_count ?? 1,
  livemode: false,
  metadata: price.metadata,
  meter: price.recurring?.meter ?? null,
  nickname: price.nickname,
  product: price.product,
  tiers_mode: null,
  transform_usage: null,
  trial_period_days: price.recurring?.trial_period_days ?? null,
  usage_type: price.recurring?.usage_type ?? 'licensed',
});
