import { and, eq, gte, lt, notLike, sql } from 'drizzle-orm';
import {
  activityTypes,
  type ActivitySummary,
  type ActivityType,
  type DailyActivity,
} from '@billbridge/contract';
import { activity } from '../../db/schema.ts';
import { implement } from '../../functions/framework.ts';
import { activityTypeOf } from './activity-to-api.ts';

const dayOf = (date: Date): string => date.toISOString().slice(0, 10);

/**
 * Every UTC day the period `[start, end)` touches, oldest first; the start's day alone when the
 * period is empty, so the chart always has an axis.
 */
export const daysOfPeriod = (start: Date, end: Date): string[] => {
  const days: string[] = [];
  const cursor = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth(), start.getUTCDate()));
  const last = dayOf(new Date(Math.max(end.getTime() - 1, start.getTime())));
  while (dayOf(cursor) <= last) {
    days.push(dayOf(cursor));
    cursor.setUTCDate(cursor.getUTCDate() + 1);
  }
  return days;
};

const day = sql<string>`to_char(${activity.time} at time zone 'UTC', 'YYYY-MM-DD')`;

/**
 * The activity summary of the current billing period (spec §3 "Activity summary"): counted in SQL
 * by UTC day and type, then spread over every day of the period so the chart has no gaps.
 */
export const getAggregatedActivities = implement(
  'getAggregatedActivities',
  async (_input, { app, workspace }) => {
    const { id, currentPeriodStart, currentPeriodEnd } = workspace.subscription;
    const rows = await app.database.db
      .select({ day, type: activity.type, count: sql<number>`count(*)::int` })
      .from(activity)
      .where(
        and(
          eq(activity.subscriptionId, id),
          gte(activity.time, currentPeriodStart),
          lt(activity.time, currentPeriodEnd),
          // Imported, reconciled and re-evaluated objects are not sync events (decisions 012,
          // 032, 033): the chart counts what usage counts.
          notLike(activity.rawEventType, '%.backfilled'),
          notLike(activity.rawEventType, '%.reconciled'),
          notLike(activity.rawEventType, '%.reevaluated'),
        ),
      )
      .groupBy(day, activity.type);
    return summaryOf(
      daysOfPeriod(currentPeriodStart, currentPeriodEnd),
      rows.map((row) => ({ day: row.day, type: activityTypeOf(row.type), count: Number(row.count) })),
    );
  },
);

/** Lays the counts out per day, a zero for every type seen in the period on the days without it. */
const summaryOf = (
  days: string[],
  rows: { day: string; type: ActivityType; count: number }[],
): ActivitySummary => {
  const eventTypes = activityTypes.filter((type) => rows.some((row) => row.type === type));
  const zeros = () => Object.fromEntries(eventTypes.map((type) => [type, 0])) as Record<ActivityType, number>;
  const totals = zeros();
  const byDay = new Map<string, DailyActivity>(days.map((date) => [date, { date, ...zeros() }]));
  for (const row of rows) {
    const counts = byDay.get(row.day);
    if (counts) counts[row.type] = (counts[row.type] ?? 0) + row.count;
    totals[row.type] += row.count;
  }
  const total = eventTypes.reduce((sum, type) => sum + totals[type], 0);
  return { eventTypes, dailyData: [...byDay.values()], totals, total };
};
