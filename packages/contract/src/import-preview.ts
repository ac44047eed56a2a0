import { z } from 'zod';
import { connectionIdSchema } from './connections.ts';
import { dealMoveSchema } from './deal-stages.ts';
import { defineFunction } from './define-function.ts';
import { subscriptionIdSchema } from './subscriptions.ts';

/**
 * What the first import of a source would do (issue 34 §3, decision 070), before anything is
 * written: Stripe's objects counted, the portal's contacts that already have a customer's e-mail,
 * where the deals would land, which billing subscriptions no rule maps, and a sample of records
 * exactly as the sync would write them.
 */
const count = z.number().int().nonnegative();

/** How many records of each sample the preview shows. */
export const importPreviewSampleSize = 10;
/** How many unmapped billing subscriptions the preview names (all are counted). */
export const importPreviewUnmappedListed = 20;

export const importPreviewCountsSchema = z.object({
  customers: count,
  subscriptions: count,
  invoices: count,
});

export const importPreviewSchema = z.object({
  /** Objects Stripe has, by kind. */
  counts: importPreviewCountsSchema,
  /** Of those, the ones the source's filters let through (no filters yet: all). */
  passing: importPreviewCountsSchema,
  /** Customers with an e-mail, and those whose e-mail a portal contact already has (updated, not duplicated). */
  contacts: z.object({ with_email: count, existing: count }),
  /** Deals that would be created in each stage, by the destination's mapping rules. */
  stages: z.array(dealMoveSchema),
  /** Billing subscriptions no rule maps: counted, the first ones named. */
  unmapped: z.object({
    count,
    subscriptions: z.array(z.object({ id: z.string(), status: z.string(), reason: z.string() })),
  }),
  /** Records exactly as they would be written: HubSpot object, key and properties. */
  sample: z.array(
    z.object({
      object_type: z.enum(['contacts', 'deals', 'line_items', 'invoices', 'products']),
      stripe_id: z.string(),
      properties: z.record(z.string(), z.string()),
    }),
  ),
});
export type ImportPreview = z.infer<typeof importPreviewSchema>;

export const previewImport = defineFunction({
  name: 'previewImport',
  input: z.object({ subscriptionId: subscriptionIdSchema, sourceId: connectionIdSchema }),
  output: z.object({ preview: importPreviewSchema }),
  requires: { allOf: ['admin'] },
});
