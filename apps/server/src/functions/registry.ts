import type { FunctionName } from '@billbridge/contract';
import type { CallableFunction } from './framework.ts';
import { getSubscription } from '../features/subscriptions/get-subscription.ts';
import { listMySubscriptions } from '../features/subscriptions/list-my-subscriptions.ts';
import { createSubscription } from '../features/subscriptions/create-subscription.ts';
import { updateSubscriptionSettings } from '../features/subscriptions/update-subscription-settings.ts';
import { listMyInvites } from '../features/invites/list-my-invites.ts';
import { createInvite } from '../features/invites/create-invite.ts';
import { acceptInvite } from '../features/invites/accept-invite.ts';
import { rejectInvite } from '../features/invites/reject-invite.ts';
import { revokeInvite } from '../features/invites/revoke-invite.ts';
import { getSubscriptionUsers } from '../features/members/get-subscription-users.ts';
import { updateUserPermissions } from '../features/members/update-user-permissions.ts';
import { removeUser } from '../features/members/remove-user.ts';
import { transferSubscriptionOwnership } from '../features/members/transfer-subscription-ownership.ts';
import { getProfile } from '../features/accounts/get-profile.ts';
import { updateProfile } from '../features/accounts/update-profile.ts';
import { retryActivity } from '../features/sync/retry-activity.ts';
import { retryFailedActivities } from '../features/sync/retry-failed-activities.ts';

/** Every contract has exactly one handler: a missing one is a type error. */
export const functionRegistry: Record<FunctionName, CallableFunction> = {
  getSubscription,
  listMySubscriptions,
  createSubscription,
  updateSubscriptionSettings,
  listMyInvites,
  createInvite,
  acceptInvite,
  rejectInvite,
  revokeInvite,
  getSubscriptionUsers,
  updateUserPermissions,
  removeUser,
  transferSubscriptionOwnership,
  getProfile,
  updateProfile,
  retryActivity,
  retryFailedActivities,
};
