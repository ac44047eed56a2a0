import type { FastifyInstance } from 'fastify';
import { labelById } from '../association-types.ts';
import { associate, associationsOf, labelFor } from '../associations.ts';
import { notFound, validationError } from '../errors.ts';
import { boolParam, created, listParam, noContent, ok, registerRoute, type HsCall } from '../http.ts';
import { resolveObjectType, type ObjectTypeInfo } from '../object-types.ts';
import {
  archiveRecord,
  findRecord,
  formatRecord,
  formatWritten,
  insertRecord,
  prepareCreate,
  refreshAmounts,
  scheduleIndex,
  requireRecord,
  updateRecord,
  type RecordJson,
} from '../records.ts';
import type { HubSpotRuntime, PortalCtx } from '../runtime.ts';
import type { CrmRecord } from '../types.ts';
import { asRecord, readScopes, typeParam, writeScopes } from './common.ts';
import { mergeRecords } from '../merge.ts';

type AssociationInput = { toId: string; toType: ObjectTypeInfo; labels: ReturnType<typeof labelFor>[] };

/** `associations` of a create input, checked before anything is written. */
/** Activities (rule `activity-needs-association`): a note or task is created on a record, never alone. */
const activityTypes = new Set(['notes', 'tasks']);

export const parseCreateAssociations = (
  ctx: PortalCtx,
  info: ObjectTypeInfo,
  raw: unknown,
): AssociationInput[] => {
  const inputs = parseAssociationList(ctx, info, raw);
  if (activityTypes.has(info.name) && inputs.length === 0)
    throw validationError(`A ${info.singular} must be associated with at least one record.`);
  return inputs;
};

const parseAssociationList = (ctx: PortalCtx, info: ObjectTypeInfo, raw: unknown): AssociationInput[] => {
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw)) throw validationError('associations must be a list.');
  return raw.map((entry) => {
    const association = asRecord(entry);
    const toId = String(asRecord(association.to).id ?? '');
    const types = Array.isArray(association.types) ? association.types.map(asRecord) : [];
    if (types.length === 0) throw validationError('Each association needs at least one type.');
    const first = labelById(ctx.portal, Number(types[0]?.associationTypeId));
    const toType = first ? resolveObjectType(first.toType) : undefined;
    if (!first || first.fromType !== info.name || !toType) {
      throw validationError(
        `${String(types[0]?.associationTypeId)} is not a valid association type id from ${info.name}.`,
      );
    }
    const labels = types.map((spec) => labelFor(ctx.portal, info.name, toType.name, spec));
    const target = ctx.portal.objects[toType.name][toId];
    if (!target || target.archived)
      throw validationError(
        `One or more associations are invalid: ${toType.singular} ${toId} does not exist.`,
      );
    return { toId, toType, labels };
  });
};

export const applyCreateAssociations = (
  ctx: PortalCtx,
  info: ObjectTypeInfo,
  record: CrmRecord,
  inputs: AssociationInput[],
): void => {
  for (const input of inputs)
    associate(ctx.portal, info.name, record.id, input.toType.name, input.toId, input.labels);
  // The response shows an invoice created with its line items with their amounts already. Only this
  // record is refreshed here: every write request refreshes all invoices once it is done (http.ts),
  // and refreshing them all per created record made a batch of 100 cost 100 passes over the portal.
  if (inputs.length > 0 && refreshAmounts(ctx, info, record)) scheduleIndex(ctx, record);
};

/** `?associations=deals,line_items` on reads: `{ deals: { results: [{ id, type }] } }`. */
export const withAssociations = (
  ctx: PortalCtx,
  info: ObjectTypeInfo,
  json: RecordJson,
  wanted: string[] | undefined,
) => {
  if (!wanted || wanted.length === 0) return json;
  const associations: Record<string, { results: { id: string; type: string }[] }> = {};
  for (const raw of wanted) {
    const toType = resolveObjectType(raw);
    if (!toType) continue;
    const results = associationsOf(ctx.portal, info.name, json.id, toType.name).flatMap(({ toId, typeIds }) =>
      typeIds.map((typeId) => ({ id: toId, type: labelById(ctx.portal, typeId)?.name ?? String(typeId) })),
    );
    if (results.length > 0) associations[toType.name] = { results };
  }
  return Object.keys(associations).length > 0 ? { ...json, associations } : json;
};

const getOne = (call: HsCall) => {
  const info = typeParam(call);
  const idProperty = typeof call.query.idProperty === 'string' ? call.query.idProperty : undefined;
  const record = findRecord(
    call,
    info,
    call.params.objectId ?? '',
    idProperty,
    boolParam(call.query, 'archived'),
  );
  if (!record) throw notFound();
  return ok(
    withAssociations(
      call,
      info,
      formatRecord(info, record, listParam(call.query, 'properties')),
      listParam(call.query, 'associations'),
    ),
  );
};

const list = (call: HsCall) => {
  const info = typeParam(call);
  const limit = Number(call.query.limit ?? 10);
  if (!Number.isInteger(limit) || limit < 1 || limit > 100)
    throw validationError('limit must be between 1 and 100.');
  const archived = boolParam(call.query, 'archived');
  const after = call.query.after === undefined ? 0 : Number(call.query.after);
  const records = Object.values(call.portal.objects[info.name])
    .filter((record) => record.archived === archived && Number(record.id) > after)
    .sort((a, b) => Number(a.id) - Number(b.id));
  const page = records.slice(0, limit);
  const last = page.at(-1);
  const properties = listParam(call.query, 'properties');
  const associations = listParam(call.query, 'associations');
  return ok({
    results: page.map((record) =>
      withAssociations(call, info, formatRecord(info, record, properties), associations),
    ),
    ...(records.length > limit && last
      ? {
          paging: {
            next: { after: last.id, link: `${call.rt.baseUrl}/crm/v3/objects/${info.name}?after=${last.id}` },
          },
        }
      : {}),
  });
};

const create = (call: HsCall) => {
  const info = typeParam(call);
  const input = asRecord(call.body);
  const values = prepareCreate(call, info, input.properties ?? {});
  const associations = parseCreateAssociations(call, info, input.associations);
  const record = insertRecord(call, info, values);
  applyCreateAssociations(call, info, record, associations);
  return created(formatWritten(info, record));
};

const update = (call: HsCall) => {
  const info = typeParam(call);
  const idProperty = typeof call.query.idProperty === 'string' ? call.query.idProperty : undefined;
  const record = requireRecord(call, info, call.params.objectId ?? '', idProperty);
  updateRecord(call, info, record, asRecord(call.body).properties);
  return ok(formatWritten(info, record));
};

const merge = (call: HsCall) => {
  const info = typeParam(call);
  const input = asRecord(call.body);
  const survivor = mergeRecords(
    call,
    info,
    String(input.primaryObjectId ?? ''),
    String(input.objectIdToMerge ?? ''),
  );
  return ok(formatWritten(info, survivor));
};

const archive = (call: HsCall) => {
  const info = typeParam(call);
  const record = findRecord(call, info, call.params.objectId ?? '');
  if (record) archiveRecord(call, info, record);
  return noContent();
};

/** Basic CRUD of `/crm/v3/objects/{objectType}` for contacts, companies, deals, line items, invoices, products. */
export const objectRoutes = (app: FastifyInstance, rt: HubSpotRuntime): void => {
  registerRoute(app, rt, {
    method: 'GET',
    url: '/crm/v3/objects/:objectType',
    scopes: readScopes(),
    handler: list,
  });
  registerRoute(app, rt, {
    method: 'POST',
    url: '/crm/v3/objects/:objectType',
    scopes: writeScopes(),
    handler: create,
  });
  registerRoute(app, rt, {
    method: 'POST',
    url: '/crm/v3/objects/:objectType/merge',
    scopes: writeScopes(),
    handler: merge,
  });
  registerRoute(app, rt, {
    method: 'GET',
    url: '/crm/v3/objects/:objectType/:objectId',
    scopes: readScopes(),
    handler: getOne,
  });
  registerRoute(app, rt, {
    method: 'PATCH',
    url: '/crm/v3/objects/:objectType/:objectId',
    scopes: writeScopes(),
    handler: update,
  });
  registerRoute(app, rt, {
    method: 'DELETE',
    url: '/crm/v3/objects/:objectType/:objectId',
    scopes: writeScopes(),
    handler: archive,
  });
};
