import type Stripe from 'stripe';

/**
 * What a billing subscription bills each period, item by item, after its coupons: the one rule
 * the deal's line items (which HubSpot turns into the deal's MRR, ARR, ACV and TCV) and the
 * contact's revenue figures (decision 073) both read, so the two never disagree. Amounts are in
 * the currency's minor units and may be fractional.
 */

type Recurring = Pick<Stripe.Price.Recurring, 'interval' | 'interval_count'>;

/** Months per billing interval (Stripe's `recurring.interval`): a year is 12, a week 12/52, a day 12/365. */
const monthsPerInterval: Record<Stripe.Price.Recurring.Interval, number> = {
  day: 12 / 365,
  week: 12 / 52,
  month: 1,
  year: 12,
};

export const monthsPerPeriod = ({ interval, interval_count: count }: Recurring): number =>
  (monthsPerInterval[interval] ?? 1) * count;

export const isMetered = (price: Stripe.Price): boolean => price.recurring?.usage_type === 'metered';

const tierUnit = (tier: Stripe.Price.Tier): number =>
  Number(tier.unit_amount_decimal ?? tier.unit_amount ?? 0);

/**
 * A tiered price for `quantity` units (Stripe's "Tiered pricing"): `volume` prices every unit at the
 * tier the quantity falls in, `graduated` prices each unit at the tier it falls in; each tier
 * reached adds its flat amount.
 */
const tieredAmount = (price: Stripe.Price, quantity: number): number => {
  const tiers = price.tiers ?? [];
  if (price.tiers_mode === 'graduated') {
    let below = 0;
    let total = 0;
    for (const tier of tiers) {
      if (quantity <= below) break;
      const units = Math.min(quantity, tier.up_to ?? Infinity) - below;
      total += units * tierUnit(tier) + (tier.flat_amount ?? 0);
      below = tier.up_to ?? Infinity;
    }
    return total;
  }
  const tier = tiers.find(
    (candidate) => candidate.up_to === null || quantity <= (candidate.up_to ?? Infinity),
  );
  return tier ? tierUnit(tier) * quantity + (tier.flat_amount ?? 0) : 0;
};

/** The unit rate of a price: its unit amount, or its first tier's for a tiered one. */
export const unitRate = (price: Stripe.Price): number =>
  price.billing_scheme === 'tiered' && price.tiers?.[0]
    ? tierUnit(price.tiers[0])
    : Number(price.unit_amount_decimal ?? price.unit_amount ?? 0);

/**
 * What an item bills per period before coupons: its quantity at its price (tiers included).
 * A metered price bills usage afterwards and has no fixed amount: 0.
 */
export const grossPerPeriod = (item: Stripe.SubscriptionItem): number => {
  const { price } = item;
  if (!price.recurring || isMetered(price)) return 0;
  const quantity = item.quantity ?? 1;
  return price.billing_scheme === 'tiered' ? tieredAmount(price, quantity) : unitRate(price) * quantity;
};

type CouponLike = Pick<Stripe.Coupon, 'percent_off' | 'amount_off'> & {
  currency?: string | null;
  currency_options?: Record<string, { amount_off: number }> | null;
};

/** The coupons of a list of discounts Stripe sent expanded (`discount.coupon`, or `discount.source.coupon`). */
const couponsOf = (discounts: readonly unknown[] | null | undefined): CouponLike[] =>
  (discounts ?? []).flatMap((discount) => {
    if (typeof discount !== 'object' || discount === null) return [];
    const legacy = (discount as { coupon?: CouponLike }).coupon;
    const source = (discount as { source?: { coupon?: CouponLike | string | null } }).source?.coupon;
    const coupon = legacy ?? (typeof source === 'object' && source ? source : undefined);
    return coupon ? [coupon] : [];
  });

/** A fixed coupon's amount in the subscription's currency (Stripe applies it only in a currency it has). */
const amountOff = (coupon: CouponLike, currency: string): number => {
  const option = coupon.currency_options?.[currency.toLowerCase()]?.amount_off;
  if (option !== undefined) return option;
  return coupon.amount_off && (!coupon.currency || coupon.currency.toLowerCase() === currency.toLowerCase())
    ? coupon.amount_off
    : 0;
};

/** Percentages first, then fixed amounts, taken from the amounts in order and never below zero. */
const applyCoupons = (amounts: number[], coupons: CouponLike[], currency: string): number[] => {
  const factor = coupons.reduce((left, coupon) => left * (1 - (coupon.percent_off ?? 0) / 100), 1);
  let fixed = coupons.reduce((sum, coupon) => sum + amountOff(coupon, currency), 0);
  return amounts.map((amount) => {
    const discounted = amount * factor;
    const taken = Math.min(fixed, discounted);
    fixed -= taken;
    return discounted - taken;
  });
};

/**
 * What each item bills per period after its own coupons and then the subscription's (Stripe's
 * `discounts`, or the legacy single `discount`), in item order. A fixed amount off is taken once
 * per invoice, so per period, not per month.
 */
export const netPerPeriod = (subscription: Stripe.Subscription): number[] => {
  const { currency } = subscription;
  const items = subscription.items.data.map(
    (item) => applyCoupons([grossPerPeriod(item)], couponsOf(item.discounts), currency)[0] ?? 0,
  );
  const legacy = (subscription as { discount?: unknown }).discount;
  const discounts = subscription.discounts?.length ? subscription.discounts : legacy ? [legacy] : [];
  return applyCoupons(items, couponsOf(discounts), currency);
};

/** The subscription's value per month after coupons: each item's net amount over the months of its period. */
export const monthlyValue = (subscription: Stripe.Subscription): number => {
  const net = netPerPeriod(subscription);
  return subscription.items.data.reduce((sum, item, index) => {
    const recurring = item.price.recurring;
    return recurring ? sum + (net[index] ?? 0) / monthsPerPeriod(recurring) : sum;
  }, 0);
};
