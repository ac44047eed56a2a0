import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { backfillKinds, backfillMessages, keyedError, type BackfillKind } from '@billbridge/contract';
import type { AppContext } from '../../../context.ts';
import { backfill, type BackfillRow, type SourceRow } from '../../../db/schema.ts';
import type { JobQueue } from '../../../jobs/queue.ts';
import type { Transaction } from '../../../db/client.ts';
import { syncTogglesOf } from '../../inbox/source-settings.ts';

export const backfillQueue = 'sync.backfill';

/** Asks a worker to go on with an import; at most one job queued per import. */
export const enqueueBackfill = (queue: JobQueue, backfillId: string, tx?: Transaction) =>
  queue.send(backfillQueue, { backfillId }, { tx, singletonKey: backfillId });

/** The kinds a source imports: those whose sync toggle is on. */
export const kindsToImport = (row: SourceRow): BackfillKind[] => {
  const toggles = syncTogglesOf(row.settings);
  return backfillKinds.filter((kind) => toggles[kind]);
};

/** A source that syncs at least one kind of object an import lists. */
export const canBackfill = (row: SourceRow): boolean =>
  Boolean(row.accountId) && row.enabled && kindsToImport(row).length > 0;

/**
 * Starts an import of the source's existing objects in `tx`, with its job, or returns the one
 * already running (a partial unique index keeps it to one per source, even when two admins race).
 * `requestedBy`: the user who asked for it on demand; none for the import a connection starts.
 */
export const beginBackfill = async (
  context: AppContext,
  tx: Transaction,
  row: SourceRow,
  requestedBy: string | null = null,
): Promise<BackfillRow> => {
  if (!row.accountId || !row.enabled) {
    throw keyedError('failed-precondition', backfillMessages, 'needsSyncingSource');
  }
  const kinds = kindsToImport(row);
  const first = kinds[0];
  if (!first) throw keyedError('failed-precondition', backfillMessages, 'nothingToImport');
  const [created] = await tx
    .insert(backfill)
    .values({
      id: randomUUID(),
      sourceId: row.id,
      status: 'running',
      cursor: { kind: first, after: null },
      counts: Object.fromEntries(kinds.map((kind) => [kind, 0])),
      requestedBy,
    })
    .onConflictDoNothing()
    .returning();
  if (created) {
    await enqueueBackfill(context.queue, created.id, tx);
    context.logger.info(
      { backfillId: created.id, sourceId: row.id, subscriptionId: row.subscriptionId, requestedBy },
      'import started',
    );
    return created;
  }
  const [running] = await tx
    .select()
    .from(backfill)
    .where(and(eq(backfill.sourceId, row.id), eq(backfill.status, 'running')));
  if (!running) throw new Error('backfill insert conflicted without a running backfill');
  return running;
};
