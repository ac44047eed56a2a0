import { and, count, desc, eq, gte, lte, ne, notInArray, type SQL } from 'drizzle-orm';
import { activityTypes, type ActivityLogStatus, type ActivityType } from '@billbridge/contract';
import { activity, stripeEvent } from '../../db/schema.ts';
import { implement } from '../../functions/framework.ts';
import { activityLogItemOf } from './activity-to-api.ts';

/** Held activities are warnings whose event waits: the filter tells them apart from other warnings. */
const statusFilter = (status: ActivityLogStatus): SQL | undefined => {
  if (status === 'held') return eq(stripeEvent.state, 'held');
  const sameStatus = eq(activity.status, status);
  return status === 'warning' ? and(sameStatus, ne(stripeEvent.state, 'held')) : sameStatus;
};

/** `other` also stands for types the contract does not know (see `activityTypeOf`). */
const typeFilter = (type: ActivityType): SQL =>
  type === 'other'
    ? notInArray(
        activity.type,
        activityTypes.filter((known) => known !== 'other'),
      )
    : eq(activity.type, type);

const fromSeconds = (seconds: number) => new Date(seconds * 1000);

/** The activity log: filtered, newest first, one page and the count of every match. */
export const listActivities = implement(
  'listActivities',
  async ({ status, type, from, to, page, pageSize }, { app, workspace }) => {
    const { db } = app.database;
    const where = and(
      eq(activity.subscriptionId, workspace.subscription.id),
      status ? statusFilter(status) : undefined,
      type ? typeFilter(type) : undefined,
      from === undefined ? undefined : gte(activity.time, fromSeconds(from)),
      // Inclusive of the whole last second.
      to === undefined ? undefined : lte(activity.time, fromSeconds(to + 0.999)),
    );
    const eventOf = eq(stripeEvent.id, activity.stripeEventId);
    const [total] = await db
      .select({ value: count() })
      .from(activity)
      .innerJoin(stripeEvent, eventOf)
      .where(where);
    const rows = await db
      .select({ activity, state: stripeEvent.state })
      .from(activity)
      .innerJoin(stripeEvent, eventOf)
      .where(where)
      .orderBy(desc(activity.time), desc(activity.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize);
    return {
      count: total?.value ?? 0,
      activities: rows.map((row) => activityLogItemOf(row.activity, row.state)),
    };
  },
);
