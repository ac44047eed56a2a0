import { and, eq } from 'drizzle-orm';
import { source } from '../../db/schema.ts';
import { implement } from '../../functions/framework.ts';
import { loadSource } from './source-store.ts';
import { deauthorizeStripeAccount, stripeSettingsOf } from './stripe-connect.ts';

/** Deletes a source; a connected one is deauthorized in Stripe first, so its events stop. */
export const deleteSource = implement('deleteSource', async ({ subscriptionId, sourceId }, { app }) => {
  const { db } = app.database;
  const row = await loadSource(db, subscriptionId, sourceId);
  if (row.accountId) await deauthorizeStripeAccount(stripeSettingsOf(app), row.accountId);
  await db.delete(source).where(and(eq(source.id, sourceId), eq(source.subscriptionId, subscriptionId)));
  return { success: true as const };
});
