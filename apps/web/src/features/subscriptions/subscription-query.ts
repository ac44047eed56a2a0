import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../lib/call.ts';

const pendingPaymentPollMs = 2_000;

export const subscriptionQueryKey = (subscriptionId: string) => ['subscription', subscriptionId] as const;

/** The workspace's query, for the hook and for fetching it ahead of the page (`app/route-data.ts`). */
export const subscriptionQuery = (subscriptionId: string) =>
  queryOptions({
    queryKey: subscriptionQueryKey(subscriptionId),
    queryFn: ({ signal }) => call('getSubscription', { subscriptionId }, { signal }),
  });

/** One workspace by id; shared by the subscription layout and the sidebar through the query cache. */
export const useSubscription = (subscriptionId: string | undefined) =>
  useQuery({
    ...subscriptionQuery(subscriptionId ?? ''),
    enabled: Boolean(subscriptionId),
    // A first payment being confirmed settles through Stripe's webhook within seconds: the page
    // follows it instead of showing the plan as pending until a reload.
    refetchInterval: (query) => (query.state.data?.pending_plan_id ? pendingPaymentPollMs : false),
  });

export const mySubscriptionsQueryKey = ['subscriptions', 'mine'] as const;

export const useMySubscriptions = () =>
  useQuery({
    queryKey: mySubscriptionsQueryKey,
    queryFn: ({ signal }) => call('listMySubscriptions', {}, { signal }),
  });
