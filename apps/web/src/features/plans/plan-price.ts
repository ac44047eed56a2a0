import type { Plan } from '@billbridge/contract';

/** Spec §9 "Pricing display": null is custom, 0 shows the plan's title, else symbol, price, "/month". */
export type PriceDisplay = { kind: 'custom' } | { kind: 'title' } | { kind: 'amount'; amount: string };

const currencySymbols: Record<Plan['currency'], string> = { usd: '$' };

export const priceDisplay = (plan: Pick<Plan, 'price' | 'currency'>): PriceDisplay => {
  if (plan.price === null) return { kind: 'custom' };
  if (plan.price === 0) return { kind: 'title' };
  return { kind: 'amount', amount: `${currencySymbols[plan.currency]}${plan.price}` };
};
