import { randomUUID } from 'node:crypto';
import type { PipelineMappingRule } from '@billbridge/contract';

/**
 * Plain objects as the editor saves them or Stripe sends them, with no app behind them: unit tests
 * import them from here without loading the server (`testing/sync.ts`, which starts one, re-exports them).
 */

/** A mapping rule as the editor saves it. */
export const ruleOf = (
  status: PipelineMappingRule['stripe_subscription_status'],
  stage: string,
  priceIds: PipelineMappingRule['price_ids'] = { mode: 'none', ids: [] },
): PipelineMappingRule => ({
  id: randomUUID(),
  stripe_subscription_status: status,
  price_ids: priceIds,
  hubspot_pipeline: 'default',
  hubspot_stage: stage,
});

/** A billing subscription object as Stripe sends it in `data.object`. */
export const billingSubscriptionOf = (
  id: string,
  customer: string,
  status = 'active',
  prices: { id: string; amount: number }[] = [{ id: 'price_basic', amount: 1000 }],
) => ({
  id,
  object: 'subscription',
  status,
  currency: 'usd',
  customer,
  start_date: 1_700_000_000,
  items: {
    data: prices.map((price, index) => ({
      id: `si_${id.slice(4)}_${index}`,
      quantity: 1,
      price: { id: price.id, unit_amount: price.amount, nickname: null, recurring: null },
    })),
  },
});
