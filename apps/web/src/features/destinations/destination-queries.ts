import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  DestinationSettings,
  FieldMapping,
  FieldMappingObject,
  NewPropertyType,
  PipelineMappingRule,
} from '@billbridge/contract';
import { call } from '../../lib/call.ts';
import { destinationQuery, destinationQueryKey, destinationsQueryKey } from './destination-query.ts';

export const useDestinations = (subscriptionId: string) =>
  useQuery({
    queryKey: destinationsQueryKey(subscriptionId),
    queryFn: ({ signal }) => call('listDestinations', { subscriptionId }, { signal }),
  });

export const useDestination = (subscriptionId: string, destinationId: string) =>
  useQuery({
    ...destinationQuery(subscriptionId, destinationId),
    // A connected portal's page follows the sync: events held for a currency (or cleared) and a lost
    // connection show up without a reload. Paused while the tab is hidden.
    refetchInterval: (query) => (query.state.data?.connected ? 5000 : false),
  });

/** The portal's deal pipelines with their stages, read live while the destination is connected. */
export const useDestinationPipelines = (subscriptionId: string, destinationId: string, connected: boolean) =>
  useQuery({
    queryKey: [...destinationQueryKey(subscriptionId, destinationId), 'pipelines'],
    queryFn: ({ signal }) => call('getDestinationPipelines', { subscriptionId, destinationId }, { signal }),
    enabled: connected,
  });

/** The portal's properties of each object field mappings reach, read live while connected. */
export const destinationPropertiesKey = (subscriptionId: string, destinationId: string) =>
  [...destinationQueryKey(subscriptionId, destinationId), 'properties'] as const;

export const useDestinationProperties = (subscriptionId: string, destinationId: string, connected: boolean) =>
  useQuery({
    queryKey: destinationPropertiesKey(subscriptionId, destinationId),
    queryFn: ({ signal }) => call('getDestinationProperties', { subscriptionId, destinationId }, { signal }),
    enabled: connected,
  });

/** A new HubSpot property in Billbridge's group; the property list is read again once it exists. */
export const useCreateDestinationProperty = (subscriptionId: string, destinationId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { object: FieldMappingObject; label: string; type: NewPropertyType }) =>
      call('createDestinationProperty', { subscriptionId, destinationId, ...input }),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: destinationPropertiesKey(subscriptionId, destinationId) }),
  });
};

const useDestinationMutation = <V, R>(subscriptionId: string, mutationFn: (variables: V) => Promise<R>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: destinationsQueryKey(subscriptionId) }),
  });
};

export const useCreateDestination = (subscriptionId: string) =>
  useDestinationMutation(subscriptionId, () => call('createDestination', { subscriptionId }));

/** Held events go through the sync again (after a currency was turned on in HubSpot, say). */
export const useRetryHeldActivities = (subscriptionId: string) =>
  useDestinationMutation(subscriptionId, () => call('retryHeldActivities', { subscriptionId }));

/** What unsaved rules would do to the deals already synced (no HubSpot call). */
export const useDryRunMappingRules = (subscriptionId: string, destinationId: string) =>
  useMutation({
    mutationFn: (rules: PipelineMappingRule[]) =>
      call('dryRunMappingRules', { subscriptionId, destinationId, rules }),
  });

/** Deals of billing subscriptions already synced follow the saved rules. */
export const useReevaluateDeals = (subscriptionId: string, destinationId: string) =>
  useMutation({ mutationFn: () => call('reevaluateDeals', { subscriptionId, destinationId }) });

/** What unsaved field mappings would change on the records already synced (nothing written). */
export const useDryRunFieldMappings = (subscriptionId: string, destinationId: string) =>
  useMutation({
    mutationFn: (mappings: FieldMapping[]) =>
      call('dryRunFieldMappings', { subscriptionId, destinationId, field_mappings: mappings }),
  });

/** The saved field mappings written to the records already synced whose values differ. */
export const useReapplyFieldMappings = (subscriptionId: string, destinationId: string) =>
  useMutation({ mutationFn: () => call('reapplyFieldMappings', { subscriptionId, destinationId }) });

export type DestinationChanges = { name: string; enabled: boolean; settings: DestinationSettings };

export const useSaveDestination = (subscriptionId: string, destinationId: string) =>
  useDestinationMutation(subscriptionId, (changes: DestinationChanges) =>
    call('saveDestination', { subscriptionId, destinationId, ...changes }),
  );

/** Leaves the page before the lists are re-read, as `useDeleteSource` does. */
export const useDeleteDestination = (
  subscriptionId: string,
  destinationId: string,
  onDeleted: () => void,
) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call('deleteDestination', { subscriptionId, destinationId }),
    onSuccess: () => {
      onDeleted();
      return queryClient.invalidateQueries({ queryKey: destinationsQueryKey(subscriptionId) });
    },
  });
};

export const useDisconnectDestination = (subscriptionId: string, destinationId: string) =>
  useDestinationMutation(subscriptionId, () =>
    call('disconnectDestination', { subscriptionId, destinationId }),
  );

export const useStartDestinationConnection = (subscriptionId: string, destinationId: string) =>
  useMutation({
    mutationFn: (reconnect?: boolean) =>
      call('startDestinationConnection', { subscriptionId, destinationId, reconnect }),
    onSuccess: ({ url }) => window.location.assign(url),
  });
