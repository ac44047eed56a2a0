import { and, count, eq, gt, isNotNull } from 'drizzle-orm';
import { backfillMessages, creationLimits, keyedError } from '@billbridge/contract';
import type { Transaction } from '../../db/client.ts';
import { backfill, type BackfillRow } from '../../db/schema.ts';
import { implement } from '../../functions/framework.ts';
import { loadSource } from '../sources/source-store.ts';
import { backfillToApi } from './backfill-to-api.ts';
import { beginBackfill } from './begin-backfill.ts';

const dayMs = 24 * 60 * 60 * 1000;

const runningImportOf = async (tx: Transaction, sourceId: string): Promise<BackfillRow | undefined> => {
  const [running] = await tx
    .select()
    .from(backfill)
    .where(and(eq(backfill.sourceId, sourceId), eq(backfill.status, 'running')));
  return running;
};

/**
 * On-demand imports of a source in the last day, besides the one its connection started (issue 38:
 * each import lists every object again, so repeating it at once only loads Stripe and HubSpot).
 */
const assertImportAllowed = async (tx: Transaction, sourceId: string): Promise<void> => {
  const [recent] = await tx
    .select({ n: count() })
    .from(backfill)
    .where(
      and(
        eq(backfill.sourceId, sourceId),
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
export const startBackfill = implement(
  'startBackfill',
  async ({ subscriptionId, sourceId }, { app, caller }) => {
    const row = await loadSource(app.database.db, subscriptionId, sourceId);
    const started = await app.database.db.transaction(async (tx) => {
      const running = await runningImportOf(tx, row.id);
      if (running) return running;
      await assertImportAllowed(tx, row.id);
      return beginBackfill(app, tx, row, caller.userId);
    });
    return { backfill: backfillToApi(started) };
  },
);
