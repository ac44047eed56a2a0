import type Stripe from 'stripe';
import type { BackfillKind } from '@billbridge/contract';
import type { SourceRow } from '../../../db/schema.ts';
import type { SourceStripe } from '../../../providers/stripe-client.ts';
import { syntheticEventTypes } from '../../inbox/event-types.ts';
import { storableJson } from '../../inbox/ingest.ts';

export const pageSize = 100;

/** A listed object, as the `stripe` package types it. */
export type ListedObject = Stripe.Product | Stripe.Customer | Stripe.Subscription | Stripe.Invoice;
export type ListedPage = { objects: ListedObject[]; hasMore: boolean };

/**
 * The event type a listed object enters the sync as: one of the sync's own types, mapped like the
 * kind's webhooks and never counted as a sync event.
 */
export const syntheticEventType = (kind: BackfillKind, verb: 'backfilled' | 'reconciled'): string =>
  syntheticEventTypes[kind][verb];

/**
 * Listed objects as inbox rows of synthetic events of `type`, id `<idPrefix>_<object>`: unique per
 * run, so a page stored twice stores nothing new. `created` is the listing time: the state is as of
 * now, so it supersedes webhooks sent before and yields to webhooks sent after.
 */
export const syntheticEventsOf = (
  from: SourceRow,
  type: string,
  idPrefix: string,
  objects: ListedObject[],
) => {
  const created = Math.floor(Date.now() / 1000);
  const account = from.accountId ?? '';
  const livemode = from.livemode ?? false;
  return objects.map((object) => {
    const id = `${idPrefix}_${object.id}`;
    return {
      accountId: account,
      eventId: id,
      type,
      livemode,
      created,
      objectId: object.id,
      payload: {
        id,
        object: 'event' as const,
        type,
        account,
        livemode,
        created,
        api_version: null,
        pending_webhooks: 0,
        request: { id: null, idempotency_key: null },
        // As a webhook's body: jsonb holds no U+0000 nor lone surrogates (see storableJson).
        data: { object: JSON.parse(storableJson(JSON.stringify(object))) as typeof object },
      },
      sourceId: from.id,
      subscriptionId: from.subscriptionId,
      state: 'received',
    };
  });
};

/**
 * One page of a connected account's objects, oldest listing order kept by Stripe's cursor
 * (`starting_after`), those created up to `createdUpTo` (epoch seconds) when given. Billing
 * subscriptions of every status, canceled ones included, so their deals land in the stage the
 * mapping gives them.
 */
export const listStripePage = async (
  { stripe, options }: SourceStripe,
  kind: BackfillKind,
  after: string | null,
  createdUpTo?: number,
): Promise<ListedPage> => {
  const params = {
    limit: pageSize,
    ...(after ? { starting_after: after } : {}),
    ...(createdUpTo === undefined ? {} : { created: { lte: createdUpTo } }),
  };
  const list = await listers[kind](stripe, params, options);
  return { objects: list.data, hasMore: list.has_more };
};

type Params = { limit: number; starting_after?: string; created?: { lte: number } };
type Lister = (
  stripe: Stripe,
  params: Params,
  options: Stripe.RequestOptions,
) => Promise<{ data: ListedObject[]; has_more: boolean }>;

const listers: Record<BackfillKind, Lister> = {
  products: (stripe, params, options) => stripe.products.list(params, options),
  customers: (stripe, params, options) => stripe.customers.list(params, options),
  subscriptions: (stripe, params, options) =>
    stripe.subscriptions.list({ ...params, status: 'all' }, options),
  invoices: (stripe, params, options) => stripe.invoices.list(params, options),
};
