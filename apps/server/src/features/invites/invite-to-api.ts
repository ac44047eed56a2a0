import { normalizePermissions, type Invite } from '@billbridge/contract';
import type { InviteRow } from '../../db/schema.ts';

export const inviteToApi = (
  row: InviteRow,
  names: { subscriptionName: string; hostName: string },
): Invite => ({
  id: row.id,
  email: row.email,
  status: row.status,
  subscription_id: row.subscriptionId,
  subscription_name: names.subscriptionName,
  host_name: names.hostName,
  permissions: normalizePermissions(row.permissions),
});
