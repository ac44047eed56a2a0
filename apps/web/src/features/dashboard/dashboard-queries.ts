import { useEffect, useRef } from 'react';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RecentActivity } from '@billbridge/contract';
import { call } from '../../lib/call.ts';

const dashboardKey = (subscriptionId: string) => ['dashboard', subscriptionId] as const;

/**
 * How often an open dashboard asks for the newest activities. One small indexed query; TanStack
 * Query pauses it while the tab is hidden. Anything new then refreshes the other figures, so an
 * event shows in the list and the chart within two seconds of being synced (decision 023).
 */
export const livePollMs = 1_500;

/** The dashboard's queries, for its hooks and for fetching them ahead of the page (`app/route-data.ts`). */
export const dashboardQueries = (subscriptionId: string) => ({
  counts: queryOptions({
    queryKey: [...dashboardKey(subscriptionId), 'counts'],
    queryFn: ({ signal }) => call('getIntegrationCounts', { subscriptionId }, { signal }),
  }),
  summary: queryOptions({
    queryKey: [...dashboardKey(subscriptionId), 'summary'],
    queryFn: ({ signal }) => call('getAggregatedActivities', { subscriptionId }, { signal }),
  }),
  usage: queryOptions({
    queryKey: [...dashboardKey(subscriptionId), 'usage'],
    queryFn: ({ signal }) => call('getUsage', { subscriptionId }, { signal }),
  }),
  recent: queryOptions({
    queryKey: [...dashboardKey(subscriptionId), 'recent'],
    queryFn: ({ signal }) => call('getRecentActivities', { subscriptionId }, { signal }),
  }),
});

export const useIntegrationCounts = (subscriptionId: string) =>
  useQuery(dashboardQueries(subscriptionId).counts);

export const useActivitySummary = (subscriptionId: string) =>
  useQuery(dashboardQueries(subscriptionId).summary);

export const useUsage = (subscriptionId: string) => useQuery(dashboardQueries(subscriptionId).usage);

/** What changes when an event arrives or settles: each item's id and status. */
const signatureOf = (activities: RecentActivity[]): string =>
  activities.map((item) => `${item.id}:${item.status}`).join(',');

/** The newest activities, polled; a change refreshes the counts, the summary and the usage. */
export const useLiveRecentActivities = (subscriptionId: string) => {
  const client = useQueryClient();
  const query = useQuery({ ...dashboardQueries(subscriptionId).recent, refetchInterval: livePollMs });
  const seen = useRef<string | undefined>(undefined);
  const signature = query.data ? signatureOf(query.data.activities) : undefined;
  useEffect(() => {
    if (signature === undefined) return;
    if (seen.current !== undefined && seen.current !== signature) {
      void client.invalidateQueries({
        queryKey: dashboardKey(subscriptionId),
        predicate: (entry) => entry.queryKey[2] !== 'recent',
      });
    }
    seen.current = signature;
  }, [client, signature, subscriptionId]);
  return query;
};
