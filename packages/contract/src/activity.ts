import { z } from 'zod';
import { defineFunction } from './define-function.ts';
import { subscriptionIdSchema } from './subscriptions.ts';

/** What a sync event was about (spec §3 "Recent activity item" `type`). */
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
  eventID: z.string(),
  /** When the Stripe event happened, epoch seconds. */
  time: z.number().int(),
  status: z.enum(activityStatuses),
  reason: z.string().nullable(),
});
export type RecentActivity = z.infer<typeof recentActivitySchema>;

/** The newest activities of the workspace, newest first. */
export const getRecentActivities = defineFunction({
  name: 'getRecentActivities',
  input: z.object({
    subscriptionId: subscriptionIdSchema,
    limit: z.number().int().min(1).max(100).default(20),
  }),
  output: z.object({ activities: z.array(recentActivitySchema) }),
  requires: { allOf: ['access'] },
});

/** One day of the summary chart: `date` (YYYY-MM-DD, UTC) and a count per event type. */
export const dailyActivitySchema = z.object({ date: z.string() }).catchall(z.number().int());
export type DailyActivity = z.infer<typeof dailyActivitySchema>;

/**
 * The activity summary of the current billing period (spec §3): the event types seen, one entry
 * per day of the period (zeros included), per-type totals and the total.
 */
export const getAggregatedActivities = defineFunction({
  name: 'getAggregatedActivities',
  input: z.object({ subscriptionId: subscriptionIdSchema }),
  output: z.object({
    eventTypes: z.array(z.enum(activityTypes)),
    dailyData: z.array(dailyActivitySchema),
    totals: z.record(z.string(), z.number().int()),
    total: z.number().int(),
  }),
  requires: { allOf: ['access'] },
});
