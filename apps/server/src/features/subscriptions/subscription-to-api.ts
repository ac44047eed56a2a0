import { permissionKeys, type PermissionsMap, type Subscription } from '@billbridge/contract';
import type { MembershipRow, SubscriptionRow } from '../../db/schema.ts';

const epochSeconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** The spec's `permissions` map (key → user ids), derived from membership rows. */
export const permissionsMapOf = (members: MembershipRow[]): PermissionsMap =>
  Object.fromEntries(
    permissionKeys.map((key) => [
      key,
      members.filter((member) => member.permissions.includes(key)).map((member) => member.userId),
    ]),
  ) as PermissionsMap;

export const subscriptionToApi = (row: SubscriptionRow, members: MembershipRow[]): Subscription => ({
  id: row.id,
  owner_id: row.ownerId,
  plan_id: row.planId,
  status: row.status,
  settings: row.settings,
  permissions: permissionsMapOf(members),
  subscription_current_period_start: epochSeconds(row.currentPeriodStart),
  subscription_current_period_end: epochSeconds(row.currentPeriodEnd),
  pending_plan_id: row.pendingPlanId,
});
