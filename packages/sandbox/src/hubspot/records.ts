import { hubspotError, notFound, validationError } from './errors.ts';
import { dealRevenue } from './deal-revenue.ts';
import { markDealDirty, takeDirtyDeals } from './dirty-deals.ts';
import { checkInvoiceArchivable, invoiceAmounts, nextInvoiceNumber } from './invoices.ts';
import { objectTypes, type ObjectTypeInfo } from './object-types.ts';
import type { PortalCtx } from './runtime.ts';
import { applyTypeRules } from './type-rules.ts';
import type { CrmRecord } from './types.ts';
import { normalizeValues, type WriteValues } from './values.ts';
import { associationsOf, removeAllAssociations } from './associations.ts';

export type RecordJson = {
  id: string;
  properties: Record<string, string | null>;
  createdAt: string;
  updatedAt: string;
  archived: boolean;
  archivedAt?: string;
};

const nowIso = (): string => new Date().toISOString();

/** Search sees a write only after the portal's indexing delay, as HubSpot's search does. */
export const scheduleIndex = (ctx: PortalCtx, record: CrmRecord): void => {
  const snapshot = { properties: { ...record.properties }, archived: record.archived };
  const delay = ctx.rt.options.searchIndexDelayMs;
  if (delay <= 0) {
    record.indexed = snapshot;
    record.pendingIndex = null;
  } else record.pendingIndex = { at: Date.now() + delay, snapshot };
};

export const refreshIndex = (record: CrmRecord, at = Date.now()): void => {
  if (record.pendingIndex && record.pendingIndex.at <= at) {
    record.indexed = record.pendingIndex.snapshot;
    record.pendingIndex = null;
  }
};

/** Properties with a unique value in this object type (email for contacts, plus `hasUniqueValue` ones). */
export const uniqueProperties = (ctx: PortalCtx, info: ObjectTypeInfo): string[] => {
  const unique = Object.values(ctx.portal.properties[info.name])
    .filter((definition) => definition.hasUniqueValue && !definition.archived)
    .map((definition) => definition.name);
  return info.name === 'contacts' ? ['email', ...unique] : unique;
};

type Records = Record<string, CrmRecord>;
type ValueIndex = Map<string, CrmRecord>;

/**
 * Unique-value lookups by index, as HubSpot's own are: a scan per check made every write cost the
 * portal's size (a 10,000-record import, or a sustained sync, spent most of the stand-in's time
 * there). One index per records object and property, built on its first lookup and kept by the
 * writes below; keyed by the records object, so a portal loaded or reset starts afresh.
 */
const valueIndexes = new WeakMap<Records, Map<string, ValueIndex>>();

const indexesOf = (records: Records): Map<string, ValueIndex> => {
  let indexes = valueIndexes.get(records);
  if (!indexes) valueIndexes.set(records, (indexes = new Map()));
  return indexes;
};

const buildIndex = (records: Records, property: string): ValueIndex => {
  const index: ValueIndex = new Map();
  for (const id in records) {
    const record = records[id];
    const value = record?.properties[property];
    if (record && !record.archived && value != null) index.set(value, record);
  }
  indexesOf(records).set(property, index);
  return index;
};

/** Drops the record's entries from every index of its records (before a change or an archive). */
export const unindex = (records: Records, record: CrmRecord): void => {
  for (const [property, index] of valueIndexes.get(records) ?? []) {
    const value = record.properties[property];
    if (value != null && index.get(value) === record) index.delete(value);
  }
};

/** Adds the record's current values to every index of its records (after a create or a change). */
const reindex = (records: Records, record: CrmRecord): void => {
  if (record.archived) return;
  for (const [property, index] of valueIndexes.get(records) ?? []) {
    const value = record.properties[property];
    if (value != null) index.set(value, record);
  }
};

export const findByProperty = (
  ctx: PortalCtx,
  info: ObjectTypeInfo,
  property: string,
  value: string,
): CrmRecord | undefined => {
  const wanted = property === 'email' ? value.trim().toLowerCase() : value;
  const records = ctx.portal.objects[info.name];
  if (property === 'hs_object_id') {
    const record = records[wanted];
    return record && !record.archived ? record : undefined;
  }
  const index = indexesOf(records).get(property) ?? buildIndex(records, property);
  const record = index.get(wanted);
  if (!record) return undefined;
  if (!record.archived && records[record.id] === record && record.properties[property] === wanted)
    return record;
  // Changed by a path the index does not follow: rebuild it from the records, which are the truth.
  return buildIndex(records, property).get(wanted);
};

const checkUnique = (
  ctx: PortalCtx,
  info: ObjectTypeInfo,
  values: WriteValues,
  self: CrmRecord | null,
): void => {
  const selfId = self?.id ?? null;
  for (const property of uniqueProperties(ctx, info)) {
    const value = values[property];
    if (value === undefined || value === null) continue;
    // A value the record keeps was unique when it was set; only a new one can collide.
    if (self && self.properties[property] === value) continue;
    const existing = findByProperty(ctx, info, property, value);
    if (!existing || existing.id === selfId) continue;
    if (info.name === 'contacts' && property === 'email') {
      throw hubspotError(409, 'CONFLICT', `Contact already exists. Existing ID: ${existing.id}`);
    }
    throw hubspotError(
      409,
      'CONFLICT',
      `A ${info.singular} with ${property} "${value}" already exists. Existing ID: ${existing.id}`,
      {
        context: { property: [property], existingId: [existing.id] },
      },
    );
  }
};

/** Validates a create without writing it (batch creates are all-or-nothing). */
export const prepareCreate = (ctx: PortalCtx, info: ObjectTypeInfo, input: unknown): WriteValues => {
  const incoming = normalizeValues(ctx, info, input);
  const merged: WriteValues = { ...incoming };
  applyTypeRules(ctx, info, merged, incoming, null);
  checkUnique(ctx, info, merged, null);
  return merged;
};

/** What HubSpot calculates for a record from its line items: an invoice's amounts, a deal's revenue. */
const calculatedValues = (ctx: PortalCtx, info: ObjectTypeInfo, record: CrmRecord) => {
  if (info.name === 'invoices') return invoiceAmounts(ctx.portal, record);
  return info.name === 'deals' ? dealRevenue(ctx.portal, record) : undefined;
};

/** Sets a record's calculated values (a null one is cleared); true when they changed. */
export const refreshAmounts = (ctx: PortalCtx, info: ObjectTypeInfo, record: CrmRecord): boolean => {
  const values = calculatedValues(ctx, info, record);
  if (!values) return false;
  let changed = false;
  for (const [name, value] of Object.entries(values)) {
    if ((record.properties[name] ?? null) === value) continue;
    changed = true;
    if (value === null) delete record.properties[name];
    else record.properties[name] = value;
  }
  return changed;
};

/** A written deal or line item: the deals whose revenue it may change are recalculated after the request. */
const markRevenueChange = (ctx: PortalCtx, info: ObjectTypeInfo, record: CrmRecord): void => {
  if (info.name === 'deals') markDealDirty(ctx.portal, record.id);
  if (info.name === 'line_items')
    for (const { toId } of associationsOf(ctx.portal, 'line_items', record.id, 'deals'))
      markDealDirty(ctx.portal, toId);
};

const refreshAndIndex = (ctx: PortalCtx, info: ObjectTypeInfo, record: CrmRecord | undefined): boolean => {
  if (!record || record.archived || !refreshAmounts(ctx, info, record)) return false;
  scheduleIndex(ctx, record);
  return true;
};

/**
 * Calculated values follow every write: invoices' amounts track their line items and associations
 * (all invoices, when `invoices` says the write may have touched them), deals' revenue those of the
 * deals a write touched (`dirty-deals.ts`).
 */
export const refreshCalculated = (ctx: PortalCtx, invoices: boolean): void => {
  const { portal } = ctx;
  let changed = false;
  if (invoices)
    for (const record of Object.values(portal.objects.invoices))
      changed = refreshAndIndex(ctx, objectTypes.invoices, record) || changed;
  for (const id of takeDirtyDeals(portal))
    changed = refreshAndIndex(ctx, objectTypes.deals, portal.objects.deals[id]) || changed;
  if (changed) ctx.rt.store.touch();
};

export const insertRecord = (ctx: PortalCtx, info: ObjectTypeInfo, values: WriteValues): CrmRecord => {
  const id = ctx.rt.store.nextObjectId();
  const at = nowIso();
  const properties: Record<string, string | null> = {
    ...Object.fromEntries(Object.entries(values).filter(([, value]) => value !== null)),
    hs_object_id: id,
    [info.createdProperty]: values[info.createdProperty] ?? at,
    [info.modifiedProperty]: at,
  };
  if (info.name === 'contacts') properties.hs_lastmodifieddate = at;
  if (info.name === 'invoices') properties.hs_number = nextInvoiceNumber(ctx.portal);
  const record: CrmRecord = {
    id,
    properties,
    createdAt: properties[info.createdProperty] ?? at,
    updatedAt: at,
    archived: false,
    archivedAt: null,
    indexed: null,
    pendingIndex: null,
  };
  ctx.portal.objects[info.name][id] = record;
  reindex(ctx.portal.objects[info.name], record);
  refreshAmounts(ctx, info, record);
  markRevenueChange(ctx, info, record);
  scheduleIndex(ctx, record);
  ctx.rt.store.touch();
  return record;
};

export const createRecord = (ctx: PortalCtx, info: ObjectTypeInfo, input: unknown): CrmRecord =>
  insertRecord(ctx, info, prepareCreate(ctx, info, input));

/** Validates an update without writing it (batch updates are all-or-nothing). */
export const prepareUpdate = (
  ctx: PortalCtx,
  info: ObjectTypeInfo,
  record: CrmRecord,
  input: unknown,
): WriteValues => {
  const incoming = normalizeValues(ctx, info, input);
  const merged: WriteValues = { ...record.properties, ...incoming };
  applyTypeRules(ctx, info, merged, incoming, record);
  checkUnique(ctx, info, merged, record);
  return merged;
};

export const applyUpdate = (
  ctx: PortalCtx,
  info: ObjectTypeInfo,
  record: CrmRecord,
  merged: WriteValues,
): CrmRecord => {
  const at = nowIso();
  const records = ctx.portal.objects[info.name];
  unindex(records, record);
  for (const [name, value] of Object.entries(merged)) {
    if (value === null) delete record.properties[name];
    else record.properties[name] = value;
  }
  reindex(records, record);
  record.properties[info.modifiedProperty] = at;
  if (info.name === 'contacts') record.properties.hs_lastmodifieddate = at;
  record.updatedAt = at;
  refreshAmounts(ctx, info, record);
  markRevenueChange(ctx, info, record);
  scheduleIndex(ctx, record);
  ctx.rt.store.touch();
  return record;
};

export const updateRecord = (
  ctx: PortalCtx,
  info: ObjectTypeInfo,
  record: CrmRecord,
  input: unknown,
): CrmRecord => applyUpdate(ctx, info, record, prepareUpdate(ctx, info, record, input));

/** HubSpot refuses to delete some records: invoices past draft. */
export const checkArchivable = (info: ObjectTypeInfo, record: CrmRecord): void => {
  if (info.name === 'invoices' && !record.archived) checkInvoiceArchivable(record);
};

export const archiveRecord = (ctx: PortalCtx, info: ObjectTypeInfo, record: CrmRecord): void => {
  if (record.archived) return;
  checkArchivable(info, record);
  const at = nowIso();
  unindex(ctx.portal.objects[info.name], record);
  record.archived = true;
  record.archivedAt = at;
  record.updatedAt = at;
  removeAllAssociations(ctx.portal, info.name, record.id);
  scheduleIndex(ctx, record);
  ctx.rt.store.touch();
};

/** A record by id, or by a unique property (`idProperty`). */
export const findRecord = (
  ctx: PortalCtx,
  info: ObjectTypeInfo,
  id: string,
  idProperty?: string,
  archived = false,
): CrmRecord | undefined => {
  if (idProperty && idProperty !== 'hs_object_id') {
    if (!uniqueProperties(ctx, info).includes(idProperty)) {
      throw validationError(
        `${idProperty} is not a unique property of ${info.name}; idProperty must name a property with unique values.`,
      );
    }
    return findByProperty(ctx, info, idProperty, id);
  }
  const records = ctx.portal.objects[info.name];
  const record = records[id];
  if (record?.mergedInto && !archived) return findRecord(ctx, info, record.mergedInto);
  return record && record.archived === archived ? record : undefined;
};

export const requireRecord = (
  ctx: PortalCtx,
  info: ObjectTypeInfo,
  id: string,
  idProperty?: string,
): CrmRecord => {
  const record = findRecord(ctx, info, id, idProperty);
  if (!record) throw notFound();
  return record;
};

/** The properties a response carries: the type's defaults unless the request named some. */
export const formatRecord = (
  info: ObjectTypeInfo,
  record: CrmRecord,
  requested?: string[],
  source: Record<string, string | null> = record.properties,
): RecordJson => {
  const names =
    requested && requested.length > 0
      ? [...requested, 'hs_object_id', info.createdProperty, info.modifiedProperty]
      : info.defaultProperties;
  const properties = Object.fromEntries([...new Set(names)].map((name) => [name, source[name] ?? null]));
  return {
    id: record.id,
    properties,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
    archived: record.archived,
    ...(record.archivedAt ? { archivedAt: record.archivedAt } : {}),
  };
};

/** After a write HubSpot echoes every property the record has. */
export const formatWritten = (info: ObjectTypeInfo, record: CrmRecord): RecordJson =>
  formatRecord(info, record, Object.keys(record.properties));
