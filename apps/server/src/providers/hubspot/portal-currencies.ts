import { heldForCurrencyReason, type RecordWrite } from '@billbridge/contract';
import { currencyProperty, type WritePlan } from './crm-records.ts';
import type { CrmClient } from './hubspot-crm.ts';
import { factMemory, trustedFact, type PortalFactStore, type PortalRates } from './portal-facts.ts';

/**
 * A record in a currency the portal has not turned on is refused by HubSpot, so the writer checks
 * first: such records are left out of the round and their events held with the reason below until
 * someone turns the currency on and retries them (decision 022).
 */
export const heldForCurrency = heldForCurrencyReason;

const cache = factMemory<ReadonlySet<string>>();

export const currencyOf = (record: Pick<RecordWrite, 'objectType' | 'properties'>): string | undefined => {
  const property = currencyProperty[record.objectType];
  return property ? record.properties[property] : undefined;
};

/**
 * The portal's currencies, trusted for ten minutes (portal-facts.ts) but read again when a wanted
 * one is missing (it may just have been turned on); undefined where the portal did not grant the
 * scope to read them.
 */
export const portalCurrencies = async (
  crm: CrmClient,
  hubId: number,
  wanted: ReadonlySet<string>,
  store?: PortalFactStore,
): Promise<ReadonlySet<string> | undefined> => {
  const known = await trustedFact(cache, hubId, 'currencies', store, (value) => new Set(value as string[]));
  if (known && [...wanted].every((code) => known.value.has(code))) return known.value;
  const codes = await crm.enabledCurrencies();
  if (!codes) return codes;
  cache.set(hubId, { value: codes, readAt: Date.now() });
  await store?.write(hubId, 'currencies', [...codes]);
  return codes;
};

const rateCache = factMemory<PortalRates>();

/**
 * The portal's company currency and exchange rates the revenue properties are converted with
 * (decision 073), trusted for ten minutes like its currencies but read again when a wanted one is
 * missing (it may just have been added); undefined without the scope.
 */
export const portalRates = async (
  crm: CrmClient,
  hubId: number,
  wanted: ReadonlySet<string>,
  store?: PortalFactStore,
): Promise<PortalRates | undefined> => {
  const known = await trustedFact(rateCache, hubId, 'rates', store, (value) => value as PortalRates);
  const has = (rates: PortalRates, code: string) => code === rates.company || code in rates.rates;
  if (known && [...wanted].every((code) => has(known.value, code))) return known.value;
  const rates = await crm.exchangeRates();
  if (!rates) return rates;
  rateCache.set(hubId, { value: rates, readAt: Date.now() });
  await store?.write(hubId, 'rates', rates);
  return rates;
};

/** Forgets a portal's currencies: HubSpot refused one they said it had. */
export const forgetPortalCurrencies = async (hubId: number, store?: PortalFactStore): Promise<void> => {
  cache.delete(hubId);
  rateCache.delete(hubId);
  await store?.forget(hubId, 'currencies');
  await store?.forget(hubId, 'rates');
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
