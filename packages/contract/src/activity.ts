import { z } from 'zod';
import { defineFunction } from './define-function.ts';
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

/** `pending` until the event is written (or retried); then success, warning or failure. */
export const activityStatuses = ['pending', 'success', 'warning', 'failure'] as const;
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
