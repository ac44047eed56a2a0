import { queryOptions } from '@tanstack/react-query';
import type { PageSize } from '@billbridge/contract';
import { call } from '../../lib/call.ts';

export const invoicesKey = (subscriptionId: string) => ['invoices', subscriptionId] as const;

/**
 * One page of invoices, for the hook and for fetching the first page ahead (`app/route-data.ts`);
 * apart from the hooks, so the entry that fetches it does not carry them.
 */
export const invoicesQuery = (subscriptionId: string, page: number, pageSize: PageSize) =>
  queryOptions({
    queryKey: [...invoicesKey(subscriptionId), page, pageSize],
    queryFn: ({ signal }) => call('listInvoices', { subscriptionId, page, pageSize }, { signal }),
  });
