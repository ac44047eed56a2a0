import { and, eq } from 'drizzle-orm';
import { source } from '../../db/schema.ts';
import { implement } from '../../functions/framework.ts';
import { disconnectedSource, loadSource } from './source-store.ts';
import { deauthorizeStripeAccount, stripeSettingsOf } from './stripe-connect.ts';

/**
 * Revokes Billbridge's access in Stripe, then forgets the account and its tokens. If Stripe cannot
 * be reached nothing changes, so the user can try again rather than leave a live grant behind.
 */
export const disconnectSource = implement(
  'disconnectSource',
  async ({ subscriptionId, sourceId }, { app }) => {
    const { db } = app.database;
    const row = await loadSource(db, subscriptionId, sourceId);
    if (row.accountId) await deauthorizeStripeAccount(stripeSettingsOf(app), row.accountId);
    await db
      .update(source)
      .set(disconnectedSource())
      .where(and(eq(source.id, sourceId), eq(source.subscriptionId, subscriptionId)));
    app.logger.info({ subscriptionId, sourceId }, 'stripe source disconnected');
    return { success: true as const };
  },
);
