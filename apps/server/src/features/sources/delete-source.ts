import { and, eq } from 'drizzle-orm';
import { source } from '../../db/schema.ts';
import { implement } from '../../functions/framework.ts';
import { recordAudit } from '../../functions/audit-trail.ts';
import { loadSource } from './source-store.ts';
import { letGoOfStripe } from './disconnect-source.ts';

/** Deletes a source; a connected one lets go of Stripe first (decision 009), so its events stop. */
export const deleteSource = implement('deleteSource', async ({ subscriptionId, sourceId }, call) => {
  const { app } = call;
  const { db } = app.database;
  const row = await loadSource(db, subscriptionId, sourceId);
  await letGoOfStripe(app, row);
  await db.transaction(async (tx) => {
    await tx.delete(source).where(and(eq(source.id, sourceId), eq(source.subscriptionId, subscriptionId)));
    await recordAudit(tx, call, {
      kind: 'source.deleted',
      target: { type: 'source', id: sourceId, name: row.name },
    });
  });
  return { success: true as const };
});
