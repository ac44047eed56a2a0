import { eq } from 'drizzle-orm';
import type { AppContext } from '../../../context.ts';
import { destination, type DestinationRow } from '../../../db/schema.ts';
import { hubspotAccessToken, refreshHubSpotAccessToken } from '../../destinations/hubspot-token.ts';
import { uniquelyKeyedTypes, type RecordWrite } from '../mapping/crm-records.ts';
import type { Link, RoundPlan } from '../plan/plan-round.ts';
import { hubspotCrm, TransientCrmError, type CrmClient } from './hubspot-crm.ts';
import { portalFactStore } from './portal-facts.ts';
import {
  currencyOf,
  forgetPortalCurrencies,
  heldForCurrency,
  holdMissingCurrencies,
  portalCurrencies,
  refusedCurrency,
} from './portal-currencies.ts';
import {
  forgetPortalPipelines,
  keepKnownStages,
  portalPipelines,
  writesDealStages,
  type PortalPlan,
} from './portal-stages.ts';
import type { PlanResult } from './write-batches.ts';
import { executePlan } from './write-plan.ts';

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
  context: AppContext,
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
  if (refused) await forgetPortalCurrencies(row.hubId, portalFactStore(context.database.db));
  const written = new Set(plan.records.flatMap((record) => currencyOf(record) ?? []));
  const stillMissing = [...new Set([...row.missingCurrencies, ...missing])]
    .filter((code) => missing.has(code) || !(enabled?.has(code) || written.has(code)))
    .sort();
  if (stillMissing.join() !== row.missingCurrencies.join()) {
    await context.database.db
      .update(destination)
      .set({ missingCurrencies: stillMissing })
      .where(eq(destination.id, row.id));
  }
  const currenciesTurnedOn = row.missingCurrencies.filter((code) => !stillMissing.includes(code));
  return { result, held, currenciesTurnedOn };
};

/**
 * Writes a round's plan to one destination's portal: fitted to the portal's stages and currencies,
 * then written in batches (`executePlan`). HubSpot out of reach throws `TransientCrmError`.
 */
export const writeDestination = async (
  context: AppContext,
  row: DestinationRow,
  plan: RoundPlan,
  links: Map<string, Link>,
): Promise<DestinationWrite> => {
  if (!row.hubId) throw new TransientCrmError('The destination has no portal id');
  // The round's destination row holds the token (read as the round began), not a read per call:
  // a token is handed out only with 5 minutes left (refreshMarginMs), longer than any round; one
  // closer to its end is refreshed under the lock, and a refresh after a 401 replaces it.
  let token: Promise<string> | undefined;
  const tokens = {
    current: () => (token ??= hubspotAccessToken(context, row.id, { known: row })),
    refresh: (rejected: string) => (token = refreshHubSpotAccessToken(context, row.id, rejected)),
  };
  const knownIds = new Map(
    [...links].flatMap(([key, link]) => (link.crmObjectId ? [[key, link.crmObjectId] as const] : [])),
  );
  const crm = hubspotCrm(context, row.hubId, tokens);
  const written = portalPlanOf(plan);
  const hubId = row.hubId;
  const wanted = new Set(written.records.flatMap((record) => currencyOf(record) ?? []));
  // The portal's stages and currencies (kept from the last read, portal-facts.ts) side by side.
  const store = portalFactStore(context.database.db);
  const [stages, enabled] = await Promise.all([
    writesDealStages(written) ? portalPipelines(crm, hubId, written, store) : undefined,
    wanted.size ? portalCurrencies(crm, hubId, wanted, store) : undefined,
  ]);
  if (stages) keepKnownStages(written, stages.pipelines);
  /** Deals refused for a stage deleted since the cached read: fitted to the portal's stages as they are. */
  const refitStages = async (refused: RecordWrite[]) => {
    await forgetPortalPipelines(hubId, store);
    const fresh = await portalPipelines(crm, hubId, written, store);
    keepKnownStages({ ...written, records: refused }, fresh.pipelines);
    return true;
  };
  const currencies = await writeInPortalCurrencies(context, { ...row, hubId }, crm, written, enabled, () =>
    executePlan(
      crm,
      written,
      knownIds,
      uniquelyKeyedTypes(row.scopes),
      stages?.cached ? refitStages : undefined,
    ),
  );
  return { written, ...currencies };
};
