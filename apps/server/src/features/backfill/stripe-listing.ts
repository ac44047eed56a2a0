import type Stripe from 'stripe';
import type { BackfillKind } from '@billbridge/contract';

export const pageSize = 100;

/** A listed object; every kind we import has an id. */
export type ListedObject = { id: string } & Record<string, unknown>;
export type ListedPage = { objects: ListedObject[]; hasMore: boolean };

/**
 * The event type a backfilled object is imported as: the prefix of the kind's webhooks, so the
 * sync engine maps it like one, and `.backfilled`, so it is never counted as a sync event.
 */
export const backfilledEventType: Record<BackfillKind, string> = {
  products: 'product.backfilled',
  customers: 'customer.backfilled',
  subscriptions: 'customer.subscription.backfilled',
  invoices: 'invoice.backfilled',
};

/**
 * One page of a connected account's objects, oldest listing order kept by Stripe's cursor
 * (`starting_after`). Billing subscriptions of every status, canceled ones included, so their
 * deals land in the stage the mapping gives them.
 */
export const listStripePage = async (
  stripe: Stripe,
  kind: BackfillKind,
  accountId: string,
  after: string | null,
): Promise<ListedPage> => {
  const params = { limit: pageSize, ...(after ? { starting_after: after } : {}) };
  const options = { stripeAccount: accountId };
  const list = await listers[kind](stripe, params, options);
  return { objects: list.data as unknown as ListedObject[], hasMore: list.has_more };
};

type Params = { limit: number; starting_after?: string };
type Lister = (
  stripe: Stripe,
  params: Params,
  options: Stripe.RequestOptions,
) => Promise<{ data: unknown[]; has_more: boolean }>;

const listers: Record<BackfillKind, Lister> = {
  products: (stripe, params, options) => stripe.products.list(params, options),
  customers: (stripe, params, options) => stripe.customers.list(params, options),
  subscriptions: (stripe, params, options) =>
    stripe.subscriptions.list({ ...params, status: 'all' }, options),
  invoices: (stripe, params, options) => stripe.invoices.list(params, options),
};
