import { addInterval } from '../clock.ts';
import { invalidRequest, missingParam } from '../errors.ts';
import { getPrice } from '../lookup.ts';
import { createPrice } from '../ops/catalog.ts';
import { obj, str, type Params } from '../params.ts';
import type { Ctx } from '../runtime.ts';
import type { Price, Subscription } from '../types.ts';

/** Prices on subscription items: where they come from, and the rules they must share. */
export const priceOfItem = (ctx: Ctx, item: Params, index: number): Price => {
  const priceId = str(item, 'price');
  if (priceId) return getPrice(ctx, priceId, `items[${index}][price]`);
  const priceData = obj(item, 'price_data');
  if (!priceData) throw missingParam(`items[${index}][price]`);
  return createPrice(
    ctx,
    { ...priceData, recurring: priceData.recurring ?? { interval: 'month' } },
    `items[${index}][price_data]`,
  );
};

export const checkRecurring = (price: Price, param: string): void => {
  if (!price.recurring) {
    throw invalidRequest(
      `The price specified is set to \`type=one_time\` but this field only accepts prices with \`type=recurring\`.`,
      param,
    );
  }
  if (!price.active)
    throw invalidRequest(`The price specified is inactive. This field only accepts active prices.`, param);
};

export const interval = (price: Price): { unit: 'day' | 'week' | 'month' | 'year'; count: number } => ({
  unit: price.recurring?.interval ?? 'month',
  count: price.recurring?.interval_count ?? 1,
});

export const sameInterval = (prices: Price[]): void => {
  const first = prices[0];
  if (!first) return;
  for (const price of prices) {
    const a = interval(first);
    const b = interval(price);
    if (a.unit !== b.unit || a.count !== b.count) {
      throw invalidRequest(
        'Currency and interval fields must match across all prices on a subscription.',
        'items',
      );
    }
    if (price.currency !== first.currency) {
      throw invalidRequest(
        'Currency and interval fields must match across all prices on a subscription.',
        'items',
      );
    }
  }
};

export const nextPeriodEnd = (subscription: Subscription, start: number): number => {
  const first = subscription.items.data[0];
  const { unit, count } = first ? interval(first.price) : { unit: 'month' as const, count: 1 };
  return addInterval(start, unit, count);
};
