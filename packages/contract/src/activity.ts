import { z } from 'zod';
import { defineFunction } from './define-function.ts';
import { pageSchema, pageSizeSchema } from './members.ts';
import { subscriptionIdSchema } from './subscriptions.ts';

/** What a sync event was about (spec §3 "Recent activity item" `type`), from Stripe's event type. */
export const activityTypes = [
  'customer',
  'subscription',
  'invoice',
  'payment',
  'product',
  'account',
  'other',
] as const;
export type ActivityType = (typeof activityTypes)[number];

/**
 * `pending` until the event is written (or retried); then success, warning or failure. `filtered`:
 * the source's filters hold its customer back (issue 34 §2); written once the customer qualifies.
 */
export const activityStatuses = ['pending', 'success', 'warning', 'failure', 'filtered'] as const;
export type ActivityStatus = (typeof activityStatuses)[number];

export const recentActivitySchema = z.object({
  id: z.string(),
  type: z.enum(activityTypes),
  /** Stripe's event type, e.g. `customer.subscription.updated`. */
  rawEventType: z.string(),
  /** Stripe's event id (`evt_…`). */
  eventID: z.string(),
  /** When the Stripe event was created, in epoch seconds (like every time the spec shows). */
  time: z.number().int(),
  status: z.enum(activityStatuses),
  /** Why a warning or failure happened; null otherwise. */
  reason: z.string().nullable(),
});
export type RecentActivity = z.infer<typeof recentActivitySchema>;

export const recentActivitiesDefaultLimit = 20;
export const recentActivitiesMaxLimit = 100;

/** The newest activities of the workspace, newest first. */
export const getRecentActivities = defineFunction({
  name: 'getRecentActivities',
  input: z.object({
    subscriptionId: subscriptionIdSchema,
    limit: z.number().int().min(1).max(recentActivitiesMaxLimit).default(recentActivitiesDefaultLimit),
  }),
  output: z.object({ activities: z.array(recentActivitySchema) }),
  requires: { allOf: ['access'] },
  whenCanceled: 'allowed',
});

const countSchema = z.number().int().min(0);
const countsByType = Object.fromEntries(
  activityTypes.map((type) => [type, countSchema.optional()]),
) as Record<ActivityType, z.ZodOptional<typeof countSchema>>;

/**
 * One day of the summary chart, flat as Mantine's `BarChart` takes it (`dataKey="date"`, one series
 * per event type): `{ date: '2026-11-02', customer: 2, invoice: 0 }`. The day is a UTC date; it holds
 * a count (zero included) for every type in `eventTypes` and no other key.
 */
export const dailyActivitySchema = z.object({
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  ...countsByType,
});
export type DailyActivity = z.infer<typeof dailyActivitySchema>;

export const activitySummarySchema = z.object({
  /** The types with at least one event in the period, in `activityTypes` order. */
  eventTypes: z.array(z.enum(activityTypes)),
  /** Every UTC day of the current billing period, oldest first, days without events included. */
  dailyData: z.array(dailyActivitySchema),
  /** Events of the period per type, for the types in `eventTypes`. */
  totals: z.partialRecord(z.enum(activityTypes), countSchema),
  /** Events of the period. */
  total: countSchema,
});
export type ActivitySummary = z.infer<typeof activitySummarySchema>;

/** The activity summary of the workspace's current billing period (spec §3 "Activity summary"). */
export const getAggregatedActivities = defineFunction({
  name: 'getAggregatedActivities',
  input: z.object({ subscriptionId: subscriptionIdSchema }),
  output: activitySummarySchema,
  requires: { allOf: ['access'] },
  whenCanceled: 'allowed',
});

/**
 * Sync events counted in the current billing period against the plan (spec §9 plans): `included`
 * is what the price covers (null: custom), `cap` where syncing pauses (free plan; null: overage).
 */
export const getUsage = defineFunction({
  name: 'getUsage',
  input: z.object({ subscriptionId: subscriptionIdSchema }),
  output: z.object({ events: countSchema, included: countSchema.nullable(), cap: countSchema.nullable() }),
  requires: { allOf: ['access'] },
  whenCanceled: 'allowed',
});

/** An activity in the log: a recent activity, and whether its event waits (held) rather than failed. */
export const activityLogItemSchema = recentActivitySchema.extend({
  /** Held (cap reached, no destination, a currency the portal lacks): shown as held, retriable. */
  held: z.boolean(),
});
export type ActivityLogItem = z.infer<typeof activityLogItemSchema>;

/** The log's status filter: an activity status, or the held ones (a warning whose event waits). */
export const activityLogStatuses = [...activityStatuses, 'held'] as const;
export type ActivityLogStatus = (typeof activityLogStatuses)[number];

/**
 * The last second of 9999-12-31 UTC: a time filter in epoch seconds past it is no date a database
 * column holds (seconds this large overflow a JavaScript Date and a timestamp), so it is refused as bad
 * input rather than failing the query.
 */
export const latestFilterTime = 253_402_300_799;

/** A time filter in epoch seconds, inclusive: from 1970 to the end of year 9999. */
export const filterTimeSchema = z.number().int().nonnegative().max(latestFilterTime);

/** The activity log (issue 15): filtered by status, type and time range, newest first, in pages. */
export const listActivities = defineFunction({
  name: 'listActivities',
  input: z
    .object({
      subscriptionId: subscriptionIdSchema,
      status: z.enum(activityLogStatuses).optional(),
      type: z.enum(activityTypes).optional(),
      /** Epoch seconds, inclusive, of the activity's (event's) time. */
      from: filterTimeSchema.optional(),
      to: filterTimeSchema.optional(),
      page: pageSchema,
      pageSize: pageSizeSchema,
    })
    .refine((range) => range.from === undefined || range.to === undefined || range.from <= range.to, {
      message: '"from" must not be after "to"',
      path: ['to'],
    }),
  output: z.object({ count: countSchema, activities: z.array(activityLogItemSchema) }),
  requires: { allOf: ['admin'] },
  whenCanceled: 'allowed',
});

/** What one event became in one destination's portal, with a link into the portal where there is one. */
export const activityWriteSchema = z.object({
  destination_id: z.string(),
  destination_name: z.string(),
  portal_id: z.number().int().nullable(),
  /** HubSpot's object type: contacts, deals, line_items, products, invoices. */
  object_type: z.string(),
  object_id: z.string().nullable(),
  url: z.string().nullable(),
});
export type ActivityWrite = z.infer<typeof activityWriteSchema>;

/** One activity in full: the Stripe event as received, what it became in HubSpot, and the last error. */
export const getActivity = defineFunction({
  name: 'getActivity',
  input: z.object({ subscriptionId: subscriptionIdSchema, activityId: z.coerce.number().int().positive() }),
  output: z.object({
    activity: activityLogItemSchema,
    payload: z.record(z.string(), z.unknown()),
    /** False once the retention job dropped the body (decision 058): `payload` is its envelope. */
    payload_kept: z.boolean(),
    writes: z.array(activityWriteSchema),
    last_error: z.string().nullable(),
  }),
  requires: { allOf: ['admin'] },
  whenCanceled: 'allowed',
});
