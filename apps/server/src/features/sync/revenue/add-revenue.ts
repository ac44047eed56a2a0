import type { RecordWrite } from '@billbridge/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { crmLink } from '../../../db/schema.ts';
import type { CrmClient } from '../../../providers/hubspot/hubspot-crm.ts';
import type { PortalFactStore } from '../../../providers/hubspot/portal-facts.ts';
import { portalRates } from '../../../providers/hubspot/portal-currencies.ts';
import type { PortalPlan } from '../../../providers/hubspot/portal-stages.ts';
import type { Link } from '../plan/plan-round.ts';
import { customerRevenues } from './revenue-store.ts';
import { revenuePropertiesOf } from './revenue-properties.ts';
import { revenueProperties } from '@billbridge/contract';

const amountProperties: readonly string[] = [
  revenueProperties.mrr,
  revenueProperties.arr,
  revenueProperties.ltv,
];

/** What adding revenue to a destination's round needs. */
export type RevenueInput = {
  db: Db;
  destinationId: string;
  crm: CrmClient;
  hubId: number;
  store: PortalFactStore;
  workspace: string;
  plan: PortalPlan;
  links: ReadonlyMap<string, Link>;
  /** Customers whose revenue the round's events changed, with those events (`recordRevenueFacts`). */
  changed: ReadonlyMap<string, number[]>;
};

/**
 * A contact for a customer whose revenue changed while its contact did not: written by the HubSpot
 * id the product remembers, with the revenue properties alone, in the same batched contact update.
 * It carries the link's applied event, so the link keeps the state it names.
 */
const revenueOnlyContact = (customer: string, link: Link, eventRowIds: number[]): RecordWrite => ({
  objectType: 'contacts',
  idProperty: 'email',
  id: customer.toLowerCase(),
  stripeObjectId: customer,
  properties: {},
  eventCreated: link.appliedEventCreated ?? 0,
  eventRank: link.appliedEventRank ?? 0,
  ...(link.appliedEventId ? { eventId: link.appliedEventId } : {}),
  eventRowIds,
});

/**
 * The contact links of changed customers the round did not load: a billing subscription moved to
 * another customer changes the revenue of the one it left, whom its events no longer name.
 */
const linksNotLoaded = async ({ db, destinationId, links, changed }: RevenueInput) => {
  const unloaded = [...changed.keys()].filter((customer) => !links.has(`contacts:${customer}`));
  if (!unloaded.length) return new Map<string, Link>();
  const rows = await db
    .select()
    .from(crmLink)
    .where(
      and(
        eq(crmLink.destinationId, destinationId),
        eq(crmLink.crmObjectType, 'contacts'),
        inArray(crmLink.stripeObjectId, unloaded),
      ),
    );
  return new Map<string, Link>(rows.map((row) => [row.stripeObjectId, row]));
};

/**
 * Puts the revenue properties (decision 073) on every contact the round writes, and on the linked
 * contact of every customer whose revenue its events changed. Amounts are converted into the
 * portal's company currency with its own exchange rates; without a rate for one of the customer's
 * currencies the amounts are left as HubSpot has them and the events warn which currency is missing.
 */
export const addRevenue = async (input: RevenueInput): Promise<void> => {
  const { plan, links, changed } = input;
  const contacts = new Map(
    plan.records.filter((record) => record.objectType === 'contacts').map((r) => [r.stripeObjectId, r]),
  );
  const moved = await linksNotLoaded(input);
  for (const [customer, eventRowIds] of changed) {
    const link = links.get(`contacts:${customer}`) ?? moved.get(customer);
    if (contacts.has(customer) || !link?.crmObjectId) continue;
    const record = revenueOnlyContact(customer, link, eventRowIds);
    contacts.set(customer, record);
    plan.records.push(record);
  }
  if (!contacts.size) return;
  const revenues = await customerRevenues(input.db, input.workspace, [...contacts.keys()]);
  const wanted = new Set(
    [...revenues.values()].flatMap((revenue) => [...revenue.mrr.keys(), ...revenue.ltv.keys()]),
  );
  const rates = await portalRates(
    input.crm,
    input.hubId,
    new Set([...wanted].map((c) => c.toUpperCase())),
    input.store,
  );
  for (const [customer, record] of contacts) {
    const revenue = revenues.get(customer);
    if (!revenue) continue;
    const { properties, unrated } = revenuePropertiesOf(revenue, rates ?? { company: '', rates: {} });
    const missing = rates ? unrated : ['(the portal did not let Billbridge read its currencies)'];
    if (missing.length) for (const name of amountProperties) delete properties[name];
    if (!rates) delete properties[revenueProperties.currency];
    Object.assign(record.properties, properties);
    if (missing.length) warnUnrated(plan, record, missing);
  }
};

const warnUnrated = (plan: PortalPlan, record: RecordWrite, missing: string[]) => {
  const warning = `The customer's MRR, ARR and lifetime value were not written: the portal has no exchange rate for ${missing.join(', ')}`;
  for (const id of record.eventRowIds) plan.warnings.set(id, [...(plan.warnings.get(id) ?? []), warning]);
};
