import { revenueProperties } from '@billbridge/contract';
import { minorUnitExponent } from '../../inbox/mapping/money.ts';
import type { PortalRates } from '../../../providers/hubspot/portal-facts.ts';
import type { CustomerRevenue } from './revenue-store.ts';

/** A Stripe amount (minor units of `currency`) in the company currency's major units; undefined: no rate. */
const inCompanyCurrency = (minor: number, currency: string, portal: PortalRates): number | undefined => {
  const code = currency.toUpperCase();
  const rate = code === portal.company ? 1 : portal.rates[code];
  return rate === undefined ? undefined : (minor / 10 ** minorUnitExponent(code)) * rate;
};

/** Sums amounts in several currencies into the company currency; lists those the portal has no rate for. */
const summed = (amounts: ReadonlyMap<string, number>, portal: PortalRates, unrated: Set<string>) => {
  let total = 0;
  for (const [currency, minor] of amounts) {
    const converted = inCompanyCurrency(minor, currency, portal);
    if (converted === undefined) unrated.add(currency.toUpperCase());
    else total += converted;
  }
  return total;
};

const rounded = (amount: number, currency: string) => amount.toFixed(minorUnitExponent(currency));

/** HubSpot date properties take a `YYYY-MM-DD` day (UTC); '' clears one. */
const day = (epochSeconds: number | null) =>
  epochSeconds === null ? '' : new Date(epochSeconds * 1000).toISOString().slice(0, 10);

/**
 * A customer's revenue as the contact's properties in the portal's company currency; currencies the
 * portal has no exchange rate for are left out of the sums and returned, for a warning.
 */
export const revenuePropertiesOf = (
  revenue: CustomerRevenue,
  portal: PortalRates,
): { properties: Record<string, string>; unrated: string[] } => {
  const unrated = new Set<string>();
  const mrr = summed(revenue.mrr, portal, unrated);
  const ltv = summed(revenue.ltv, portal, unrated);
  return {
    properties: {
      [revenueProperties.mrr]: rounded(mrr, portal.company),
      [revenueProperties.arr]: rounded(mrr * 12, portal.company),
      [revenueProperties.ltv]: rounded(ltv, portal.company),
      [revenueProperties.currency]: portal.company,
      [revenueProperties.customerStatus]: revenue.status,
      [revenueProperties.firstPaymentDate]: day(revenue.firstPaymentAt),
      [revenueProperties.lastPaymentDate]: day(revenue.lastPaymentAt),
      [revenueProperties.lastPaymentStatus]: revenue.lastPaymentStatus ?? '',
    },
    unrated: [...unrated].sort(),
  };
};
