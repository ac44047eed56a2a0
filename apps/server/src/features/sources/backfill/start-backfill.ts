import { and, asc, count, eq, gt, isNotNull, ne } from 'drizzle-orm';
import { backfillMessages, creationLimits, keyedError } from '@billbridge/contract';
import type { Transaction } from '../../../db/client.ts';
import { backfill, source, type BackfillRow } from '../../../db/schema.ts';
import { implement } from '../../../functions/framework.ts';
import { recordAudit } from '../../../functions/audit-trail.ts';
import { loadSource } from '../source-store.ts';
import { backfillToApi } from './backfill-to-api.ts';
import { beginBackfill } from './begin-backfill.ts';

const dayMs = 24 * 60 * 60 * 1000;

/** Makes two requests for one source wait for each other, so the second sees the first's import. */
const lockSource = (tx: Transaction, sourceId: string) =>
  tx.select({ id: source.id }).from(source).where(eq(source.id, sourceId)).for('update');

const runningImportOf = async (tx: Transaction, sourceId: string): Promise<BackfillRow | undefined> => {
  const [running] = await tx
    .select()
    .from(backfill)
    .where(and(eq(backfill.sourceId, sourceId), eq(backfill.status, 'running')));
  return running;
};

/**
 * On-demand imports of a source in the last day, besides its first one (started under the preview,
 * decision 070, as a connection used to start it). Issue 38: each import lists every object again,
 * so repeating it at once only loads Stripe and HubSpot.
 */
const assertImportAllowed = async (tx: Transaction, sourceId: string): Promise<void> => {
  const [first] = await tx
    .select({ id: backfill.id })
    .from(backfill)
    .where(eq(backfill.sourceId, sourceId))
    .orderBy(asc(backfill.startedAt))
    .limit(1);
  if (!first) return;
  const [recent] = await tx
    .select({ n: count() })
    .from(backfill)
    .where(
      and(
        eq(backfill.sourceId, sourceId),
        ne(backfill.id, first.id),
        isNotNull(backfill.requestedBy),
        gt(backfill.startedAt, new Date(Date.now() - dayMs)),
      ),
    );
  if ((recent?.n ?? 0) >= creationLimits.importsPerSourcePerDay)
    throw keyedError('resource-exhausted', backfillMessages, 'importLimitReached');
};

/**
 * "Import existing data" on demand: needs a connected, enabled source (decision 012); the import
 * already running is returned as it is, a new one is limited per source and day.
 */
export const startBackfill = implement('startBackfill', async ({ subscriptionId, sourceId }, call) => {
  const { app, caller } = call;
  const row = await loadSource(app.database.db, subscriptionId, sourceId);
  const started = await app.database.db.transaction(async (tx) => {
    await lockSource(tx, row.id);
    const running = await runningImportOf(tx, row.id);
    if (running) return running;
    await assertImportAllowed(tx, row.id);
    const target = { type: 'source', id: row.id, name: row.name } as const;
    await recordAudit(tx, call, { kind: 'import.started', target });
    return beginBackfill(app, tx, row, caller.userId);
  });
  return { backfill: backfillToApi(started) };
});
