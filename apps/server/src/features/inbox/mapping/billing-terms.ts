import type Stripe from 'stripe';

/**
 * A Stripe price's billing interval as HubSpot's line-item fields: `recurringbillingfrequency`
 * (HubSpot's fixed set of frequencies) and, for a subscription that ends on a date, the term
 * `hs_recurring_billing_period` (`P{n}M`, or `P{n}W` for weekly ones, as HubSpot pairs them).
 * An interval HubSpot has no frequency for (daily, every 5 months, every 3 weeks) is written at
 * the nearest frequency with its price scaled to it (`hubspotBilling`, decision 077), so HubSpot's
 * MRR is the subscription's.
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

/** "every 5 months": how a line item's description names an interval HubSpot cannot express. */
export const describeInterval = ({ interval, interval_count: count }: Recurring): string => {
  const [one, many] = intervalWords[interval] ?? [interval, `${interval}s`];
  return count === 1 ? `every ${one}` : `every ${count} ${many}`;
};

/**
 * How HubSpot bills a Stripe interval: its frequency, and what one Stripe period's amount is
 * multiplied by to be one HubSpot period's. Every N weeks is weekly at 1/N; every N months (or
 * years) with no frequency of its own is monthly at 1/N months; every N days is monthly at
 * (365/12)/N, the month decision 073 counts.
 */
export const hubspotBilling = (recurring: Recurring): { frequency: string; scale: number } => {
  const frequency = billingFrequency(recurring);
  if (frequency) return { frequency, scale: 1 };
  if (recurring.interval === 'week') return { frequency: 'weekly', scale: 1 / recurring.interval_count };
  const months = monthsOf(recurring) ?? (recurring.interval_count * 12) / 365;
  return { frequency: 'monthly', scale: 1 / months };
};

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
