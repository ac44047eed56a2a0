import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ActivityLogItem } from '@billbridge/contract';
import { call } from '../../lib/call.ts';
import { livePollMs } from '../dashboard/dashboard-queries.ts';
import { activityLogQuery, logKey, type LogQuery } from './activity-log-query.ts';

/**
 * The log follows the sync while its tab is visible: quickly while an activity on screen is still
 * running (a retry, say) so its outcome shows when it lands, every 5 s otherwise.
 */
const followInterval = (activities: ActivityLogItem[] | undefined) =>
  activities?.some((item) => item.status === 'pending') ? livePollMs : 5_000;

export const useActivityLog = (subscriptionId: string, query: LogQuery) =>
  useQuery({
    ...activityLogQuery(subscriptionId, query),
    placeholderData: keepPreviousData,
    // A filter chosen again shows what is there now, not what was there when it was last chosen.
    staleTime: 0,
    refetchInterval: (current) => followInterval(current.state.data?.activities),
  });

export const useActivityDetail = (subscriptionId: string, activityId: string | null) =>
  useQuery({
    queryKey: [...logKey(subscriptionId), 'detail', activityId],
    queryFn: ({ signal }) =>
      call('getActivity', { subscriptionId, activityId: Number(activityId) }, { signal }),
    enabled: activityId !== null,
    staleTime: 0,
    refetchInterval: (current) => followInterval(current.state.data && [current.state.data.activity]),
  });

/** A retry changes the log and the dashboard's figures: both are read again. */
const useRetry = <V>(subscriptionId: string, retry: (variables: V) => Promise<{ retried: number }>) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: retry,
    onSettled: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: logKey(subscriptionId) }),
        client.invalidateQueries({ queryKey: ['dashboard', subscriptionId] }),
      ]);
    },
  });
};

export const useRetryActivity = (subscriptionId: string) =>
  useRetry(subscriptionId, (activityId: string) =>
    call('retryActivity', { subscriptionId, activityId: Number(activityId) }),
  );

export const useRetryFailed = (subscriptionId: string) =>
  useRetry(subscriptionId, (range: { from: number; to: number }) =>
    call('retryFailedActivities', { subscriptionId, ...range }),
  );
