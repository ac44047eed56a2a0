import { sql } from 'drizzle-orm';
import { activityTypes, type ActivityType, type DailyActivity } from '@billbridge/contract';
import { queryRows } from '../../db/client.ts';
import { implement } from '../../functions/framework.ts';

const dayOf = (date: Date): string => date.toISOString().slice(0, 10);

/** Every UTC day from `start` up to (not including) `end`'s day, or `end`'s day when it is the start's. */
export const daysOfPeriod = (start: Date, end: Date): string[] => {
  const days: string[] = [];
  const cursor = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth(), start.getUTCDate()));
  const last = dayOf(new Date(end.getTime() - 1));
  while (dayOf(cursor) <= last) {
    days.push(dayOf(cursor));
    cursor.setUTCDate(cursor.getUTCDate() + 1);
  }
  return days;
};

/**
 * The activity summary of the current billing period (spec §3 "Activity summary"): counted in SQL
 * by UTC day and type, then spread over every day of the period so the chart has no gaps.
 */
export const getAggregatedActivities = implement(
  'getAggregatedActivities',
  async (_input, { app, workspace }) => {
    const { id, currentPeriodStart, currentPeriodEnd } = workspace.subscription;
    const rows = await queryRows<{ day: string; type: string; count: number }>(
      app.database.db,
      sql`select to_char(time at time zone 'UTC', 'YYYY-MM-DD') as day, type, count(*)::int as count
        from activity
        where subscription_id = ${id} and time >= ${currentPeriodStart.toISOString()}::timestamptz
          and time < ${currentPeriodEnd.toISOString()}::timestamptz
        group by 1, 2`,
    );
    const eventTypes = activityTypes.filter((type) => rows.some((row) => row.type === type));
    const totals: Record<string, number> = Object.fromEntries(eventTypes.map((type) => [type, 0]));
    const byDay = new Map<string, DailyActivity>(
      daysOfPeriod(currentPeriodStart, currentPeriodEnd).map((date) => [
        date,
        { date, ...Object.fromEntries(eventTypes.map((type) => [type, 0])) } as DailyActivity,
      ]),
    );
    for (const row of rows) {
      const day = byDay.get(row.day);
      if (day) day[row.type as ActivityType] = row.count;
      totals[row.type] = (totals[row.type] ?? 0) + row.count;
    }
    const total = Object.values(totals).reduce((sum, count) => sum + count, 0);
    return { eventTypes, dailyData: [...byDay.values()], totals, total };
  },
);
