import { Client } from '@hubspot/api-client';
import type { CrmObjectType, HubSpotProperty, Pipeline } from '@billbridge/contract';
import type { HubSpotAccess } from './hubspot-access.ts';
import { livePipelines } from './portal-pipelines.ts';
import { propertyOf } from './hubspot-properties.ts';
import {
  blockHubSpotCalls,
  hubspotLimits,
  hubspotSearchLimits,
  takeHubSpotCall,
  type BudgetWindow,
} from './hubspot-budget.ts';
import { enabledCurrencyCodes, portalRatesOf, type PortalRates } from './portal-facts.ts';
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
  associations?: { objectType: CrmClientObjectType; id: string }[];
};
export type UpdateInput = { id: string; properties: Record<string, string> };
/** `key`: the value of the property the caller matches results by (lower-cased). */
export type WriteResult = {
  /** `created`: an upsert made a new record. */
  results: { id: string; key: string; created?: boolean }[];
  errors: { key: string; message: string }[];
};

/** The record types the writer writes, and the companies it associates customers with (decision 067). */
export type CrmClientObjectType = CrmObjectType | 'companies';

export type CrmClient = {
  upsert: (objectType: CrmObjectType, inputs: UpsertInput[]) => Promise<WriteResult>;
  /** All or nothing, as HubSpot's batch create is; results keyed by `keyProperty`. */
  create: (
    objectType: CrmClientObjectType,
    inputs: CreateInput[],
    keyProperty: string,
  ) => Promise<WriteResult>;
  /** Results and errors keyed by HubSpot id. */
  update: (objectType: CrmClientObjectType, inputs: UpdateInput[]) => Promise<WriteResult>;
  /** Default (unlabeled) associations in HubSpot's v4 batch endpoint; notes and tasks too. */
  associate: (
    from: CrmObjectType | EngagementType,
    to: CrmClientObjectType,
    pairs: AssociationPair[],
  ) => Promise<{ failed: AssociationPair[]; message?: string }>;
  /** HubSpot ids of the `to` records associated with each `from` id. */
  associatedIds: (
    from: CrmObjectType,
    to: CrmObjectType,
    fromIds: string[],
  ) => Promise<Map<string, string[]>>;
  /** Records whose `property` equals one of `values` (a search, 5 a second: at most 100 values). */
  findBy: (
    objectType: CrmClientObjectType,
    property: string,
    values: string[],
  ) => Promise<{ id: string; key: string }[]>;
  /**
   * Reads `property` of records by HubSpot id, or by the values of a unique `idProperty`. An id
   * merged away answers with the record the merge made (its own id).
   */
  read: (
    objectType: CrmObjectType,
    ids: string[],
    property: string,
    idProperty?: string,
  ) => Promise<{ id: string; key: string }[]>;
  /**
   * Reads `properties` of records by HubSpot id (HubSpot's batch read: developers.hubspot.com/docs/
   * api-reference/latest/crm/objects/batch/read); an unset property reads as ''. Unknown ids are left out.
   */
  readValues: (
    objectType: CrmObjectType,
    ids: string[],
    properties: string[],
  ) => Promise<Map<string, Record<string, string>>>;
  /** Archives records by HubSpot id (an id already archived or unknown is no error). */
  archive: (objectType: CrmObjectType, ids: string[]) => Promise<void>;
  /** The portal's live deal pipelines and stages, to check the mapping's stages against. */
  dealPipelines: () => Promise<Pipeline[]>;
  /** The currencies the portal has turned on; undefined where it did not grant the scope to read them. */
  enabledCurrencies: () => Promise<Set<string> | undefined>;
  /** The company currency and its exchange rates (decision 073); undefined without the scope to read them. */
  exchangeRates: () => Promise<PortalRates | undefined>;
  /** The object's live (not archived) properties, with their types and options. */
  properties: (objectType: CrmObjectType) => Promise<HubSpotProperty[]>;
  /** Creates a property (its group must exist); HubSpot's refusal is a `RejectedCrmError` with its status. */
  createProperty: (objectType: CrmObjectType, input: NewProperty) => Promise<HubSpotProperty>;
  /**
   * Creates notes or tasks with their contact and deal associations in the create body (HubSpot's
   * batch create: developers.hubspot.com/docs/api-reference/latest/crm/activities/notes/batch/create-notes);
   * all or nothing. Results are keyed by the value of `keyProperty` (HubSpot does not promise input order).
   */
  createEngagements: (
    objectType: EngagementType,
    inputs: EngagementInput[],
    keyProperty: string,
  ) => Promise<Map<string, string>>;
  /** Associates engagements with invoices by HubSpot's default type (no inline type id is published). */
  associateEngagements: (
    objectType: EngagementType,
    to: 'invoices',
    pairs: AssociationPair[],
  ) => Promise<void>;
  /** Creates a property group; one already there is no error. */
  ensurePropertyGroup: (objectType: CrmObjectType, group: { name: string; label: string }) => Promise<void>;
};

/** Notes and tasks: activities HubSpot keeps on the records they are associated with. */
export type EngagementType = 'notes' | 'tasks';
export type EngagementInput = {
  properties: Record<string, string>;
  associations: { objectType: 'contacts' | 'deals'; id: string }[];
};

export type NewProperty = {
  name: string;
  label: string;
  type: string;
  fieldType: string;
  groupName: string;
  options?: { label: string; value: string; displayOrder: number }[];
};

export class TransientCrmError extends TransientError {}
/** HubSpot refused the whole request (4xx other than 401/429): something in the inputs is wrong. */
export class RejectedCrmError extends Error {
  constructor(
    message: string,
    /** HubSpot's HTTP status (403: a scope missing, 409: already there). */
    readonly status?: number,
  ) {
    super(message);
  }
}

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

/**
 * One HubSpot call with the budget, the retries and one token refresh after a 401. A CRM search
 * (`window` 'searches') is paid for from the portal's search window, which HubSpot limits apart.
 */
const callHubSpot = async <T>(
  access: HubSpotAccess,
  hubId: number,
  tokens: TokenSource,
  request: (client: Client) => Promise<T>,
  window: BudgetWindow = 'calls',
): Promise<T> => {
  const basePath = access.settings?.apiUrl;
  const limits = window === 'calls' ? hubspotLimits : hubspotSearchLimits;
  let token = await tokens.current();
  let refreshed = false;
  for (let attempt = 0; ; attempt++) {
    await takeHubSpotCall(access.database, hubId, limits, window);
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
        await blockHubSpotCalls(access.database.db, hubId, retryAfterSeconds(error), limits, window);
        if (attempt < quickRetries * 4) continue;
      }
      if (status !== undefined && status >= 400 && status < 500 && status !== 429) {
        throw new RejectedCrmError(messageOf(error), status);
      }
      if (attempt >= quickRetries) throw new TransientCrmError(`HubSpot is unavailable: ${messageOf(error)}`);
      await sleep(backoffMs(attempt));
    }
  }
};

/**
 * HubSpot-defined association type ids of the associations a record can be created with (batch
 * create's `inputs[].associations[].types[]`), so they cost no call of their own. 3 and 20 are
 * HubSpot's published defaults (deal to contact, line item to deal); the invoice ones and 341 (deal
 * to company, unlabeled) are from HubSpot's association type list
 * (developers.hubspot.com/docs/guides/api/crm/associations/associations-v4, "Deal to object"). A batch HubSpot refuses for one is written again without them
 * (create-linked.ts), so a wrong id costs a call, not a record.
 */
const associationTypeIds: Partial<Record<`${CrmClientObjectType}>${CrmClientObjectType}`, number>> = {
  'deals>contacts': 3,
  'deals>companies': 341,
  'invoices>deals': 175,
  'invoices>contacts': 177,
  'line_items>deals': 20,
  'line_items>invoices': 410,
};

/**
 * HubSpot-defined types from notes and tasks to contacts and deals, from HubSpot's association type
 * list (developers.hubspot.com/docs/guides/api/crm/associations/associations-v4, "Activity to
 * object"): note→contact 202, note→deal 214, task→contact 204, task→deal 216.
 */
const engagementTypeIds: Record<`${EngagementType}>${'contacts' | 'deals'}`, number> = {
  'notes>contacts': 202,
  'notes>deals': 214,
  'tasks>contacts': 204,
  'tasks>deals': 216,
};

export const inlineAssociationTypeId = (
  from: CrmClientObjectType,
  to: CrmClientObjectType,
): number | undefined => associationTypeIds[`${from}>${to}`];

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

/**
 * HubSpot answers a batch with some inputs refused (an id that does not exist) 207 Multi-Status,
 * which the SDK throws: its body still lists what was done and what was not.
 */
const multiStatusBody = (error: unknown): BatchBody => {
  if (statusOf(error) !== 207) throw error;
  const body = (error as ApiError).body;
  return (typeof body === 'string' ? JSON.parse(body) : body) as BatchBody;
};

/** Reads HubSpot settings (GET paths) with `readWith`; undefined where the portal refused the scope. */
const readingSettings = async <T>(
  access: HubSpotAccess,
  hubId: number,
  tokens: TokenSource,
  readWith: (read: <R>(path: string) => Promise<R>) => Promise<T>,
): Promise<T | undefined> => {
  const read = async <R>(path: string): Promise<R> => {
    const response = await callHubSpot(access, hubId, tokens, async (client) => {
      const answer = await client.apiRequest({ method: 'GET', path });
      if (!answer.ok) throw Object.assign(new Error(await answer.text()), { code: answer.status });
      return answer;
    });
    return (await response.json()) as R;
  };
  try {
    return await readWith(read);
  } catch (error) {
    if (error instanceof RejectedCrmError) return undefined;
    throw error;
  }
};

export const hubspotCrm = (access: HubSpotAccess, hubId: number, tokens: TokenSource): CrmClient => {
  const call = <T>(request: (client: Client) => Promise<T>, window?: BudgetWindow) =>
    callHubSpot(access, hubId, tokens, request, window) as Promise<unknown> as Promise<BatchBody>;
  return {
    dealPipelines: async () =>
      livePipelines(
        (
          await callHubSpot(access, hubId, tokens, (client) =>
            client.crm.pipelines.pipelinesApi.getAll('deals'),
          )
        ).results,
      ),
    enabledCurrencies: () => readingSettings(access, hubId, tokens, enabledCurrencyCodes),
    exchangeRates: () => readingSettings(access, hubId, tokens, portalRatesOf),
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
        client.crm.associations.v4.batchApi
          .createDefault(from, to, {
            inputs: pairs.map((pair) => ({ _from: { id: pair.from }, to: { id: pair.to } })),
          })
          .catch(multiStatusBody),
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
      const body = (await call(
        (client) =>
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
            // A page holds at most 200 (search-the-crm, Limitations): room for values two records share.
            limit: 200,
          }),
        'searches',
      )) as unknown as BatchBody;
      return keyed(body, (result) => String(result.properties?.[property] ?? '')).results;
    },
    archive: async (objectType, ids) => {
      await call((client) =>
        client.crm.objects.batchApi.archive(objectType, { inputs: ids.map((id) => ({ id })) }),
      );
    },
    read: async (objectType, ids, property, idProperty) => {
      const body = await call((client) =>
        client.crm.objects.batchApi.read(objectType, {
          inputs: ids.map((id) => ({ id })),
          properties: [property],
          propertiesWithHistory: [],
          ...(idProperty ? { idProperty } : {}),
        }),
      );
      return keyed(body, (result) => String(result.properties?.[property] ?? '')).results;
    },
    readValues: async (objectType, ids, properties) => {
      const body = (await call((client) =>
        client.crm.objects.batchApi.read(objectType, {
          inputs: ids.map((id) => ({ id })),
          properties,
          propertiesWithHistory: [],
        }),
      )) as unknown as BatchBody;
      return new Map(
        (body.results ?? []).map((result) => [
          result.id,
          Object.fromEntries(properties.map((name) => [name, String(result.properties?.[name] ?? '')])),
        ]),
      );
    },
    properties: async (objectType) =>
      (
        await callHubSpot(access, hubId, tokens, (client) => client.crm.properties.coreApi.getAll(objectType))
      ).results.map(propertyOf),
    createProperty: async (objectType, input) =>
      propertyOf(
        await callHubSpot(access, hubId, tokens, (client) =>
          client.crm.properties.coreApi.create(objectType, input as never),
        ),
      ),
    createEngagements: async (objectType, inputs, keyProperty) => {
      const body = await call((client) =>
        client.crm.objects.batchApi.create(objectType, {
          inputs: inputs.map(({ properties, associations }) => ({
            properties,
            associations: associations.map((to) => ({
              to: { id: to.id },
              types: [
                {
                  associationCategory: 'HUBSPOT_DEFINED' as never,
                  associationTypeId: engagementTypeIds[`${objectType}>${to.objectType}`],
                },
              ],
            })),
          })),
        }),
      );
      return new Map(
        (body.results ?? []).map((result) => [String(result.properties?.[keyProperty] ?? ''), result.id]),
      );
    },
    associateEngagements: async (objectType, to, pairs) => {
      await call((client) =>
        client.crm.associations.v4.batchApi.createDefault(objectType, to, {
          inputs: pairs.map((pair) => ({ _from: { id: pair.from }, to: { id: pair.to } })),
        }),
      );
    },
    ensurePropertyGroup: async (objectType, group) => {
      try {
        await callHubSpot(access, hubId, tokens, (client) =>
          client.crm.properties.groupsApi.create(objectType, { ...group, displayOrder: -1 }),
        );
      } catch (error) {
        if (!(error instanceof RejectedCrmError && error.status === 409)) throw error;
      }
    },
  };
};
