import { stripeId } from './ids.ts';
import type { Ctx, RequestInfo, StripeRuntime } from './runtime.ts';
import type { AccountEntry, StripeEvent } from './types.ts';
import type { WebhookEndpoint } from './webhooks.ts';

const maxEventsPerAccount = 10_000;

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** `data.previous_attributes` as Stripe sends it: only what changed, nested objects diffed key by key. */
export const previousAttributes = (
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): Record<string, unknown> => {
  const previous: Record<string, unknown> = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const old = before[key];
    const next = after[key];
    if (JSON.stringify(old) === JSON.stringify(next)) continue;
    previous[key] =
      isPlainObject(old) && isPlainObject(next) && old.object !== 'list'
        ? previousAttributes(old, next)
        : (old ?? null);
  }
  return previous;
};

/** Queues an event; `data.object` is a snapshot taken now. */
export const emit = (ctx: Ctx, type: string, object: unknown, previous?: Record<string, unknown>): void => {
  ctx.events.push({ type, object: structuredClone(object), ...(previous ? { previous } : {}) });
};

/** Queues an event ahead of the others (`*.created` carrying the object's end-of-operation state). */
export const emitFirst = (ctx: Ctx, type: string, object: unknown): void => {
  ctx.events.unshift({ type, object: structuredClone(object) });
};

/** Emits `<type>` with previous attributes when something changed. */
export const emitUpdate = (
  ctx: Ctx,
  type: string,
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): void => {
  const previous = previousAttributes(before, after);
  if (Object.keys(previous).length > 0) emit(ctx, type, after, previous);
};

/** Turns the operation's queued events into Stripe events: stored on the account and sent to webhooks. */
export const publish = (ctx: Ctx): StripeEvent[] => {
  const published = ctx.events
    .splice(0)
    .map((pending) => publishOne(ctx.rt, ctx.accountId, pending, ctx.request));
  return published;
};

/** The account's own enabled endpoints that listen for `type` (`*` listens for all). */
const ownEndpoints = (entry: AccountEntry, type: string): WebhookEndpoint[] =>
  (entry.webhookEndpoints ?? [])
    .filter(
      (endpoint) =>
        endpoint.status === 'enabled' &&
        (endpoint.enabled_events.includes('*') || endpoint.enabled_events.includes(type)),
    )
    .map(({ url, secret }) => ({ url, secret, connect: false }));

export const publishOne = (
  rt: StripeRuntime,
  accountId: string,
  pending: { type: string; object: unknown; previous?: Record<string, unknown> },
  request: RequestInfo,
): StripeEvent => {
  const entry = rt.store.requireEntry(accountId);
  const connected = entry.connectedTo !== null;
  const own = ownEndpoints(entry, pending.type);
  // The configured endpoints: Connect ones hear connected accounts, the others the platform only.
  const targets = [...(connected || entry.role === 'platform' ? rt.webhooks.targets(connected) : []), ...own];
  const event: StripeEvent = {
    id: stripeId('evt'),
    object: 'event',
    ...(connected ? { account: accountId } : {}),
    api_version: rt.apiVersion,
    created: rt.clock.now(),
    data: { object: pending.object, ...(pending.previous ? { previous_attributes: pending.previous } : {}) },
    livemode: false,
    pending_webhooks: targets.length,
    request,
    type: pending.type,
  };
  entry.events.push(event);
  if (entry.events.length > maxEventsPerAccount)
    entry.events.splice(0, entry.events.length - maxEventsPerAccount);
  rt.store.touch();
  rt.webhooks.dispatch(event, accountId, targets);
  return event;
};

/**
 * Runs `operation` against one account and publishes what it emitted, also when it ends in an error
 * after changing state (a declined card still leaves `invoice.payment_failed` behind). Operations
 * validate before they mutate, so an early error emits nothing.
 */
export const runOperation = <T>(
  rt: StripeRuntime,
  accountId: string,
  request: RequestInfo,
  operation: (ctx: Ctx) => T,
): T => {
  const ctx: Ctx = { rt, accountId, entry: rt.store.requireEntry(accountId), request, events: [] };
  try {
    return operation(ctx);
  } finally {
    rt.store.touch();
    publish(ctx);
  }
};

export const systemRequest: RequestInfo = { id: null, idempotency_key: null };
