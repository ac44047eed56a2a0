import { currencyProperty, type RecordWrite, type WritePlan } from '../mapping/crm-records.ts';
import type { CrmClient } from './hubspot-crm.ts';

/**
 * A record in a currency the portal has not turned on is refused by HubSpot, so the writer checks
 * first: such records are left out of the round and their events held with the reason below until
 * someone turns the currency on and retries them (decision 022).
 */
export const heldForCurrency = (code: string): string =>
  `Held: enable ${code} in HubSpot (Settings › Account defaults › Currencies), then retry`;

const cacheMs = 10 * 60_000;
const cache = new Map<number, { codes: ReadonlySet<string>; readAt: number }>();

export const currencyOf = (record: Pick<RecordWrite, 'objectType' | 'properties'>): string | undefined => {
  const property = currencyProperty[record.objectType];
  return property ? record.properties[property] : undefined;
};

/**
 * The portal's currencies, cached for ten minutes but read again when a wanted one is missing (it may
 * just have been turned on); undefined where the portal did not grant the scope to read them.
 */
export const portalCurrencies = async (
  crm: CrmClient,
  hubId: number,
  wanted: ReadonlySet<string>,
): Promise<ReadonlySet<string> | undefined> => {
  const cached = cache.get(hubId);
  const fresh = cached && Date.now() - cached.readAt < cacheMs;
  if (fresh && [...wanted].every((code) => cached.codes.has(code))) return cached.codes;
  const codes = await crm.enabledCurrencies();
  if (codes) cache.set(hubId, { codes, readAt: Date.now() });
  return codes;
};

/** Forgets a portal's currencies: HubSpot refused one the cache said it had. */
export const forgetPortalCurrencies = (hubId: number): void => {
  cache.delete(hubId);
};

/**
 * Takes records in currencies the portal lacks out of the plan (a deal's or invoice's line items
 * carry its currency, so they go with it) and holds their events; returns the currencies missing.
 */
export const holdMissingCurrencies = (
  plan: WritePlan,
  enabled: ReadonlySet<string>,
  held: Map<number, string>,
): Set<string> => {
  const missing = new Set<string>();
  plan.records = plan.records.filter((record) => {
    const code = currencyOf(record);
    if (code === undefined || enabled.has(code)) return true;
    missing.add(code);
    for (const id of record.eventRowIds) if (!held.has(id)) held.set(id, heldForCurrency(code));
    return false;
  });
  return missing;
};

/**
 * The currency HubSpot refused a record for: `"EUR" is not a part of the current effective currency
 * codes for portal …` (HubSpot's wording), or an option refused on a currency property.
 */
export const refusedCurrency = (message: string): string | undefined => {
  const effective = /"([A-Za-z]{3})" is not a part of the current effective currency codes/.exec(message);
  if (effective) return effective[1]?.toUpperCase();
  const properties = Object.values(currencyProperty).join('|');
  if (!new RegExp(`\\b(${properties})\\b`).test(message)) return undefined;
  return /\b([A-Za-z]{3}) was not one of the allowed options/.exec(message)?.[1]?.toUpperCase();
};
