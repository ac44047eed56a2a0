import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SourceSettings } from '@billbridge/contract';
import { call } from '../../lib/call.ts';

export const sourcesQueryKey = (subscriptionId: string) => ['sources', subscriptionId] as const;
export const sourceQueryKey = (subscriptionId: string, sourceId: string) =>
  [...sourcesQueryKey(subscriptionId), sourceId] as const;

export const useSources = (subscriptionId: string) =>
  useQuery({
    queryKey: sourcesQueryKey(subscriptionId),
    queryFn: ({ signal }) => call('listSources', { subscriptionId }, { signal }),
  });

export const useSource = (subscriptionId: string, sourceId: string) =>
  useQuery({
    queryKey: sourceQueryKey(subscriptionId, sourceId),
    queryFn: ({ signal }) => call('getSource', { subscriptionId, sourceId }, { signal }),
  });

/** Every change re-reads the list and the source from the server (spec §4: the document is re-read). */
const useSourceMutation = <V, R>(subscriptionId: string, mutationFn: (variables: V) => Promise<R>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sourcesQueryKey(subscriptionId) }),
  });
};

export const useCreateSource = (subscriptionId: string) =>
  useSourceMutation(subscriptionId, () => call('createSource', { subscriptionId }));

export type SourceChanges = { name: string; enabled: boolean; settings: SourceSettings };

export const useSaveSource = (subscriptionId: string, sourceId: string) =>
  useSourceMutation(subscriptionId, (changes: SourceChanges) =>
    call('saveSource', { subscriptionId, sourceId, ...changes }),
  );

/**
 * Leaves the page (`onDeleted`) before the lists are re-read: re-reading the deleted source while
 * its page is still shown would swap the page for "not found" and drop a later callback.
 */
export const useDeleteSource = (subscriptionId: string, sourceId: string, onDeleted: () => void) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call('deleteSource', { subscriptionId, sourceId }),
    onSuccess: () => {
      onDeleted();
      return queryClient.invalidateQueries({ queryKey: sourcesQueryKey(subscriptionId) });
    },
  });
};

export const useDisconnectSource = (subscriptionId: string, sourceId: string) =>
  useSourceMutation(subscriptionId, () => call('disconnectSource', { subscriptionId, sourceId }));

/** Connect and reconnect: the server issues the authorize URL with a single-use state; the tab goes there. */
export const useStartSourceConnection = (subscriptionId: string, sourceId: string) =>
  useMutation({
    mutationFn: (reconnect?: boolean) =>
      call('startSourceConnection', { subscriptionId, sourceId, reconnect }),
    onSuccess: ({ url }) => window.location.assign(url),
  });

const backfillQueryKey = (subscriptionId: string, sourceId: string) =>
  [...sourceQueryKey(subscriptionId, sourceId), 'backfill'] as const;

/** How often a running import is re-read: its counts move page by page (100 objects a page). */
export const backfillPollMs = 1000;

/**
 * The source's latest import. Under the source's key, so saving (which may start one) re-reads it;
 * polled while it runs.
 */
export const useBackfillProgress = (subscriptionId: string, sourceId: string) =>
  useQuery({
    queryKey: backfillQueryKey(subscriptionId, sourceId),
    queryFn: ({ signal }) => call('getBackfillProgress', { subscriptionId, sourceId }, { signal }),
    refetchInterval: (query) => (query.state.data?.backfill?.status === 'running' ? backfillPollMs : false),
  });

export const useStartBackfill = (subscriptionId: string, sourceId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call('startBackfill', { subscriptionId, sourceId }),
    onSuccess: (result) => queryClient.setQueryData(backfillQueryKey(subscriptionId, sourceId), result),
  });
};

const reconciliationQueryKey = (subscriptionId: string, sourceId: string) =>
  [...sourceQueryKey(subscriptionId, sourceId), 'reconciliation'] as const;

/** The source's latest reconciliation (decision 032), polled while it runs. */
export const useReconciliation = (subscriptionId: string, sourceId: string) =>
  useQuery({
    queryKey: reconciliationQueryKey(subscriptionId, sourceId),
    queryFn: ({ signal }) => call('getReconciliation', { subscriptionId, sourceId }, { signal }),
    refetchInterval: (query) =>
      query.state.data?.reconciliation?.status === 'running' ? backfillPollMs : false,
  });

export const useReconcileSource = (subscriptionId: string, sourceId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call('reconcileSource', { subscriptionId, sourceId }),
    onSuccess: (result) => queryClient.setQueryData(reconciliationQueryKey(subscriptionId, sourceId), result),
  });
};

/** Connects with a restricted key the user pasted; the server checks every permission first. */
export const useConnectSourceWithKey = (subscriptionId: string, sourceId: string) =>
  useSourceMutation(subscriptionId, (key: string) =>
    call('connectSourceWithKey', { subscriptionId, sourceId, key }),
  );

/**
 * What the first import would do (decision 070): asked only while it is shown, never polled; it
 * lists the whole Stripe account, so it is read once per page visit.
 */
export const useImportPreview = (subscriptionId: string, sourceId: string, enabled: boolean) =>
  useQuery({
    queryKey: [...sourceQueryKey(subscriptionId, sourceId), 'preview'],
    queryFn: ({ signal }) => call('previewImport', { subscriptionId, sourceId }, { signal }),
    enabled,
    staleTime: Infinity,
    retry: false,
  });
