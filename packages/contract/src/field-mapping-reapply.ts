import { z } from 'zod';
import { connectionIdSchema } from './connections.ts';
import { defineFunction } from './define-function.ts';
import { fieldMappingObjects, fieldMappingsSchema } from './field-mappings.ts';
import { subscriptionIdSchema } from './subscriptions.ts';

/**
 * Field mappings re-applied to records already synced (issue 34 §1, decision 072), as the rules'
 * re-evaluation does for stages: a dry run that counts, then the run that writes.
 */
const destinationInput = z.object({
  subscriptionId: subscriptionIdSchema,
  destinationId: connectionIdSchema,
});
const count = z.number().int().nonnegative();

/** Per HubSpot object: the synced records the mappings reach, and those whose mapped values differ. */
export const fieldMappingImpactSchema = z.object({
  object: z.enum(fieldMappingObjects),
  /** Records of this object already synced (linked to a HubSpot record) with a mapping of theirs. */
  records: count,
  /** Of them, those where some mapped property holds another value in HubSpot than it would be given. */
  changing: count,
});
export type FieldMappingImpact = z.infer<typeof fieldMappingImpactSchema>;

const impactOutput = z.object({ objects: z.array(fieldMappingImpactSchema) });

/**
 * The field mappings as the editor holds them, not saved yet: per HubSpot object, how many records
 * already synced would change. Reads the mapped properties' current values from HubSpot (budgeted);
 * writes nothing.
 */
export const dryRunFieldMappings = defineFunction({
  name: 'dryRunFieldMappings',
  input: destinationInput.extend({ field_mappings: fieldMappingsSchema }),
  output: impactOutput,
  requires: { allOf: ['admin'] },
});

/**
 * Re-applies the destination's saved field mappings: each Stripe object with a record whose mapped
 * values differ goes through the sync once more (batched, budgeted, with its activity); the others
 * are not touched. Returns the same counts the dry run gives.
 */
export const reapplyFieldMappings = defineFunction({
  name: 'reapplyFieldMappings',
  input: destinationInput,
  output: impactOutput,
  requires: { allOf: ['admin'] },
});
