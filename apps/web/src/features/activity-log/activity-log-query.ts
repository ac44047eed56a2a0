import { queryOptions } from '@tanstack/react-query';
import type { FunctionInput } from '@billbridge/contract';
import { call } from '../../lib/call.ts';

export type LogQuery = Omit<FunctionInput<'listActivities'>, 'subscriptionId'>;

export const logKey = (subscriptionId: string) => ['activity-log', subscriptionId] as const;

/**
 * One page of the log, for the hook and for fetching the first page ahead (`app/route-data.ts`);
 * apart from the hooks, so the entry that fetches it does not carry them.
 */
export const activityLogQuery = (subscriptionId: string, query: LogQuery) =>
  queryOptions({
    queryKey: [...logKey(subscriptionId), 'list', query],
    queryFn: ({ signal }) => call('listActivities', { subscriptionId, ...query }, { signal }),
  });
