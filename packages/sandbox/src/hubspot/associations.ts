import { defaultLabel, labelById } from './association-types.ts';
import { markDealDirty } from './dirty-deals.ts';
import { validationError } from './errors.ts';
import type { AssociationLabel, ObjectTypeName, PortalData } from './types.ts';

const keyOf = (type: ObjectTypeName, id: string): string => `${type}:${id}`;

const splitKey = (key: string): { type: ObjectTypeName; id: string } => {
  const [type, id] = key.split(':') as [ObjectTypeName, string];
  return { type, id };
};

/** A deal gains or loses a line item: its calculated revenue is to be recalculated. */
const markRevenueEdge = (portal: PortalData, from: string, to: string): void => {
  if (from.startsWith('deals:') && to.startsWith('line_items:')) markDealDirty(portal, splitKey(from).id);
};

const addEdge = (portal: PortalData, from: string, to: string, typeId: number): void => {
  markRevenueEdge(portal, from, to);
  const edges = (portal.associations[from] ??= {});
  const types = (edges[to] ??= []);
  if (!types.includes(typeId)) types.push(typeId);
};

const removeEdge = (portal: PortalData, from: string, to: string, typeId?: number): void => {
  markRevenueEdge(portal, from, to);
  const edges = portal.associations[from];
  const types = edges?.[to];
  if (!edges || !types) return;
  const remaining = typeId === undefined ? [] : types.filter((candidate) => candidate !== typeId);
  if (remaining.length === 0) delete edges[to];
  else edges[to] = remaining;
  if (Object.keys(edges).length === 0) delete portal.associations[from];
};

/** The label for a spec from `fromType` to `toType`, or a validation error naming what is wrong. */
export const labelFor = (
  portal: PortalData,
  fromType: ObjectTypeName,
  toType: ObjectTypeName,
  spec: { associationCategory?: unknown; associationTypeId?: unknown },
): AssociationLabel => {
  const typeId = Number(spec.associationTypeId);
  const label = labelById(portal, typeId);
  if (!label || label.fromType !== fromType || label.toType !== toType) {
    throw validationError(
      `${String(spec.associationTypeId)} is not a valid association type id from ${fromType} to ${toType}.`,
    );
  }
  if (spec.associationCategory !== undefined && spec.associationCategory !== label.category) {
    throw validationError(
      `Association type ${typeId} is ${label.category}, not ${String(spec.associationCategory)}.`,
    );
  }
  return label;
};

/**
 * Associates two records with the given labels plus the pair's unlabeled default, in both
 * directions (HubSpot associations are two-way: each label has an inverse).
 */
export const associate = (
  portal: PortalData,
  fromType: ObjectTypeName,
  fromId: string,
  toType: ObjectTypeName,
  toId: string,
  labels: AssociationLabel[],
): AssociationLabel[] => {
  const fallback = defaultLabel(fromType, toType);
  const all =
    fallback && !labels.some((label) => label.typeId === fallback.typeId) ? [fallback, ...labels] : labels;
  const from = keyOf(fromType, fromId);
  const to = keyOf(toType, toId);
  for (const label of all) {
    addEdge(portal, from, to, label.typeId);
    addEdge(portal, to, from, label.inverseTypeId);
  }
  return all;
};

/** Removes some labels, or the whole association when none are named. */
export const dissociate = (
  portal: PortalData,
  fromType: ObjectTypeName,
  fromId: string,
  toType: ObjectTypeName,
  toId: string,
  labels?: AssociationLabel[],
): void => {
  const from = keyOf(fromType, fromId);
  const to = keyOf(toType, toId);
  if (!labels) {
    removeEdge(portal, from, to);
    removeEdge(portal, to, from);
    return;
  }
  for (const label of labels) {
    removeEdge(portal, from, to, label.typeId);
    removeEdge(portal, to, from, label.inverseTypeId);
  }
};

export type Associated = { toId: string; typeIds: number[] };

/** Records of `toType` associated with a record (archived ones left out), in id order. */
export const associationsOf = (
  portal: PortalData,
  fromType: ObjectTypeName,
  fromId: string,
  toType: ObjectTypeName,
): Associated[] =>
  Object.entries(portal.associations[keyOf(fromType, fromId)] ?? {})
    .map(([key, typeIds]) => ({ ...splitKey(key), typeIds }))
    .filter(
      ({ type, id }) => type === toType && portal.objects[type][id] && !portal.objects[type][id]?.archived,
    )
    .map(({ id, typeIds }) => ({ toId: id, typeIds: [...typeIds] }))
    .sort((a, b) => Number(a.toId) - Number(b.toId));

export const removeAllAssociations = (portal: PortalData, type: ObjectTypeName, id: string): void => {
  const from = keyOf(type, id);
  for (const to of Object.keys(portal.associations[from] ?? {})) removeEdge(portal, to, from);
  delete portal.associations[from];
};
