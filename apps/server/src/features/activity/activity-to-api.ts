import {
  activityStatuses,
  activityTypes,
  type ActivityStatus,
  type ActivityLogItem,
  type ActivityType,
  type RecentActivity,
} from '@billbridge/contract';
import type { ActivityRow } from '../../db/schema.ts';

/** The column is free text: a type the contract does not know yet is shown as `other`, not a 500. */
export const activityTypeOf = (value: string): ActivityType =>
  activityTypes.find((type) => type === value) ?? 'other';

/** Same for the status: an unknown one is treated as still running. */
const activityStatusOf = (value: string): ActivityStatus =>
  activityStatuses.find((status) => status === value) ?? 'pending';

export const activityToApi = (row: ActivityRow): RecentActivity => ({
  id: String(row.id),
  type: activityTypeOf(row.type),
  rawEventType: row.rawEventType,
  eventID: row.eventId,
  time: Math.floor(row.time.getTime() / 1000),
  status: activityStatusOf(row.status),
  reason: row.reason,
});

/** The log's view of an activity: held when its event waits in the inbox (`stripe_event.state`). */
export const activityLogItemOf = (row: ActivityRow, eventState: string): ActivityLogItem => ({
  ...activityToApi(row),
  held: eventState === 'held',
});
