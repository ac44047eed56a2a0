import { desc, eq } from 'drizzle-orm';
import { reconciliation } from '../../../db/schema.ts';
import { implement } from '../../../functions/framework.ts';
import { loadSource } from '../source-store.ts';
import { reconciliationToApi } from './reconciliation-to-api.ts';

/** The source's latest reconciliation: how many objects it compared and how many differed. */
export const getReconciliation = implement(
  'getReconciliation',
  async ({ subscriptionId, sourceId }, { app }) => {
    const { db } = app.database;
    await loadSource(db, subscriptionId, sourceId);
    const [latest] = await db
      .select()
      .from(reconciliation)
      .where(eq(reconciliation.sourceId, sourceId))
      .orderBy(desc(reconciliation.startedAt))
      .limit(1);
    return { reconciliation: latest ? reconciliationToApi(latest) : null };
  },
);
