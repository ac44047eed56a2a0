import type { FastifyInstance } from 'fastify';
import { HubSpotApiError, validationError } from '../errors.ts';
import { boolParam, noContent, registerRoute, type HsCall, type HsResult } from '../http.ts';
import {
  archiveRecord,
  findByProperty,
  findRecord,
  formatRecord,
  formatWritten,
  insertRecord,
  prepareCreate,
  uniqueProperties,
  updateRecord,
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

const errorOf = (error: unknown, id: string): BatchError => {
  if (error instanceof HubSpotApiError) {
    return {
      status: 'error',
      category: error.body.category ?? 'VALIDATION_ERROR',
      message: error.body.message,
      context: { ids: [id] },
    };
  }
  throw error;
};

const duplicateIds = (ids: string[]): string[] => ids.filter((id, index) => ids.indexOf(id) !== index);

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
  const errors: BatchError[] =
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
  return batchResult(startedAt, results, errors, 200);
};

const batchUpdate = (call: HsCall): HsResult => {
  const startedAt = new Date().toISOString();
  const info = typeParam(call);
  const inputs = inputsOf(call.body);
  const missing: string[] = [];
  const errors: BatchError[] = [];
  const results = inputs.flatMap((input) => {
    const id = String(input.id ?? '');
    const idProperty = typeof input.idProperty === 'string' ? input.idProperty : undefined;
    try {
      const record = findRecord(call, info, id, idProperty);
      if (!record) {
        missing.push(id);
        return [];
      }
      return [formatWritten(info, updateRecord(call, info, record, input.properties ?? {}))];
    } catch (error) {
      errors.push(errorOf(error, id));
      return [];
    }
  });
  if (missing.length > 0) {
    errors.unshift({
      status: 'error',
      category: 'OBJECT_NOT_FOUND',
      message: `Could not get some ${info.upper} objects, they may be deleted or not exist. Check that ids are valid.`,
      context: { ids: missing },
    });
  }
  return batchResult(startedAt, results, errors, 200);
};

/** Upsert by a unique property (`email` for contacts, or any `hasUniqueValue` one); failures are per input. */
const batchUpsert = (call: HsCall): HsResult => {
  const startedAt = new Date().toISOString();
  const info = typeParam(call);
  const inputs = inputsOf(call.body);
  const ids = inputs.map(
    (input) => `${String(input.idProperty ?? '')}:${String(input.id ?? '').toLowerCase()}`,
  );
  const duplicates = duplicateIds(ids);
  if (duplicates.length > 0)
    throw validationError(
      `Duplicate IDs found in batch input: [${duplicates.map((id) => id.split(':')[1]).join(', ')}]. IDs must be unique`,
    );
  const unique = uniqueProperties(call, info);
  const errors: BatchError[] = [];
  const results = inputs.flatMap((input) => {
    const id = String(input.id ?? '');
    const idProperty = typeof input.idProperty === 'string' ? input.idProperty : undefined;
    try {
      if (!idProperty) throw validationError('idProperty is required for upserts.');
      if (!unique.includes(idProperty))
        throw validationError(
          `${idProperty} is not a unique property of ${info.name}; upserts need a property with unique values.`,
        );
      const existing = findByProperty(call, info, idProperty, id);
      if (existing)
        return [
          { ...formatWritten(info, updateRecord(call, info, existing, input.properties ?? {})), new: false },
        ];
      const properties = { ...asRecord(input.properties), [idProperty]: id };
      return [
        {
          ...formatWritten(info, insertRecord(call, info, prepareCreate(call, info, properties))),
          new: true,
        },
      ];
    } catch (error) {
      errors.push(errorOf(error, id));
      return [];
    }
  });
  return batchResult(startedAt, results, errors, 200);
};

const batchArchive = (call: HsCall): HsResult => {
  const info = typeParam(call);
  for (const input of inputsOf(call.body)) {
    const record = findRecord(call, info, String(input.id ?? ''));
    if (record) archiveRecord(call, info, record);
  }
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
