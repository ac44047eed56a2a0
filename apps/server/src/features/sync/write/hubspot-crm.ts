import { Client } from '@hubspot/api-client';
import type { Pipeline } from '@billbridge/contract';
import type { AppContext } from '../../../context.ts';
import { livePipelines } from '../../destinations/portal-pipelines.ts';
import { blockHubSpotCalls, takeHubSpotCall } from './hubspot-budget.ts';
import { enabledCurrencyCodes } from './portal-facts.ts';
import type { CrmObjectType } from '../mapping/crm-records.ts';
import { backoffMs, TransientError } from '../retry.ts';

/**
 * The HubSpot calls the writer makes, through the official SDK, each one paid for from the portal's
 * shared budget (hubspot-budget.ts). 429s wait as HubSpot asks; 5xx, network errors and hangs are
 * retried with exponential backoff and jitter, then reported as `TransientCrmError` so the events
 * wait for a later round instead of failing.
 */
export type UpsertInput = { idProperty: string; id: string; properties: Record<string, string> };
export type AssociationPair = { from: string; to: string };
export type CreateInput = {
  properties: Record<string, string>;
  /** Records it is created associated with, each of a type `inlineAssociationTypeId` knows. */
  associations?: { objectType: CrmObjectType; id: string }[];
};
export type UpdateInput = { id: string; properties: Record<string, string> };
/** `key`: the value of the property the caller matches results by (lower-cased). */
export type WriteResult = {
  /** `created`: an upsert made a new record. */
  results: { id: string; key: string; created?: boolean }[];
  errors: { key: string; message: string }[];
};

export type CrmClient = {
  upsert: (objectType: CrmObjectType, inputs: UpsertInput[]) => Promise<WriteResult>;
  /** All or nothing, as HubSpot's batch create is; results keyed by `keyProperty`. */
  create: (objectType: CrmObjectType, inputs: CreateInput[], keyProperty: string) => Promise<WriteResult>;
  /** Results and errors keyed by HubSpot id. */
  update: (objectType: CrmObjectType, inputs: UpdateInput[]) => Promise<WriteResult>;
  associate: (
    from: CrmObjectType,
    to: CrmObjectType,
    pairs: AssociationPair[],
  ) => Promise<{ failed: AssociationPair[]; message?: string }>;
  /** HubSpot ids of the `to` records associated with each `from` id. */
  associatedIds: (
    from: CrmObjectType,
    to: CrmObjectType,
    fromIds: string[],
  ) => Promise<Map<string, string[]>>;
  /** Records whose `property` equals one of `values` (search: at most 100 values). */
  findBy: (
    objectType: CrmObjectType,
    property: string,
    values: string[],
  ) => Promise<{ id: string; key: string }[]>;
  /** Reads `property` of records by HubSpot id. */
  read: (
    objectType: CrmObjectType,
    ids: string[],
    property: string,
  ) => Promise<{ id: string; key: string }[]>;
  /** Archives records by HubSpot id (an id already archived or unknown is no error). */
  archive: (objectType: CrmObjectType, ids: string[]) => Promise<void>;
  /** The portal's live deal pipelines and stages, to check the mapping's stages against. */
  dealPipelines: () => Promise<Pipeline[]>;
  /** The currencies the portal has turned on; undefined where it did not grant the scope to read them. */
  enabledCurrencies: () => Promise<Set<string> | undefined>;
};

export class TransientCrmError extends TransientError {}
/** HubSpot refused the whole request (4xx other than 401/429): something in the inputs is wrong. */
export class RejectedCrmError extends Error {}

export const callTimeoutMs = 15_000;
const quickRetries = 3;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

type ApiError = { code?: number; body?: unknown; headers?: Record<string, string> };

const statusOf = (error: unknown): number | undefined => {
  const code = (error as ApiError | undefined)?.code;
  return typeof code === 'number' ? code : undefined;
};

const messageOf = (error: unknown): string => {
  const body = (error as ApiError | undefined)?.body;
  if (body && typeof body === 'object' && 'message' in body)
    return String((body as { message: unknown }).message);
  if (typeof body === 'string') {
    try {
      return String((JSON.parse(body) as { message?: unknown }).message ?? body);
    } catch {
      return body;
    }
  }
  return error instanceof Error ? error.message : String(error);
};

const retryAfterSeconds = (error: unknown): number => {
  const headers = (error as ApiError | undefined)?.headers ?? {};
  const value = Number(headers['retry-after'] ?? headers['Retry-After']);
  return Number.isFinite(value) && value > 0 ? value : 1;
};

const withTimeout = <T>(promise: Promise<T>): Promise<T> =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new TransientCrmError('HubSpot did not answer in time')),
      callTimeoutMs,
    );
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });

export type TokenSource = {
  current: () => Promise<string>;
  /** A fresh token in place of `rejected`, which HubSpot answered 401 for. */
  refresh: (rejected: string) => Promise<string>;
};

/** One HubSpot call with the budget, the retries and one token refresh after a 401. */
const callHubSpot = async <T>(
  context: AppContext,
  hubId: number,
  tokens: TokenSource,
  request: (client: Client) => Promise<T>,
): Promise<T> => {
  const basePath = context.providers.hubspot?.apiUrl;
  let token = await tokens.current();
  let refreshed = false;
  for (let attempt = 0; ; attempt++) {
    await takeHubSpotCall(context.database, hubId);
    try {
      return await withTimeout(request(new Client({ accessToken: token, basePath })));
    } catch (error) {
      // A call that hung for the whole timeout is not retried at once: the round ends, its events
      // wait with backoff, and the drain does not sit on the workspace for minutes.
      if (error instanceof TransientCrmError) throw error;
      const status = statusOf(error);
      if (status === 401 && !refreshed) {
        refreshed = true;
        token = await tokens.refresh(token);
        continue;
      }
      if (status === 429) {
        await blockHubSpotCalls(context.database.db, hubId, retryAfterSeconds(error));
        if (attempt < quickRetries * 4) continue;
      }
      if (status !== undefined && status >= 400 && status < 500 && status !== 429) {
        throw new RejectedCrmError(messageOf(error));
      }
      if (attempt >= quickRetries) throw new TransientCrmError(`HubSpot is unavailable: ${messageOf(error)}`);
      await sleep(backoffMs(attempt));
    }
  }
};

/**
 * HubSpot-defined association type ids of the associations a record can be created with (batch
 * create's `inputs[].associations[].types[]`), so they cost no call of their own. 3 and 20 are
 * HubSpot's published defaults (deal to contact, line item to deal); the invoice ones are from
 * HubSpot's association type list. A batch HubSpot refuses for one is written again without them
 * (create-linked.ts), so a wrong id costs a call, not a record.
 */
const associationTypeIds: Partial<Record<`${CrmObjectType}>${CrmObjectType}`, number>> = {
  'deals>contacts': 3,
  'invoices>deals': 175,
  'invoices>contacts': 177,
  'line_items>deals': 20,
  'line_items>invoices': 410,
};

export const inlineAssociationTypeId = (from: CrmObjectType, to: CrmObjectType): number | undefined =>
  associationTypeIds[`${from}>${to}`];

type BatchBody = {
  results?: { id: string; properties?: Record<string, string | null>; _new?: boolean }[];
  errors?: { message: string; context?: Record<string, string[]> }[];
};

const keyed = (
  body: BatchBody,
  keyOf: (result: { id: string; properties?: Record<string, string | null> }) => string,
): WriteResult => ({
  results: (body.results ?? []).map((result) => ({
    id: result.id,
    key: keyOf(result).toLowerCase(),
    ...(result._new ? { created: true } : {}),
  })),
  errors: (body.errors ?? []).flatMap((error) =>
    (error.context?.ids ?? []).map((key) => ({ key: key.toLowerCase(), message: error.message })),
  ),
});

export const hubspotCrm = (context: AppContext, hubId: number, tokens: TokenSource): CrmClient => {
  const call = <T>(request: (client: Client) => Promise<T>) =>
    callHubSpot(context, hubId, tokens, request) as Promise<unknown> as Promise<BatchBody>;
  return {
    dealPipelines: async () =>
      livePipelines(
        (
          await callHubSpot(context, hubId, tokens, (client) =>
            client.crm.pipelines.pipelinesApi.getAll('deals'),
          )
        ).results,
      ),
    enabledCurrencies: async () => {
      const read = async <T>(path: string): Promise<T> => {
        const response = await callHubSpot(context, hubId, tokens, async (client) => {
          const answer = await client.apiRequest({ method: 'GET', path });
          if (!answer.ok) throw Object.assign(new Error(await answer.text()), { code: answer.status });
          return answer;
        });
        return (await response.json()) as T;
      };
      try {
        return await enabledCurrencyCodes(read);
      } catch (error) {
        if (error instanceof RejectedCrmError) return undefined;
        throw error;
      }
    },
    upsert: async (objectType, inputs) => {
      const idProperty = inputs[0]?.idProperty ?? '';
      const body = await call((client) => client.crm.objects.batchApi.upsert(objectType, { inputs }));
      return keyed(body, (result) => String(result.properties?.[idProperty] ?? ''));
    },
    create: async (objectType, inputs, keyProperty) => {
      const body = await call((client) =>
        client.crm.objects.batchApi.create(objectType, {
          inputs: inputs.map(({ properties, associations = [] }) => ({
            properties,
            associations: associations.map((to) => ({
              to: { id: to.id },
              types: [
                {
                  associationCategory: 'HUBSPOT_DEFINED' as never,
                  associationTypeId: inlineAssociationTypeId(objectType, to.objectType) ?? 0,
                },
              ],
            })),
          })),
        }),
      );
      const written = keyed(body, (result) => String(result.properties?.[keyProperty] ?? ''));
      return { ...written, results: written.results.map((result) => ({ ...result, created: true })) };
    },
    update: async (objectType, inputs) => {
      const body = await call((client) => client.crm.objects.batchApi.update(objectType, { inputs }));
      return keyed(body, (result) => result.id);
    },
    associate: async (from, to, pairs) => {
      const body = await call((client) =>
        client.crm.associations.v4.batchApi.createDefault(from, to, {
          inputs: pairs.map((pair) => ({ _from: { id: pair.from }, to: { id: pair.to } })),
        }),
      );
      const errors = body.errors ?? [];
      if (errors.length === 0) return { failed: [] };
      const failedIds = new Set(errors.flatMap((error) => Object.values(error.context ?? {}).flat()));
      return {
        failed: pairs.filter((pair) => failedIds.has(pair.from) || failedIds.has(pair.to)),
        message: errors[0]?.message,
      };
    },
    associatedIds: async (from, to, fromIds) => {
      const body = (await call((client) =>
        client.crm.associations.v4.batchApi.getPage(from, to, { inputs: fromIds.map((id) => ({ id })) }),
      )) as unknown as { results?: { _from: { id: string }; to: { toObjectId: string | number }[] }[] };
      return new Map(
        (body.results ?? []).map((result) => [
          result._from.id,
          result.to.map((item) => String(item.toObjectId)),
        ]),
      );
    },
    findBy: async (objectType, property, values) => {
      const body = (await call((client) =>
        client.crm.objects.searchApi.doSearch(objectType, {
          // HubSpot's search takes IN values on string properties in lower case only (and matches
          // them case-insensitively); Stripe ids are mixed case.
          filterGroups: [
            {
              filters: [
                {
                  propertyName: property,
                  operator: 'IN' as never,
                  values: values.map((value) => value.toLowerCase()),
                },
              ],
            },
          ],
          properties: [property],
          limit: 100,
        }),
      )) as unknown as BatchBody;
      return keyed(body, (result) => String(result.properties?.[property] ?? '')).results;
    },
    archive: async (objectType, ids) => {
      await call((client) =>
        client.crm.objects.batchApi.archive(objectType, { inputs: ids.map((id) => ({ id })) }),
      );
    },
    read: async (objectType, ids, property) => {
      const body = await call((client) =>
        client.crm.objects.batchApi.read(objectType, {
          inputs: ids.map((id) => ({ id })),
          properties: [property],
          propertiesWithHistory: [],
        }),
      );
      return keyed(body, (result) => String(result.properties?.[property] ?? '')).results;
    },
  };
};
