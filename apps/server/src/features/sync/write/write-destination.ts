import type { RecordWrite } from '@billbridge/contract';
import { settingsOf } from '../../destinations/destination-store.ts';
import { missingFeatures } from '../../../providers/hubspot/hubspot-connect.ts';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../../context.ts';
import type { Db } from '../../../db/client.ts';
import { destination, type DestinationRow } from '../../../db/schema.ts';
import { hubspotAccessToken, refreshHubSpotAccessToken } from '../../../providers/hubspot/hubspot-token.ts';
import { hubspotAccessOf } from '../../destinations/hubspot-access.ts';
import { uniquelyKeyedTypes } from '../../../providers/hubspot/crm-records.ts';
import type { Link, RoundPlan } from '../plan/plan-round.ts';
import { hubspotCrm, TransientCrmError, type CrmClient } from '../../../providers/hubspot/hubspot-crm.ts';
import { portalFactStore } from '../../../providers/hubspot/portal-facts.ts';
import {
  currencyOf,
  forgetPortalCurrencies,
  heldForCurrency,
  holdMissingCurrencies,
  portalCurrencies,
  refusedCurrency,
} from '../../../providers/hubspot/portal-currencies.ts';
import {
  forgetPortalPipelines,
  keepKnownStages,
  portalPipelines,
  writesDealStages,
  type PortalPlan,
} from '../../../providers/hubspot/portal-stages.ts';
import {
  dropGoneProperties,
  fitMappedValues,
  forgetPortalProperties,
  portalProperties,
} from '../../../providers/hubspot/portal-properties.ts';
import type { PlanResult } from './write-batches.ts';
import { executePlan } from './write-plan.ts';
import { companiesOfNewDeals, writeCompanies } from './write-companies.ts';
import { reassociateRecreated } from './reassociate.ts';
import { writeEngagements } from './write-engagements.ts';
import { addRevenue } from '../revenue/add-revenue.ts';
import { writeCompanyRevenue } from './write-company-revenue.ts';

/** What writing a round's plan to one portal came to. */
export type DestinationWrite = {
  /** The plan as the portal took it: records it cannot take left out, stages it lacks dropped. */
  written: PortalPlan;
  result: PlanResult;
  /** Events held for a currency the portal lacks, with the reason. */
  held: Map<number, string>;
  /** Currencies the portal lacked before and has now: the events held for them can go. */
  currenciesTurnedOn: string[];
};

/** A copy of the plan the portal's facts may change; the round's plan itself stays as planned. */
const portalPlanOf = (plan: RoundPlan): PortalPlan => ({
  records: plan.records.map((record) => ({ ...record, properties: { ...record.properties } })),
  associations: plan.associations,
  removals: plan.removals ?? [],
  warnings: new Map([...plan.warnings].map(([id, warnings]) => [id, [...warnings]])),
});

/**
 * Holds the plan's records in currencies the portal lacks, writes the rest, and turns HubSpot's
 * refusal of a currency (where the portal's currencies could not be read, or were turned off since)
 * into a hold too. The destination remembers the missing currencies for its page.
 */
const writeInPortalCurrencies = async (
  db: Db,
  row: DestinationRow & { hubId: number },
  crm: CrmClient,
  plan: PortalPlan,
  /** The portal's currencies, where the plan has some and they could be read. */
  enabled: ReadonlySet<string> | undefined,
  write: () => Promise<PlanResult>,
): Promise<Omit<DestinationWrite, 'written'>> => {
  const held = new Map<number, string>();
  const missing = enabled ? holdMissingCurrencies(plan, enabled, held) : new Set<string>();
  const result = await write();
  let refused = false;
  for (const [eventRowId, reason] of result.failed) {
    const code = refusedCurrency(reason);
    if (!code) continue;
    result.failed.delete(eventRowId);
    held.set(eventRowId, heldForCurrency(code));
    missing.add(code);
    refused = true;
  }
  // HubSpot refused a currency they said the portal had: read them again next time.
  if (refused) await forgetPortalCurrencies(row.hubId, portalFactStore(db));
  const written = new Set(plan.records.flatMap((record) => currencyOf(record) ?? []));
  const stillMissing = [...new Set([...row.missingCurrencies, ...missing])]
    .filter((code) => missing.has(code) || !(enabled?.has(code) || written.has(code)))
    .sort();
  if (stillMissing.join() !== row.missingCurrencies.join()) {
    await db.update(destination).set({ missingCurrencies: stillMissing }).where(eq(destination.id, row.id));
  }
  const currenciesTurnedOn = row.missingCurrencies.filter((code) => !stillMissing.includes(code));
  return { result, held, currenciesTurnedOn };
};

/**
 * Companies are written where the owner turned them on and the portal granted their optional scopes;
 * without them the rest syncs and the destination names the feature as missing (decision 067).
 */
const companiesFromDomains = (row: DestinationRow): boolean =>
  settingsOf(row).companies_from_domains && !missingFeatures(row.scopes).includes('companies');

/**
 * Writes a round's plan to one destination's portal: fitted to the portal's stages and currencies,
 * then written in batches (`executePlan`). HubSpot out of reach throws `TransientCrmError`.
 */
export const writeDestination = async (
  context: AppContext,
  db: Db,
  row: DestinationRow,
  plan: RoundPlan,
  links: Map<string, Link>,
  /** Customers whose revenue the round's events changed, with those events (decision 073). */
  revenueChanged: ReadonlyMap<string, number[]> = new Map(),
): Promise<DestinationWrite> => {
  if (!row.hubId) throw new TransientCrmError('The destination has no portal id');
  // The round's destination row holds the token (read as the round began), not a read per call:
  // a token is handed out only with 5 minutes left (refreshMarginMs), longer than any round; one
  // closer to its end is refreshed under the lock, and a refresh after a 401 replaces it.
  let token: Promise<string> | undefined;
  const access = hubspotAccessOf(context);
  const tokens = {
    current: () => (token ??= hubspotAccessToken(access, row.id, { known: row })),
    refresh: (rejected: string) => (token = refreshHubSpotAccessToken(access, row.id, rejected)),
  };
  const knownIds = new Map(
    [...links].flatMap(([key, link]) => (link.crmObjectId ? [[key, link.crmObjectId] as const] : [])),
  );
  const crm = hubspotCrm(access, row.hubId, tokens);
  const written = portalPlanOf(plan);
  const hubId = row.hubId;
  const store = portalFactStore(db);
  // The revenue properties were made with the contact schema scope (hubspot-properties.ts).
  if (uniquelyKeyedTypes(row.scopes).has('contacts')) {
    const workspace = row.subscriptionId;
    await addRevenue({
      db,
      destinationId: row.id,
      crm,
      hubId,
      store,
      workspace,
      plan: written,
      links,
      changed: revenueChanged,
    });
  }
  const wanted = new Set(written.records.flatMap((record) => currencyOf(record) ?? []));
  // The portal's stages and currencies (kept from the last read, portal-facts.ts) side by side.
  const [stages, enabled, properties] = await Promise.all([
    writesDealStages(written) ? portalPipelines(crm, hubId, written, store) : undefined,
    wanted.size ? portalCurrencies(crm, hubId, wanted, store) : undefined,
    portalProperties(crm, hubId, written, store),
  ]);
  if (stages) keepKnownStages(written, stages.pipelines);
  fitMappedValues(written, properties);
  /**
   * Records refused for a stage or a mapped property deleted since the cached read: fitted to the
   * portal's stages and properties as they are, then written again.
   */
  const refit = async (refused: RecordWrite[]) => {
    const again = { ...written, records: refused };
    const mappedTypes = [
      ...new Set(refused.filter((record) => record.mapped?.length).map((record) => record.objectType)),
    ];
    for (const objectType of mappedTypes) await forgetPortalProperties(hubId, objectType, store);
    if (mappedTypes.length) dropGoneProperties(again, await portalProperties(crm, hubId, again, store));
    if (!stages?.cached) return mappedTypes.length > 0;
    await forgetPortalPipelines(hubId, store);
    keepKnownStages(again, (await portalPipelines(crm, hubId, written, store)).pipelines);
    return true;
  };
  const companiesOn = companiesFromDomains(row);
  const currencies = await writeInPortalCurrencies(db, { ...row, hubId }, crm, written, enabled, async () => {
    const companyOfDeal = companiesOn
      ? await companiesOfNewDeals({ db, destinationId: row.id }, written, knownIds)
      : new Map<string, string>();
    const keyed = uniquelyKeyedTypes(row.scopes);
    const result = await executePlan(crm, written, knownIds, keyed, refit, companyOfDeal);
    const workspace = row.subscriptionId;
    await reassociateRecreated({ db, crm, destinationId: row.id, workspace, plan: written, result });
    const ids = (key: string) => result.hubspotIds.get(key) ?? knownIds.get(key);
    if (companiesOn) await writeCompanies({ crm, db, destinationId: row.id, plan: written, ids, result });
    if (companiesOn && row.scopes.includes('crm.schemas.companies.write')) {
      await writeCompanyRevenue({
        db,
        crm,
        hubId,
        store,
        workspace,
        destinationId: row.id,
        plan: written,
        result,
      });
    }
    return result;
  });
  const { result } = currencies;
  const engagements = await writeEngagements(
    db,
    crm,
    row,
    plan.engagements.filter((each) => each.eventRowIds.every((id) => !currencies.held.has(id))),
    new Map([...knownIds, ...result.hubspotIds]),
  );
  for (const [id, reason] of engagements.failed) if (!result.failed.has(id)) result.failed.set(id, reason);
  for (const [id, warnings] of engagements.warnings)
    result.warnings.set(id, [...(result.warnings.get(id) ?? []), ...warnings]);
  return { written, ...currencies };
};
