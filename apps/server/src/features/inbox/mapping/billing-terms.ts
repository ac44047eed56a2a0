import type Stripe from 'stripe';

/**
 * A Stripe price's billing interval as HubSpot's line-item fields: `recurringbillingfrequency`
 * (HubSpot's fixed set of frequencies) and, for a subscription that ends on a date, the term
 * `hs_recurring_billing_period` (`P{n}M`, or `P{n}W` for weekly ones, as HubSpot pairs them).
 * An interval HubSpot has no frequency for (daily, every 5 months, …) gets no frequency and a
 * warning instead of a refused batch (decision 022).
 */
const weekly: Record<number, string> = { 1: 'weekly', 2: 'biweekly' };
const monthly: Record<number, string> = {
  1: 'monthly',
  3: 'quarterly',
  6: 'per_six_months',
  12: 'annually',
  24: 'per_two_years',
  36: 'per_three_years',
  48: 'per_four_years',
  60: 'per_five_years',
};

type Recurring = Pick<Stripe.Price.Recurring, 'interval' | 'interval_count'>;

const monthsOf = ({ interval, interval_count: count }: Recurring): number | undefined =>
  interval === 'month' ? count : interval === 'year' ? count * 12 : undefined;

export const billingFrequency = (recurring: Recurring): string | undefined =>
  recurring.interval === 'week' ? weekly[recurring.interval_count] : monthly[monthsOf(recurring) ?? 0];

const intervalWords: Record<Recurring['interval'], [one: string, many: string]> = {
  day: ['day', 'days'],
  week: ['week', 'weeks'],
  month: ['month', 'months'],
  year: ['year', 'years'],
};

/** "every 5 months": how the warning names an interval HubSpot cannot express. */
export const describeInterval = ({ interval, interval_count: count }: Recurring): string => {
  const [one, many] = intervalWords[interval] ?? [interval, `${interval}s`];
  return count === 1 ? `every ${one}` : `every ${count} ${many}`;
};

export const unsupportedIntervalWarning = (recurring: Recurring): string =>
  `The price is billed ${describeInterval(recurring)}, which HubSpot’s billing frequencies cannot express: its line item was written without a billing frequency`;

const secondsPerWeek = 7 * 24 * 3600;
const secondsPerMonth = (365.25 / 12) * 24 * 3600;

/**
 * The term of a subscription that ends on a date (`cancel_at`), from its start, rounded up: in
 * weeks (`P{n}W`) for a weekly frequency, else in months (`P{n}M`), as HubSpot pairs them;
 * undefined for one that renews until canceled.
 */
export const termOf = (
  recurring: Recurring,
  start: number,
  cancelAt: number | null | undefined,
): string | undefined => {
  if (!cancelAt || cancelAt <= start) return undefined;
  const [unit, seconds] = recurring.interval === 'week' ? ['W', secondsPerWeek] : ['M', secondsPerMonth];
  return `P${Math.max(1, Math.ceil((cancelAt - start) / seconds - 0.01))}${unit}`;
};

/** A Stripe timestamp as the UTC calendar date HubSpot's date-only properties take. */
export const utcDate = (seconds: number | null | undefined): string | undefined =>
  seconds ? new Date(seconds * 1000).toISOString().slice(0, 10) : undefined;
