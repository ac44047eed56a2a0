import { z } from 'zod';
import { defineFunction } from './define-function.ts';
import { filterTimeSchema } from './activity.ts';
import { subscriptionIdSchema } from './subscriptions.ts';

/**
 * Replaying what did not sync (the sync-engine issue §8): one failed (or held) activity, or every
 * failed one in a time range. The events go back through the whole pipeline, gate included.
 */
export const retryActivity = defineFunction({
  name: 'retryActivity',
  input: z.object({ subscriptionId: subscriptionIdSchema, activityId: z.coerce.number().int().positive() }),
  output: z.object({ retried: z.number().int() }),
  requires: { allOf: ['admin'] },
});

export const retryFailedActivities = defineFunction({
  name: 'retryFailedActivities',
  input: z
    .object({
      subscriptionId: subscriptionIdSchema,
      /** Epoch seconds, inclusive; the activity's (event's) time. */
      from: filterTimeSchema,
      to: filterTimeSchema,
    })
    .refine((range) => range.from <= range.to, { message: '"from" must not be after "to"', path: ['to'] }),
  output: z.object({ retried: z.number().int() }),
  requires: { allOf: ['admin'] },
});

/** Every held activity of the workspace (a currency turned on in HubSpot since, say) goes back through the pipeline. */
export const retryHeldActivities = defineFunction({
  name: 'retryHeldActivities',
  input: z.object({ subscriptionId: subscriptionIdSchema }),
  output: z.object({ retried: z.number().int() }),
  requires: { allOf: ['admin'] },
});

export const retryMessages = {
  notRetriable: 'Only failed or held activities can be retried',
  notFound: 'Activity not found',
} as const;
