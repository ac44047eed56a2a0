import { associationsOf } from './associations.ts';
import { money } from './invoices.ts';
import type { CrmRecord, PortalData } from './types.ts';

/**
 * A deal's recurring revenue, calculated from its line items as HubSpot's default deal properties
 * describe it (rule `deal-revenue-from-line-items`): a line item's net price (`amount`) is what it
 * bills each period of its billing frequency; one without a frequency is a one-time charge. The
 * term (`hs_recurring_billing_period`) is how long it bills, 12 months when it has none.
 */
export const revenueProperties = ['hs_mrr', 'hs_arr', 'hs_acv', 'hs_tcv'] as const;

type Revenue = Record<(typeof revenueProperties)[number], number>;

/** Months per period of each of HubSpot's billing frequencies (a year of 52 weeks). */
const monthsPerFrequency: Record<string, number> = {
  weekly: 12 / 52,
  biweekly: 12 / 26,
  monthly: 1,
  quarterly: 3,
  per_six_months: 6,
  annually: 12,
  per_two_years: 24,
  per_three_years: 36,
  per_four_years: 48,
  per_five_years: 60,
};

const assumedTermMonths = 12;

/** A term's length in months: `PnYnMnD` (a day 12/365 of a month) or `PnW`; 12 when there is none. */
export const termMonths = (term: string | null | undefined): number => {
  const weeks = term ? /^P(\d+)W$/.exec(term) : null;
  if (weeks) return (Number(weeks[1]) * 12) / 52;
  const parts = term ? /^P(?:(\d+)Y)?(?:(\d+)M)?(?:(\d+)D)?$/.exec(term) : null;
  if (!parts) return assumedTermMonths;
  const [years, months, days] = parts.slice(1).map((part) => Number(part ?? 0)) as [number, number, number];
  return years * 12 + months + (days * 12) / 365;
};

/**
 * One line item's share: a recurring one adds its net price a month as MRR, 12 months of it as
 * ARR, its term's worth as TCV and at most 12 months' worth as ACV; a one-time one adds its net
 * price to TCV and ACV only.
 */
export const lineItemRevenue = (properties: Record<string, string | null>): Revenue => {
  const amount = Number(properties.amount ?? 0) || 0;
  const periodMonths = monthsPerFrequency[properties.recurringbillingfrequency ?? ''];
  if (!periodMonths) return { hs_mrr: 0, hs_arr: 0, hs_acv: amount, hs_tcv: amount };
  const monthly = amount / periodMonths;
  const term = termMonths(properties.hs_recurring_billing_period);
  return {
    hs_mrr: monthly,
    hs_arr: monthly * 12,
    hs_acv: monthly * Math.min(term, 12),
    hs_tcv: monthly * term,
  };
};

const formatted = (revenue: Revenue): Record<string, string> =>
  Object.fromEntries(revenueProperties.map((name) => [name, money(revenue[name])]));

/** A line item's own calculated figures, from its net price and terms. */
export const lineItemRevenueValues = (properties: Record<string, string | null>): Record<string, string> =>
  formatted(lineItemRevenue(properties));

/** The deal's figures: the sums of its associated line items' (none when it has no line items). */
export const dealRevenue = (portal: PortalData, deal: CrmRecord): Record<string, string | null> => {
  const lines = associationsOf(portal, 'deals', deal.id, 'line_items').flatMap(({ toId }) => {
    const line = portal.objects.line_items[toId];
    return line && !line.archived ? [lineItemRevenue(line.properties)] : [];
  });
  if (lines.length === 0) return Object.fromEntries(revenueProperties.map((name) => [name, null]));
  const sum = (name: keyof Revenue) => lines.reduce((total, line) => total + line[name], 0);
  return formatted({
    hs_mrr: sum('hs_mrr'),
    hs_arr: sum('hs_arr'),
    hs_acv: sum('hs_acv'),
    hs_tcv: sum('hs_tcv'),
  });
};
