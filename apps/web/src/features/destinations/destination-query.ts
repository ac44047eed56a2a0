import { queryOptions } from '@tanstack/react-query';
import { call } from '../../lib/call.ts';

export const destinationsQueryKey = (subscriptionId: string) => ['destinations', subscriptionId] as const;
export const destinationQueryKey = (subscriptionId: string, destinationId: string) =>
  [...destinationsQueryKey(subscriptionId), destinationId] as const;

/**
 * One destination, for the hook and for fetching it ahead of its page (`app/route-data.ts`);
 * apart from the hooks, so the entry that fetches it does not carry them.
 */
export const destinationQuery = (subscriptionId: string, destinationId: string) =>
  queryOptions({
    queryKey: destinationQueryKey(subscriptionId, destinationId),
    queryFn: ({ signal }) => call('getDestination', { subscriptionId, destinationId }, { signal }),
  });
