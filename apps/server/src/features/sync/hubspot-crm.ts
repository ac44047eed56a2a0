import { Client } from '@hubspot/api-client';
import type { AppContext } from '../../context.ts';
import { blockHubSpotCalls, takeHubSpotCall } from './hubspot-budget.ts';
import type { CrmObjectType } from './crm-records.ts';

/**
 * The HubSpot calls the writer makes, through the official SDK, each one paid for from the portal's
 * shared budget (hubspot-budget.ts). 429s wait as HubSpot asks; 5xx, network errors and hangs are
 * retried with exponential backoff and jitter, then reported as `TransientCrmError` so the events
 * wait for a later round instead of failing.
 */
export type UpsertInput = { idProperty: string; id: string; properties: Record<string, string> };
export type UpsertResult = {
  results: { id: string; key: string }[];
  errors: { key: string; message: string }[];
};
export type AssociationPair = { from: string; to: string };

export type CrmClient = {
  upsert: (objectType: CrmObjectType, inputs: UpsertInput[]) => Promise<UpsertResult>;
  associate: (
    from: CrmObjectType,
    to: CrmObjectType,
    pairs: AssociationPair[],
  ) => Promise<{ failed: AssociationPair[]; message?: string }>;
};

export class TransientCrmError extends Error {}
/** HubSpot refused the whole request (4xx other than 401/429): something in the inputs is wrong. */
export class RejectedCrmError extends Error {}

export const callTimeoutMs = 15_000;
const quickRetries = 3;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
export const backoffMs = (attempt: number, baseMs = 500, maxMs = 30_000): number =>
  Math.min(maxMs, baseMs * 2 ** attempt) * (0.5 + Math.random() / 2);

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

export type TokenSource = { current: () => Promise<string>; refresh: () => Promise<string> };

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
    await takeHubSpotCall(context.database.db, hubId);
    try {
      return await withTimeout(request(new Client({ accessToken: token, basePath })));
    } catch (error) {
      const status = statusOf(error);
      if (status === 401 && !refreshed) {
        refreshed = true;
        token = await tokens.refresh();
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

type BatchBody = {
  results?: { id: string; properties?: Record<string, string | null> }[];
  errors?: { message: string; context?: Record<string, string[]> }[];
};

export const hubspotCrm = (context: AppContext, hubId: number, tokens: TokenSource): CrmClient => ({
  upsert: async (objectType, inputs) => {
    const body = (await callHubSpot(context, hubId, tokens, (client) =>
      client.crm.objects.batchApi.upsert(objectType, { inputs }),
    )) as unknown as BatchBody;
    const idProperty = inputs[0]?.idProperty ?? '';
    return {
      results: (body.results ?? []).map((result) => ({
        id: result.id,
        key: String(result.properties?.[idProperty] ?? '').toLowerCase(),
      })),
      errors: (body.errors ?? []).flatMap((error) =>
        (error.context?.ids ?? []).map((key) => ({ key: key.toLowerCase(), message: error.message })),
      ),
    };
  },
  associate: async (from, to, pairs) => {
    const body = (await callHubSpot(context, hubId, tokens, (client) =>
      client.crm.associations.v4.batchApi.createDefault(from, to, {
        inputs: pairs.map((pair) => ({ _from: { id: pair.from }, to: { id: pair.to } })),
      }),
    )) as unknown as BatchBody;
    const errors = body.errors ?? [];
    if (errors.length === 0) return { failed: [] };
    const failedIds = new Set(errors.flatMap((error) => Object.values(error.context ?? {}).flat()));
    return {
      failed: pairs.filter((pair) => failedIds.has(pair.from) || failedIds.has(pair.to)),
      message: errors[0]?.message,
    };
  },
});
