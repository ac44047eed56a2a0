import { z } from 'zod';
import { connectionIdSchema } from './connections.ts';
import { defineFunction } from './define-function.ts';
import { subscriptionIdSchema } from './subscriptions.ts';

/**
 * Reconciliation (issue 17 §4, decision 032): a source's Stripe objects compared with what was
 * applied to HubSpot, each difference sent through the sync as a `<kind>.reconciled` event. It runs
 * on a schedule per connected source and on demand.
 */
export const reconciliationStatuses = ['running', 'done', 'failed'] as const;
export type ReconciliationStatus = (typeof reconciliationStatuses)[number];

export const reconciliationSchema = z.object({
  id: z.string(),
  source_id: z.string(),
  status: z.enum(reconciliationStatuses),
  /** Stripe objects compared so far. */
  checked: z.number().int().nonnegative(),
  /** Objects whose state differed from what HubSpot was given, each sent through the sync. */
  differences: z.number().int().nonnegative(),
  /** Why it failed; null unless `failed`. */
  error: z.string().nullable(),
  /** Epoch seconds. */
  start_time: z.number().int(),
  finish_time: z.number().int().nullable(),
});
export type Reconciliation = z.infer<typeof reconciliationSchema>;

const sourceInput = z.object({ subscriptionId: subscriptionIdSchema, sourceId: connectionIdSchema });

/** Reconciles the source now, or returns the run already going. */
export const reconcileSource = defineFunction({
  name: 'reconcileSource',
  input: sourceInput,
  output: z.object({ reconciliation: reconciliationSchema }),
  requires: { allOf: ['admin'] },
});

/** The source's latest reconciliation; null when it never had one. */
export const getReconciliation = defineFunction({
  name: 'getReconciliation',
  input: sourceInput,
  output: z.object({ reconciliation: reconciliationSchema.nullable() }),
  requires: { allOf: ['admin'] },
  whenCanceled: 'allowed',
});
