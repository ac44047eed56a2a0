import { defaultLabel, labelById } from '../association-types.ts';
import { associate } from '../associations.ts';
import { HubSpotApiError, validationError } from '../errors.ts';
import type { HsResult } from '../http.ts';
import type { ObjectTypeInfo } from '../object-types.ts';
import type { PortalCtx } from '../runtime.ts';
import type { AssociationLabel } from '../types.ts';
import { maxBatchInputs } from './batch.ts';
import { asRecord } from './common.ts';

/** JSON shapes and checks shared by the v4 association routes. */
export const specJson = (label: AssociationLabel) => ({
  associationCategory: label.category,
  associationTypeId: label.typeId,
});
export const typeJson = (label: AssociationLabel) => ({
  category: label.category,
  typeId: label.typeId,
  label: label.label,
});

export const requireExisting = (ctx: PortalCtx, info: ObjectTypeInfo, id: string): void => {
  const record = ctx.portal.objects[info.name][id];
  if (!record || record.archived)
    throw validationError(`${info.singular} ${id} does not exist.`, {
      subCategory: 'crm.associations.INVALID_OBJECT_IDS',
    });
};

/** v4 answers with numeric ids in these payloads (the SDK's types say string; HubSpot sends numbers). */
export const pairJson = (
  from: ObjectTypeInfo,
  fromId: string,
  to: ObjectTypeInfo,
  toId: string,
  labels: AssociationLabel[],
) => ({
  fromObjectTypeId: from.objectTypeId,
  fromObjectId: Number(fromId),
  toObjectTypeId: to.objectTypeId,
  toObjectId: Number(toId),
  labels: labels.map((label) => label.label).filter((label): label is string => label !== null),
});

export const defaultPair = (
  ctx: PortalCtx,
  from: ObjectTypeInfo,
  fromId: string,
  to: ObjectTypeInfo,
  toId: string,
) => {
  const label = defaultLabel(from.name, to.name);
  if (!label) throw validationError(`${from.name} cannot be associated with ${to.name}.`);
  requireExisting(ctx, from, fromId);
  requireExisting(ctx, to, toId);
  associate(ctx.portal, from.name, fromId, to.name, toId, [label]);
  const inverse = labelById(ctx.portal, label.inverseTypeId);
  return [
    { from: { id: fromId }, to: { id: toId }, associationSpec: specJson(label) },
    ...(inverse ? [{ from: { id: toId }, to: { id: fromId }, associationSpec: specJson(inverse) }] : []),
  ];
};

export const inputsOf = (body: unknown): Record<string, unknown>[] => {
  const inputs = asRecord(body).inputs;
  if (!Array.isArray(inputs)) throw validationError('Invalid input JSON: `inputs` must be a list.');
  if (inputs.length > maxBatchInputs) {
    throw validationError(
      `Batch input limit exceeded: got ${inputs.length} inputs, at most ${maxBatchInputs} are allowed.`,
    );
  }
  return inputs.map(asRecord);
};

export type BatchError = {
  status: 'error';
  category: string;
  subCategory?: string;
  message: string;
  context: Record<string, string[]>;
};

export const batchBody = (
  startedAt: string,
  results: unknown[],
  errors: BatchError[],
  okStatus: 200 | 201,
): HsResult => ({
  status: errors.length > 0 ? 207 : okStatus,
  body: {
    status: 'COMPLETE',
    results,
    ...(errors.length > 0 ? { numErrors: errors.length, errors } : {}),
    startedAt,
    completedAt: new Date().toISOString(),
  },
});

export const asBatchError = (error: unknown, ids: string[]): BatchError => {
  if (!(error instanceof HubSpotApiError)) throw error;
  return {
    status: 'error',
    category: error.body.category ?? 'VALIDATION_ERROR',
    ...(typeof error.body.subCategory === 'string' ? { subCategory: error.body.subCategory } : {}),
    message: error.body.message,
    context: { ids },
  };
};

export const associatedJson = (ctx: PortalCtx, typeIds: number[], toId: string) => ({
  toObjectId: Number(toId),
  associationTypes: typeIds.flatMap((typeId) => {
    const label = labelById(ctx.portal, typeId);
    return label ? [typeJson(label)] : [];
  }),
});

export const pageOf = <T>(items: T[], after: unknown, limit: unknown) => {
  const start = after === undefined ? 0 : Number(after) || 0;
  const size = limit === undefined ? 500 : Math.min(500, Math.max(1, Number(limit) || 500));
  return {
    page: items.slice(start, start + size),
    next: start + size < items.length ? String(start + size) : undefined,
  };
};
