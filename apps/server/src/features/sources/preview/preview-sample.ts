import type { FieldMapping, ImportPreview, PipelineMappingRule, RecordWrite } from '@billbridge/contract';
import type { Db } from '../../../db/client.ts';
import type { DestinationRow } from '../../../db/schema.ts';
import type { CrmClient } from '../../../providers/hubspot/hubspot-crm.ts';
import { portalFactStore } from '../../../providers/hubspot/portal-facts.ts';
import { fitMappedValues, portalProperties } from '../../../providers/hubspot/portal-properties.ts';
import type { PortalPlan } from '../../../providers/hubspot/portal-stages.ts';
import { mapWithFields } from '../../inbox/field-values.ts';
import type { KnownProducts } from '../../inbox/known-products.ts';
import { syntheticEventType, type ListedObject } from '../backfill/stripe-listing.ts';
import type { PreviewKind } from './preview-tally.ts';

/** Takes one of each list in turn, so a short sample shows every kind. */
const takeInTurn = <T>(lists: T[][], size: number): T[] => {
  const taken: T[] = [];
  for (let at = 0; taken.length < size && lists.some((list) => at < list.length); at++)
    for (const list of lists) if (at < list.length && taken.length < size) taken.push(list[at] as T);
  return taken;
};

/**
 * The first objects of each kind as the import would write them: mapped by the sync's own mapper
 * (as `<kind>.backfilled` events), with the destination's field mappings fitted to the portal's
 * properties by the writer's code. Nothing is written.
 */
export const sampleAsWritten = async (
  { db, crm, target }: { db: Db; crm: CrmClient; target: DestinationRow },
  firsts: ReadonlyMap<PreviewKind, ListedObject[]>,
  {
    rules,
    mappings,
    products,
    size,
  }: {
    rules: readonly PipelineMappingRule[];
    mappings: readonly FieldMapping[];
    /** The products the sampled prices name (decision 078). */
    products: KnownProducts;
    size: number;
  },
): Promise<ImportPreview['sample']> => {
  const perKind = [...firsts].map(([kind, objects]) =>
    objects.flatMap(
      (object) =>
        mapWithFields(syntheticEventType(kind, 'backfilled'), object, rules, mappings, products)?.records ??
        [],
    ),
  );
  const records: RecordWrite[] = takeInTurn(perKind, size).map((record) => ({
    ...record,
    properties: { ...record.properties },
    eventCreated: 0,
    eventRowIds: [],
  }));
  const plan: PortalPlan = { records, associations: [], warnings: new Map() };
  if (target.hubId)
    fitMappedValues(plan, await portalProperties(crm, target.hubId, plan, portalFactStore(db)));
  return plan.records.map((record) => ({
    object_type: record.objectType,
    stripe_id: record.stripeObjectId,
    properties: record.properties,
  }));
};
