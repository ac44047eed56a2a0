import {
  skuProperty,
  stripeIdProperty,
  type AssociationWrite,
  type CrmObjectType,
  type CrmInvoiceStatus,
  type RecordWrite,
} from '@billbridge/contract';
import {
  fallbackKeyProperty,
  refKey,
  writeOrder,
  type Removal,
  type WritePlan,
} from '../../../providers/hubspot/crm-records.ts';
import type { CrmClient } from '../../../providers/hubspot/hubspot-crm.ts';
import { createLinked, linkedCreatesOf } from './create-linked.ts';
import { writeContacts } from './write-contacts.ts';
import { refusedForStage } from '../../../providers/hubspot/portal-stages.ts';
import { refusedForProperty } from '../../../providers/hubspot/portal-properties.ts';
import {
  chunks,
  fail,
  upsertRecords,
  warn,
  writeIsolating,
  type Ids,
  type PlanResult,
} from './write-batches.ts';

/**
 * HubSpot ids of SKU-keyed records not linked yet but already in HubSpot (a round repeated after a
 * crash, say): line items are read through their deal's or invoice's associations (a parent this
 * round created has none), products are searched.
 */
const findExisting = async (
  crm: CrmClient,
  objectType: CrmObjectType,
  records: RecordWrite[],
  ids: Ids,
  keyProperty: string,
  created: ReadonlySet<string>,
) => {
  const found = new Map<string, string>();
  if (objectType === 'line_items') {
    const parents = new Map<CrmObjectType, Set<string>>();
    for (const { parent } of records) {
      const id = parent && !created.has(refKey(parent)) ? ids(refKey(parent)) : undefined;
      if (parent && id) parents.set(parent.objectType, (parents.get(parent.objectType) ?? new Set()).add(id));
    }
    const lineItemIds: string[] = [];
    for (const [parentType, parentIds] of parents) {
      for (const chunk of chunks([...parentIds])) {
        for (const idsOfParent of (await crm.associatedIds(parentType, 'line_items', chunk)).values())
          lineItemIds.push(...idsOfParent);
      }
    }
    for (const chunk of chunks(lineItemIds)) {
      for (const item of await crm.read('line_items', chunk, skuProperty)) found.set(item.key, item.id);
    }
  } else {
    for (const chunk of chunks(records)) {
      const values = chunk.map((record) => record.id);
      for (const item of await crm.findBy(objectType, keyProperty, values)) found.set(item.key, item.id);
    }
  }
  return found;
};

/**
 * Records without a unique property to upsert by (line items and products by SKU; deals and
 * invoices by their fallback key): updated by HubSpot id when known or found by `keyProperty`,
 * else created (line items with their deal). `record.id` is the key's value.
 */
const writeByKey = async (
  crm: CrmClient,
  objectType: CrmObjectType,
  records: RecordWrite[],
  ids: Ids,
  result: PlanResult,
  keyProperty: string,
) => {
  const hubspotIdOf = new Map<string, string>();
  for (const record of records) {
    const id = ids(refKey(record));
    if (id) hubspotIdOf.set(record.id.toLowerCase(), id);
  }
  const unlinked = records.filter((record) => !hubspotIdOf.has(record.id.toLowerCase()));
  if (unlinked.length) {
    for (const [key, id] of await findExisting(crm, objectType, unlinked, ids, keyProperty, result.created)) {
      hubspotIdOf.set(key, id);
    }
  }
  const known = records.filter((record) => hubspotIdOf.has(record.id.toLowerCase()));
  const idOf = (record: RecordWrite) => hubspotIdOf.get(record.id.toLowerCase()) ?? '';
  await writeIsolating(
    known,
    (chunk) =>
      crm.update(
        objectType,
        chunk.map((record) => ({ id: idOf(record), properties: record.properties })),
      ),
    idOf,
    result,
  );
  const creatable = records.filter((record) => {
    if (hubspotIdOf.has(record.id.toLowerCase())) return false;
    if (record.parent && !ids(refKey(record.parent))) {
      warn(
        result,
        record.eventRowIds,
        `Not written: its ${record.parent.objectType.replace(/s$/, '')} is not in HubSpot`,
      );
      return false;
    }
    return true;
  });
  await writeIsolating(
    creatable,
    (chunk) =>
      crm.create(
        objectType,
        chunk.map((record) => {
          const parentId = record.parent ? ids(refKey(record.parent)) : undefined;
          return {
            properties: record.properties,
            ...(record.parent && parentId
              ? { associations: [{ objectType: record.parent.objectType, id: parentId }] }
              : {}),
          };
        }),
        keyProperty,
      ),
    (record) => record.id,
    result,
  );
};

/**
 * The property a record is found by when it cannot be upserted by a unique value: the SKU of line
 * items and products, the fallback key of a deal or invoice whose portal lacks the unique property.
 */
const lookupKeyOf = (record: RecordWrite, uniquelyKeyed: ReadonlySet<CrmObjectType>): string | undefined => {
  if (record.idProperty === skuProperty) return skuProperty;
  if (record.idProperty !== stripeIdProperty || uniquelyKeyed.has(record.objectType)) return undefined;
  return fallbackKeyProperty[record.objectType];
};

/** A deal or invoice keyed by its fallback property instead of `billbridge_stripe_id`. */
const keyedByFallback = (record: RecordWrite, keyProperty: string): RecordWrite => {
  const { [stripeIdProperty]: _stripeId, ...properties } = record.properties;
  return { ...record, id: properties[keyProperty] ?? record.stripeObjectId, properties };
};

const writeAssociations = async (
  crm: CrmClient,
  associations: AssociationWrite[],
  ids: Ids,
  result: PlanResult,
) => {
  const groups = new Map<string, { pair: { from: string; to: string }; write: AssociationWrite }[]>();
  for (const write of associations) {
    if (write.eventRowIds.every((id) => result.failed.has(id))) continue;
    const from = ids(refKey(write.from));
    const to = ids(refKey(write.to));
    if (!from || !to) {
      warn(
        result,
        write.eventRowIds,
        `Not associated with a ${write.to.objectType.replace(/s$/, '')}: it is not in HubSpot`,
      );
      continue;
    }
    const key = `${write.from.objectType}>${write.to.objectType}`;
    groups.set(key, [...(groups.get(key) ?? []), { pair: { from, to }, write }]);
  }
  for (const entries of groups.values()) {
    for (const chunk of chunks(entries)) {
      const [first] = chunk;
      if (!first) continue;
      const answer = await crm.associate(
        first.write.from.objectType,
        first.write.to.objectType,
        chunk.map((entry) => entry.pair),
      );
      const failed = new Set(answer.failed.map((pair) => `${pair.from}>${pair.to}`));
      for (const entry of chunk) {
        if (failed.has(`${entry.pair.from}>${entry.pair.to}`)) {
          fail(result, entry.write.eventRowIds, answer.message ?? 'HubSpot refused the association');
        }
      }
    }
  }
};

type WriteContext = {
  crm: CrmClient;
  plan: WritePlan;
  knownIds: ReadonlyMap<string, string>;
  uniquelyKeyed: ReadonlySet<CrmObjectType>;
  ids: Ids;
  result: PlanResult;
  /** Associations made inline, with the records they start from. */
  associated: Set<AssociationWrite>;
  /** The company a new deal is created associated with, by the deal's `refKey` (decision 079). */
  companyOfDeal: ReadonlyMap<string, string>;
};

/** One object type's records: upserted, created with their associations, or found by a key and written. */
const writeRecords = async (write: WriteContext, objectType: CrmObjectType, records: RecordWrite[]) => {
  const { crm, plan, knownIds, ids, result } = write;
  if (objectType === 'contacts') {
    const keyed = write.uniquelyKeyed.has('contacts');
    return writeContacts({ crm, knownIds, keyed, result }, records);
  }
  const upserts: RecordWrite[] = [];
  const byKey = new Map<string, RecordWrite[]>();
  for (const record of records) {
    const known = record.statusOnly ? knownIds.get(refKey(record)) : undefined;
    if (known) {
      result.hubspotIds.set(refKey(record), known);
      continue;
    }
    const key = lookupKeyOf(record, write.uniquelyKeyed);
    if (!key) {
      upserts.push(record);
      continue;
    }
    const keyed = byKey.get(key) ?? [];
    keyed.push(key === skuProperty ? record : keyedByFallback(record, key));
    byKey.set(key, keyed);
  }
  const { linked, others } = linkedCreatesOf(upserts, plan.associations, knownIds, ids);
  const companyOf = write.companyOfDeal;
  for (const made of await createLinked(crm, objectType, linked, ids, result, companyOf))
    write.associated.add(made);
  await upsertRecords(crm, objectType, others, result);
  for (const [key, keyed] of byKey) await writeByKey(crm, objectType, keyed, ids, result, key);
};

/**
 * Writes a plan in dependency order — records type by type in batches of up to 100 (new ones with
 * their associations to records written before them inline), then the other associations — and
 * reports per event what failed. `knownIds` are the HubSpot ids of records written in earlier
 * rounds (crm_link). `refit` is asked about records HubSpot refused for a deal stage or a mapped
 * property (checked against a cached read): when it fits them to the portal as it is, they are
 * written again.
 */
export const executePlan = async (
  crm: CrmClient,
  plan: WritePlan,
  knownIds: ReadonlyMap<string, string>,
  /** Types whose `billbridge_stripe_id` exists in the portal; the others use their fallback key. */
  uniquelyKeyed: ReadonlySet<CrmObjectType> = new Set(['deals', 'invoices']),
  refit?: (refused: RecordWrite[]) => Promise<boolean>,
  /** Companies new deals can be created associated with, by the deal's `refKey` (decision 079). */
  companyOfDeal: ReadonlyMap<string, string> = new Map(),
): Promise<PlanResult> => {
  const result: PlanResult = {
    hubspotIds: new Map(),
    failed: new Map(),
    warnings: new Map(),
    archived: [],
    created: new Set(),
    recreated: new Set(),
    withCompany: new Map(),
  };
  const ids: Ids = (key) => result.hubspotIds.get(key) ?? knownIds.get(key);
  const write: WriteContext = {
    crm,
    plan,
    knownIds,
    uniquelyKeyed,
    ids,
    result,
    associated: new Set(),
    companyOfDeal,
  };
  for (const objectType of writeOrder) {
    const records = plan.records.filter((item) => item.objectType === objectType);
    await writeRecords(write, objectType, records);
    const refused = refit
      ? [
          ...new Set([
            ...refusedForStage(records, result.failed),
            ...refusedForProperty(records, result.failed),
          ]),
        ]
      : [];
    if (refused.length > 0 && (await refit?.(refused))) {
      for (const record of refused) for (const id of record.eventRowIds) result.failed.delete(id);
      await writeRecords(write, objectType, refused);
    }
  }
  await archiveRemoved(crm, plan.removals ?? [], result);
  await writeAssociations(
    crm,
    plan.associations.filter((association) => !write.associated.has(association)),
    ids,
    result,
  );
  await advanceInvoices(crm, plan.records, ids, result);
  return result;
};

/** HubSpot's invoice lifecycle as data: where each status may go next. */
const nextStatuses: Record<CrmInvoiceStatus, readonly CrmInvoiceStatus[]> = {
  draft: ['open', 'voided'],
  open: ['paid', 'voided'],
  paid: [],
  voided: [],
};

/** The statuses to set, in order, to take an invoice from `current` to `target`; undefined: no way. */
export const lifecycleSteps = (
  current: CrmInvoiceStatus,
  target: CrmInvoiceStatus,
): CrmInvoiceStatus[] | undefined => {
  if (current === target) return [];
  if (nextStatuses[current].includes(target)) return [target];
  for (const next of nextStatuses[current]) {
    const rest = lifecycleSteps(next, target);
    if (rest) return [next, ...rest];
  }
  return undefined;
};

const isInvoiceStatus = (value: string): value is CrmInvoiceStatus => value in nextStatuses;

/**
 * Moves each written invoice along HubSpot's lifecycle to its target, after its contact and line
 * items are associated (HubSpot opens only such an invoice): the current status of invoices this
 * round did not create is read in one call per 100, then each step is one batch update.
 */
const advanceInvoices = async (crm: CrmClient, records: RecordWrite[], ids: Ids, result: PlanResult) => {
  const written = (record: RecordWrite) => !record.eventRowIds.some((id) => result.failed.has(id));
  const due = records.filter(
    (record) =>
      record.objectType === 'invoices' &&
      record.status &&
      record.status !== 'draft' &&
      ids(refKey(record)) &&
      written(record),
  );
  const idOf = (record: RecordWrite) => ids(refKey(record)) ?? '';
  const current = new Map<string, CrmInvoiceStatus>();
  const existing = due.filter((record) => !result.created.has(refKey(record)));
  for (const chunk of chunks(existing)) {
    for (const item of await crm.read('invoices', chunk.map(idOf), 'hs_invoice_status')) {
      if (isInvoiceStatus(item.key)) current.set(item.id, item.key);
    }
  }
  const steps = new Map<RecordWrite, CrmInvoiceStatus[]>();
  for (const record of due) {
    const from = current.get(idOf(record)) ?? 'draft';
    const path = lifecycleSteps(from, record.status ?? 'draft');
    if (path) steps.set(record, path);
    else
      warn(
        result,
        record.eventRowIds,
        `HubSpot has the invoice as ${from}, so it was not moved to ${record.status}`,
      );
  }
  for (let step = 0; ; step++) {
    const moving = [...steps].filter(([record, path]) => path[step] && written(record));
    if (moving.length === 0) return;
    const statusOf = new Map(moving.map(([record, path]) => [idOf(record), path[step]]));
    await writeIsolating(
      moving.map(([record]) => record),
      (chunk) =>
        crm.update(
          'invoices',
          chunk.map((record) => ({
            id: idOf(record),
            properties: { hs_invoice_status: statusOf.get(idOf(record)) ?? '' },
          })),
        ),
      idOf,
      result,
    );
  }
};

/** Line items removed from a billing subscription go from its deal once the deal is written. */
const archiveRemoved = async (crm: CrmClient, removals: Removal[], result: PlanResult) => {
  const due = removals.filter((removal) => result.hubspotIds.has(refKey(removal.parent)));
  for (const chunk of chunks(due)) {
    await crm.archive(
      'line_items',
      chunk.map((removal) => removal.crmObjectId),
    );
    result.archived.push(...chunk.map((removal) => removal.stripeObjectId));
  }
};
