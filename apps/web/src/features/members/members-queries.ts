import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PageSize, PermissionKey, SubscriptionUser } from '@billbridge/contract';
import { call } from '../../lib/call.ts';
import { subscriptionQueryKey } from '../subscriptions/subscription-query.ts';

/** Every page of one workspace's users list shares this prefix, so one invalidation refreshes them. */
export const subscriptionUsersQueryKey = (subscriptionId: string) =>
  ['subscriptionUsers', subscriptionId] as const;

/**
 * One page of the users list; the previous page stays on screen while the next one loads. The
 * answer carries the page it is, so the summary and the controls describe the rows on screen —
 * not the page being fetched (a row clicked meanwhile is a row of the page shown).
 */
export const useSubscriptionUsers = (subscriptionId: string, page: number, pageSize: PageSize) =>
  useQuery({
    queryKey: [...subscriptionUsersQueryKey(subscriptionId), page, pageSize],
    queryFn: async ({ signal }) => ({
      ...(await call('getSubscriptionUsers', { subscriptionId, page, pageSize }, { signal })),
      page,
      pageSize,
    }),
    placeholderData: keepPreviousData,
  });

const largestPageSize: PageSize = 100;

/** Every user of the workspace, page after page (transfer ownership picks among all of them). */
export const useAllSubscriptionUsers = (subscriptionId: string) =>
  useQuery({
    queryKey: [...subscriptionUsersQueryKey(subscriptionId), 'all'],
    queryFn: async ({ signal }) => {
      const users: SubscriptionUser[] = [];
      for (let page = 1; ; page += 1) {
        const answer = await call(
          'getSubscriptionUsers',
          { subscriptionId, page, pageSize: largestPageSize },
          { signal },
        );
        users.push(...answer.users);
        if (answer.users.length === 0 || users.length >= answer.total) return users;
      }
    },
  });

/** A change to members refreshes the list and the workspace (its permissions map and owner). */
const useMembersMutation = <V>(subscriptionId: string, mutationFn: (variables: V) => Promise<unknown>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: subscriptionUsersQueryKey(subscriptionId) }),
        queryClient.invalidateQueries({ queryKey: subscriptionQueryKey(subscriptionId) }),
      ]),
  });
};

export const useUpdatePermissions = (subscriptionId: string) =>
  useMembersMutation(
    subscriptionId,
    ({ userId, permissions }: { userId: string; permissions: PermissionKey[] }) =>
      call('updateUserPermissions', { subscriptionId, userId, permissions }),
  );

export const useRemoveUser = (subscriptionId: string) =>
  useMembersMutation(subscriptionId, (userId: string) => call('removeUser', { subscriptionId, userId }));

export const useRevokeInvite = (subscriptionId: string) =>
  useMembersMutation(subscriptionId, (inviteId: string) =>
    call('revokeInvite', { subscriptionId, inviteId }),
  );

/**
 * Only the users list is refreshed here: the workspace itself must wait until the page is left,
 * since its new owner_id makes the owner-only page's guard send the former owner home at once.
 */
export const useTransferOwnership = (subscriptionId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (newOwnerId: string) => call('transferSubscriptionOwnership', { subscriptionId, newOwnerId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: subscriptionUsersQueryKey(subscriptionId) }),
  });
};

export const useCreateInvite = (subscriptionId: string) =>
  useMembersMutation(
    subscriptionId,
    ({ email, permissions }: { email: string; permissions: PermissionKey[] }) =>
      call('createInvite', { subscriptionId, email, permissions }),
  );
