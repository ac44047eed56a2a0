import type { Subscription } from '@billbridge/contract';
import type { MembershipRow, SubscriptionRow } from '../../db/schema.ts';
import { permissionsMapOf } from '../../functions/workspace-access.ts';

const epochSeconds = (date: Date) => Math.floor(date.getTime() / 1000);

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
