import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { source, type SourceRow } from '../../db/schema.ts';
import { implement } from '../../functions/framework.ts';
import { disconnectedSource, loadSource } from './source-store.ts';
import { deauthorizeStripeAccount, stripeSettingsOf } from './stripe-connect.ts';

/**
 * Revokes Billbridge's access in Stripe, then forgets the account and its tokens. If Stripe cannot
 * be reached nothing changes, so the user can try again rather than leave a live grant behind.
 */
export const releaseSourceConnection = async (app: AppContext, row: SourceRow): Promise<void> => {
  if (row.accountId) await deauthorizeStripeAccount(stripeSettingsOf(app), row.accountId);
  await app.database.db
    .update(source)
    .set(disconnectedSource())
    .where(and(eq(source.id, row.id), eq(source.subscriptionId, row.subscriptionId)));
  app.logger.info({ subscriptionId: row.subscriptionId, sourceId: row.id }, 'stripe source disconnected');
};

export const disconnectSource = implement(
  'disconnectSource',
  async ({ subscriptionId, sourceId }, { app }) => {
    await releaseSourceConnection(app, await loadSource(app.database.db, subscriptionId, sourceId));
    return { success: true as const };
  },
);
