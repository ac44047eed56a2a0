import { z } from 'zod';
import { connectionIdSchema } from './connections.ts';
import { defineFunction } from './define-function.ts';
import { subscriptionIdSchema } from './subscriptions.ts';

/**
 * Backfill: the import of a source's existing Stripe objects into the CRM (the sync-engine issue
 * §7, decision 012). Kinds are imported in this order, so a deal finds its contact and a line item
 * its product; a kind whose sync toggle is off is skipped.
 */
export const backfillKinds = ['products', 'customers', 'subscriptions', 'invoices'] as const;
export type BackfillKind = (typeof backfillKinds)[number];

export const backfillStatuses = ['running', 'done', 'failed'] as const;
export type BackfillStatus = (typeof backfillStatuses)[number];

export const backfillSchema = z.object({
  id: z.string(),
  source_id: z.string(),
  status: z.enum(backfillStatuses),
  /** The kinds being imported, in order. */
  kinds: z.array(z.enum(backfillKinds)),
  /** The kind being listed now; null once finished. */
  current_kind: z.enum(backfillKinds).nullable(),
  /** Objects imported so far, by kind. */
  counts: z.partialRecord(z.enum(backfillKinds), z.number().int().nonnegative()),
  /** Why it failed; null unless `failed`. */
  error: z.string().nullable(),
  /** Epoch seconds. */
  start_time: z.number().int(),
  finish_time: z.number().int().nullable(),
});
export type Backfill = z.infer<typeof backfillSchema>;

const sourceInput = z.object({ subscriptionId: subscriptionIdSchema, sourceId: connectionIdSchema });

/** Starts an import of the source's existing objects, or returns the one already running. */
export const startBackfill = defineFunction({
  name: 'startBackfill',
  input: sourceInput,
  output: z.object({ backfill: backfillSchema }),
  requires: { allOf: ['admin'] },
});

/** The source's latest import; null when it never had one. */
export const getBackfillProgress = defineFunction({
  name: 'getBackfillProgress',
  input: sourceInput,
  output: z.object({ backfill: backfillSchema.nullable() }),
  requires: { allOf: ['admin'] },
  whenCanceled: 'allowed',
});
