import { desc, eq } from 'drizzle-orm';
import { backfill } from '../../../db/schema.ts';
import { implement } from '../../../functions/framework.ts';
import { loadSource } from '../source-store.ts';
import { backfillToApi } from './backfill-to-api.ts';

/** The source's latest import, for a progress bar: kinds, counts so far, status. */
export const getBackfillProgress = implement(
  'getBackfillProgress',
  async ({ subscriptionId, sourceId }, { app }) => {
    const { db } = app.database;
    await loadSource(db, subscriptionId, sourceId);
    const [latest] = await db
      .select()
      .from(backfill)
      .where(eq(backfill.sourceId, sourceId))
      .orderBy(desc(backfill.startedAt))
      .limit(1);
    return { backfill: latest ? backfillToApi(latest) : null };
  },
);
