import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/call.ts';
import { mySubscriptionsQueryKey } from '../subscriptions/subscription-query.ts';

export const myInvitesQueryKey = ['invites', 'mine'] as const;

/** Pending invites addressed to the signed-in user's e-mail (spec §4), once it is verified. */
export const useMyInvites = (enabled: boolean) =>
  useQuery({
    queryKey: myInvitesQueryKey,
    queryFn: ({ signal }) => call('listMyInvites', {}, { signal }),
    enabled,
  });

/** Accepting refreshes the invites and the subscription list, which now holds the joined workspace. */
export const useAcceptInvite = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (inviteId: string) => call('acceptInvite', { inviteId }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: myInvitesQueryKey }),
        queryClient.invalidateQueries({ queryKey: mySubscriptionsQueryKey }),
      ]),
  });
};

export const useRejectInvite = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (inviteId: string) => call('rejectInvite', { inviteId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: myInvitesQueryKey }),
  });
};
