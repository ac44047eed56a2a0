import { eq } from 'drizzle-orm';
import {
  fieldMappingObjects,
  type FieldMapping,
  type FieldMappingObject,
  type PipelineMappingRule,
} from '@billbridge/contract';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { crmLink, type StripeEventRow } from '../../db/schema.ts';
import { newestEventsBecoming } from '../deal-stages/stored-subscriptions.ts';
import { mapWithFields } from '../inbox/field-values.ts';
import { reevaluatedTypes } from '../inbox/event-types.ts';
import type { Mapped } from '../inbox/mapping/map-stripe.ts';
import { productsNamedBy } from '../sources/stripe-products.ts';

/** A synced HubSpot record the mappings reach, with the stored event it was mapped from. */
export type MappedRecord = {
  object: FieldMappingObject;
  crmObjectId: string;
  record: Mapped['records'][number];
  event: StripeEventRow;
};

const isMappingObject = (objectType: string): objectType is FieldMappingObject =>
  (fieldMappingObjects as readonly string[]).includes(objectType);

/** HubSpot ids of the destination's synced records, by `objectType:stripeObjectId`. */
const linkedIds = async (db: Db, destinationId: string): Promise<Map<string, string>> => {
  const rows = await db
    .select({ type: crmLink.crmObjectType, stripeId: crmLink.stripeObjectId, crmId: crmLink.crmObjectId })
    .from(crmLink)
    .where(eq(crmLink.destinationId, destinationId));
  return new Map(rows.flatMap((row) => (row.crmId ? [[`${row.type}:${row.stripeId}`, row.crmId]] : [])));
};

/** The newest stored state of every Stripe object that becomes a record a mapping may reach. */
const newestStates = async (db: Db, subscriptionId: string): Promise<StripeEventRow[]> => {
  const events: StripeEventRow[] = [];
  for (const objectType of Object.keys(reevaluatedTypes) as (keyof typeof reevaluatedTypes)[])
    events.push(...(await newestEventsBecoming(db, subscriptionId, objectType)));
  return events;
};

const objectOf = (event: StripeEventRow): unknown =>
  (event.payload as { data: { object: unknown } }).data.object;

/**
 * The records already synced to the destination that `mappings` give a value to, mapped from the
 * newest stored state of their Stripe object (no Stripe call but for a product never seen, decision
 * 078): what a re-apply would write.
 */
export const mappedRecords = async (
  app: AppContext,
  { subscriptionId, destinationId }: { subscriptionId: string; destinationId: string },
  rules: readonly PipelineMappingRule[],
  mappings: readonly FieldMapping[],
): Promise<MappedRecord[]> => {
  if (mappings.length === 0) return [];
  const { db } = app.database;
  const links = await linkedIds(db, destinationId);
  const events = await newestStates(db, subscriptionId);
  const named = events.map((event) => ({ sourceId: event.sourceId, object: objectOf(event) }));
  const products = await productsNamedBy(app, db, named, mappings);
  const found: MappedRecord[] = [];
  for (const event of events) {
    for (const record of mapWithFields(event.type, objectOf(event), rules, mappings, products)?.records ??
      []) {
      const crmObjectId = links.get(`${record.objectType}:${record.stripeObjectId}`);
      if (!crmObjectId || !record.mapped?.length || record.statusOnly || !isMappingObject(record.objectType))
        continue;
      found.push({ object: record.objectType, crmObjectId, record, event });
    }
  }
  return found;
};
