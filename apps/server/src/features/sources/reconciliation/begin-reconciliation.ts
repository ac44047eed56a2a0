import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { keyedError, reconciliationMessages } from '@billbridge/contract';
import type { AppContext } from '../../../context.ts';
import { reconciliation, source, type ReconciliationRow, type SourceRow } from '../../../db/schema.ts';
import type { JobQueue } from '../../../jobs/queue.ts';
import { kindsToImport } from '../backfill/begin-backfill.ts';
import type { Transaction } from '../../../db/client.ts';

export const reconcileQueue = 'sync.reconcile';

/** Asks a worker to go on with a reconciliation; at most one job queued per run. */
export const enqueueReconciliation = (queue: JobQueue, reconciliationId: string, tx?: Transaction) =>
  queue.send(reconcileQueue, { reconciliationId }, { tx, singletonKey: reconciliationId });

/**
 * Starts a reconciliation of the source in `tx`, with its job, or returns the one running (a
 * partial unique index keeps it to one per source); `started` says which. It compares the kinds the source syncs, the
 * objects created up to now: newer ones come by their webhooks.
 */
export const beginReconciliation = async (
  context: AppContext,
  tx: Transaction,
  row: SourceRow,
): Promise<{ reconciliation: ReconciliationRow; started: boolean }> => {
  const kinds = kindsToImport(row);
  const first = kinds[0];
  if (!row.accountId || !row.enabled || !first) {
    throw keyedError('failed-precondition', reconciliationMessages, 'needsSyncingSourceToReconcile');
  }
  const [created] = await tx
    .insert(reconciliation)
    .values({
      id: randomUUID(),
      sourceId: row.id,
      status: 'running',
      kinds,
      cursor: { kind: first, after: null },
      listedUpTo: Math.floor(Date.now() / 1000),
    })
    .onConflictDoNothing()
    .returning();
  if (created) {
    // The schedule's clock starts again from here (its index reads this column).
    await tx.update(source).set({ lastReconciledAt: created.startedAt }).where(eq(source.id, row.id));
    await enqueueReconciliation(context.queue, created.id, tx);
    return { reconciliation: created, started: true };
  }
  const [running] = await tx
    .select()
    .from(reconciliation)
    .where(and(eq(reconciliation.sourceId, row.id), eq(reconciliation.status, 'running')));
  if (!running) throw new Error('reconciliation insert conflicted without a running one');
  return { reconciliation: running, started: false };
};
