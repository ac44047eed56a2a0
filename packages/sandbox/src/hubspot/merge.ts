import { associate, associationsOf, removeAllAssociations } from './associations.ts';
import { labelById } from './association-types.ts';
import { notFound, validationError } from './errors.ts';
import { objectTypes, type ObjectTypeInfo } from './object-types.ts';
import { findRecord, insertRecord, scheduleIndex, unindex } from './records.ts';
import type { PortalCtx } from './runtime.ts';
import type { CrmRecord, ObjectTypeName } from './types.ts';
import type { WriteValues } from './values.ts';

/** Values HubSpot sets on the merged record itself rather than taking from either side. */
const ownValues = new Set(['hs_object_id', 'hs_merged_object_ids', 'hs_additional_emails']);

const valuesOf = (record: CrmRecord): WriteValues =>
  Object.fromEntries(Object.entries(record.properties).filter(([name]) => !ownValues.has(name)));

/** `a;b` lists as HubSpot keeps multi-values, without repeats or blanks. */
const joined = (...lists: (string | null | undefined)[]): string | null => {
  const values = [...new Set(lists.flatMap((list) => (list ?? '').split(';')).filter(Boolean))];
  return values.length ? values.join(';') : null;
};

/** The merged-away record: archived, out of the unique-value indexes, its id pointing at the new one. */
const retire = (ctx: PortalCtx, info: ObjectTypeInfo, record: CrmRecord, survivorId: string): void => {
  const at = new Date().toISOString();
  unindex(ctx.portal.objects[info.name], record);
  record.archived = true;
  record.archivedAt = at;
  record.updatedAt = at;
  record.mergedInto = survivorId;
  scheduleIndex(ctx, record);
};

/** Every association of `from` copied onto `to`, the primary's first, then dropped from `from`. */
const moveAssociations = (ctx: PortalCtx, type: ObjectTypeName, from: string, to: string): void => {
  for (const target of Object.values(objectTypes)) {
    for (const { toId, typeIds } of associationsOf(ctx.portal, type, from, target.name)) {
      const labels = typeIds.flatMap((typeId) => labelById(ctx.portal, typeId) ?? []);
      associate(ctx.portal, type, to, target.name, toId, labels);
    }
  }
  removeAllAssociations(ctx.portal, type, from);
};

/**
 * HubSpot's merge (changelog "Updated merge functionality for contacts and companies"): a new record
 * with a new id is made of both, the primary's values winning; both old ids point to it, so a read
 * of either answers with the new record; `hs_merged_object_ids` lists the ids merged into it. A
 * contact keeps the secondary's address in `hs_additional_emails`. Associations of both move over.
 */
export const mergeRecords = (
  ctx: PortalCtx,
  info: ObjectTypeInfo,
  primaryObjectId: string,
  objectIdToMerge: string,
): CrmRecord => {
  if (!primaryObjectId || !objectIdToMerge)
    throw validationError('primaryObjectId and objectIdToMerge are required.');
  const primary = findRecord(ctx, info, primaryObjectId);
  const secondary = findRecord(ctx, info, objectIdToMerge);
  if (!primary || !secondary) throw notFound(`Object not found. objectId are usually numeric.`);
  if (primary.id === secondary.id) throw validationError('Cannot merge an object with itself.');
  const additional =
    info.name === 'contacts'
      ? joined(
          primary.properties.hs_additional_emails,
          secondary.properties.hs_additional_emails,
          secondary.properties.email,
        )
      : null;
  const merged = joined(
    primary.properties.hs_merged_object_ids,
    secondary.properties.hs_merged_object_ids,
    primary.id,
    secondary.id,
  );
  const values: WriteValues = { ...valuesOf(secondary), ...valuesOf(primary) };
  const survivor = insertRecord(ctx, info, {
    ...values,
    hs_merged_object_ids: merged,
    ...(additional ? { hs_additional_emails: additional } : {}),
  });
  retire(ctx, info, primary, survivor.id);
  retire(ctx, info, secondary, survivor.id);
  moveAssociations(ctx, info.name, secondary.id, survivor.id);
  moveAssociations(ctx, info.name, primary.id, survivor.id);
  return survivor;
};
