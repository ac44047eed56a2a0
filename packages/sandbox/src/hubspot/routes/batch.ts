import type { FastifyInstance } from 'fastify';
import { validationError } from '../errors.ts';
import { boolParam, noContent, registerRoute, type HsCall, type HsResult } from '../http.ts';
import {
  applyUpdate,
  archiveRecord,
  checkArchivable,
  findByProperty,
  findRecord,
  formatRecord,
  formatWritten,
  insertRecord,
  prepareCreate,
  prepareUpdate,
  uniqueProperties,
} from '../records.ts';
import type { HubSpotRuntime } from '../runtime.ts';
import { asRecord, readScopes, typeParam, writeScopes } from './common.ts';
import { applyCreateAssociations, parseCreateAssociations } from './objects.ts';

export const maxBatchInputs = 100;

type BatchError = { status: 'error'; category: string; message: string; context: Record<string, string[]> };

const inputsOf = (body: unknown): Record<string, unknown>[] => {
  const inputs = asRecord(body).inputs;
  if (!Array.isArray(inputs)) throw validationError('Invalid input JSON: `inputs` must be a list.');
  if (inputs.length > maxBatchInputs) {
    throw validationError(
      `Batch input limit exceeded: got ${inputs.length} inputs, at most ${maxBatchInputs} are allowed.`,
      {
        context: { inputs: [String(inputs.length)] },
      },
    );
  }
  return inputs.map(asRecord);
};

/** `{ status: 'COMPLETE', results, startedAt, completedAt }`, with `numErrors`/`errors` and 207 when some failed. */
const batchResult = (
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

const duplicateIds = (ids: string[]): string[] => ids.filter((id, index) => ids.indexOf(id) !== index);

/** HubSpot refuses a batch naming one record twice, before writing anything. */
const refuseDuplicates = (
  inputs: Record<string, unknown>[],
  key: (input: Record<string, unknown>) => string,
) => {
  const keys = inputs.map(key);
  const repeated = new Set(duplicateIds(keys));
  const ids = [
    ...new Set(inputs.filter((input) => repeated.has(key(input))).map((input) => String(input.id ?? ''))),
  ];
  if (ids.length > 0)
    throw validationError(`Duplicate IDs found in batch input: [${ids.join(', ')}]. IDs must be unique`, {
      context: { ids },
    });
};

/** HubSpot's 207 entry for ids that match no record (batch read and update alike). */
const notFound = (info: ReturnType<typeof typeParam>, missing: string[]): BatchError[] =>
  missing.length > 0
    ? [
        {
          status: 'error',
          category: 'OBJECT_NOT_FOUND',
          message: `Could not get some ${info.upper} objects, they may be deleted or not exist. Check that ids are valid.`,
          context: { ids: missing },
        },
      ]
    : [];

/** Batch creates are all-or-nothing, as HubSpot's are: one bad input fails the request. */
const batchCreate = (call: HsCall): HsResult => {
  const startedAt = new Date().toISOString();
  const info = typeParam(call);
  const inputs = inputsOf(call.body);
  const prepared = inputs.map((input) => ({
    values: prepareCreate(call, info, input.properties ?? {}),
    associations: parseCreateAssociations(call, info, input.associations),
  }));
  for (const property of uniqueProperties(call, info)) {
    const values = prepared
      .map((entry) => entry.values[property])
      .filter((value): value is string => typeof value === 'string');
    const duplicates = duplicateIds(values);
    if (duplicates.length > 0)
      throw validationError(
        `Duplicate values for unique property ${property} in batch input: ${duplicates.join(', ')}`,
      );
  }
  const records = prepared.map((entry) => {
    const record = insertRecord(call, info, entry.values);
    applyCreateAssociations(call, info, record, entry.associations);
    return record;
  });
  return batchResult(
    startedAt,
    records.map((record) => formatWritten(info, record)),
    [],
    201,
  );
};

const batchRead = (call: HsCall): HsResult => {
  const startedAt = new Date().toISOString();
  const info = typeParam(call);
  const body = asRecord(call.body);
  const inputs = inputsOf(body);
  const idProperty = typeof body.idProperty === 'string' ? body.idProperty : undefined;
  const properties = Array.isArray(body.properties) ? body.properties.map(String) : undefined;
  const archived = boolParam(call.query, 'archived');
  const missing: string[] = [];
  const results = inputs.flatMap((input) => {
    const id = String(input.id ?? '');
    const record = findRecord(call, info, id, idProperty, archived);
    if (!record) {
      missing.push(id);
      return [];
    }
    return [formatRecord(info, record, properties)];
  });
  return batchResult(startedAt, results, notFound(info, missing), 200);
};

/**
 * Batch updates are all-or-nothing as well: every input is checked before any is written, so one bad
 * value refuses the batch (only batch creates with `objectWriteTraceId` answer multi-status).
 * Ids that match no record are reported with 207, as a batch read reports them.
 */
const batchUpdate = (call: HsCall): HsResult => {
  const startedAt = new Date().toISOString();
  const info = typeParam(call);
  const inputs = inputsOf(call.body);
  refuseDuplicates(inputs, (input) => String(input.id ?? ''));
  const missing: string[] = [];
  const prepared = inputs.flatMap((input) => {
    const id = String(input.id ?? '');
    const idProperty = typeof input.idProperty === 'string' ? input.idProperty : undefined;
    const record = findRecord(call, info, id, idProperty);
    if (!record) {
      missing.push(id);
      return [];
    }
    return [{ record, merged: prepareUpdate(call, info, record, input.properties ?? {}) }];
  });
  const results = prepared.map(({ record, merged }) =>
    formatWritten(info, applyUpdate(call, info, record, merged)),
  );
  return batchResult(startedAt, results, notFound(info, missing), 200);
};

/** Upsert by a unique property (`email` for contacts, or any `hasUniqueValue` one), all-or-nothing. */
const batchUpsert = (call: HsCall): HsResult => {
  const startedAt = new Date().toISOString();
  const info = typeParam(call);
  const inputs = inputsOf(call.body);
  refuseDuplicates(
    inputs,
    (input) => `${String(input.idProperty ?? '')}:${String(input.id ?? '').toLowerCase()}`,
  );
  const unique = uniqueProperties(call, info);
  const prepared = inputs.map((input) => {
    const id = String(input.id ?? '');
    const idProperty = typeof input.idProperty === 'string' ? input.idProperty : undefined;
    if (!idProperty) throw validationError('idProperty is required for upserts.');
    if (!unique.includes(idProperty))
      throw validationError(
        `${idProperty} is not a unique property of ${info.name}; upserts need a property with unique values.`,
      );
    const existing = findByProperty(call, info, idProperty, id);
    return existing
      ? { existing, merged: prepareUpdate(call, info, existing, input.properties ?? {}) }
      : { merged: prepareCreate(call, info, { ...asRecord(input.properties), [idProperty]: id }) };
  });
  const results = prepared.map(({ existing, merged }) =>
    existing
      ? { ...formatWritten(info, applyUpdate(call, info, existing, merged)), new: false }
      : { ...formatWritten(info, insertRecord(call, info, merged)), new: true },
  );
  return batchResult(startedAt, results, [], 200);
};

const batchArchive = (call: HsCall): HsResult => {
  const info = typeParam(call);
  const records = inputsOf(call.body).flatMap(
    (input) => findRecord(call, info, String(input.id ?? '')) ?? [],
  );
  for (const record of records) checkArchivable(info, record);
  for (const record of records) archiveRecord(call, info, record);
  return noContent();
};

export const batchRoutes = (app: FastifyInstance, rt: HubSpotRuntime): void => {
  const base = '/crm/v3/objects/:objectType/batch';
  registerRoute(app, rt, {
    method: 'POST',
    url: `${base}/create`,
    scopes: writeScopes(),
    handler: batchCreate,
  });
  registerRoute(app, rt, { method: 'POST', url: `${base}/read`, scopes: readScopes(), handler: batchRead });
  registerRoute(app, rt, {
    method: 'POST',
    url: `${base}/update`,
    scopes: writeScopes(),
    handler: batchUpdate,
  });
  registerRoute(app, rt, {
    method: 'POST',
    url: `${base}/upsert`,
    scopes: writeScopes(),
    handler: batchUpsert,
  });
  registerRoute(app, rt, {
    method: 'POST',
    url: `${base}/archive`,
    scopes: writeScopes(),
    handler: batchArchive,
  });
};
