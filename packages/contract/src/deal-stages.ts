import { z } from 'zod';
import { connectionIdSchema } from './connections.ts';
import { defineFunction } from './define-function.ts';
import { destinationSettingsSchema } from './destinations.ts';
import { subscriptionIdSchema } from './subscriptions.ts';

/**
 * Rules changed, deals follow (issue 17 §5, decision 033): what a set of mapping rules would do to
 * the deals of billing subscriptions already synced, and doing it.
 */
const destinationInput = z.object({
  subscriptionId: subscriptionIdSchema,
  destinationId: connectionIdSchema,
});
const count = z.number().int().nonnegative();

export const dealMoveSchema = z.object({
  hubspot_pipeline: z.string(),
  hubspot_stage: z.string(),
  /** Deals that would move to (or be created in) this stage. */
  deals: count,
});
export type DealMove = z.infer<typeof dealMoveSchema>;

/**
 * The rules as the editor holds them, not saved yet: how many of the workspace's billing
 * subscriptions each would match (the first matching rule wins), how many none would, and how
 * many deals would move to which stage. Computed from what is stored: no HubSpot call.
 */
export const dryRunMappingRules = defineFunction({
  name: 'dryRunMappingRules',
  input: destinationInput.extend({
    rules: destinationSettingsSchema.shape.pipeline_mapping_rules,
  }),
  output: z.object({
    subscriptions: count,
    rules: z.array(z.object({ rule_id: z.string(), matches: count })),
    unmatched: count,
    moves: z.array(dealMoveSchema),
  }),
  requires: { allOf: ['admin'] },
});

/**
 * Re-evaluates the billing subscriptions already synced against the destination's saved rules:
 * each deal whose stage changes is written once (with its activity), the others not at all.
 */
export const reevaluateDeals = defineFunction({
  name: 'reevaluateDeals',
  input: destinationInput,
  output: z.object({ moves: z.array(dealMoveSchema) }),
  requires: { allOf: ['admin'] },
});
