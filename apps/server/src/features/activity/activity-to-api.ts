import type { ActivityStatus, ActivityType, RecentActivity } from '@billbridge/contract';
import type { ActivityRow } from '../../db/schema.ts';

export const activityToApi = (row: ActivityRow): RecentActivity => ({
  id: String(row.id),
  type: row.type as ActivityType,
  rawEventType: row.rawEventType,
  eventID: row.eventId,
  time: Math.floor(row.time.getTime() / 1000),
  status: row.status as ActivityStatus,
  reason: row.reason,
});
