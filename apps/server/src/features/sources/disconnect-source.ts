import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { source, type SourceRow } from '../../db/schema.ts';
import { implement } from '../../functions/framework.ts';
import { recordAudit, type AuditedCall } from '../../functions/audit-trail.ts';
import { disconnectedSource, loadSource } from './source-store.ts';
import { openRestrictedKey } from '../../providers/stripe-client.ts';
import { keyClient, removeEndpoint } from './restricted-key.ts';
import { deauthorizeStripeAccount, stripeSettingsOf } from './stripe-connect.ts';

/**
 * Lets go of the source's hold on its Stripe account: a Connect source deauthorizes the platform;
 * a key source removes its own webhook endpoint (the key itself is the account holder's to delete).
 */
export const letGoOfStripe = async (app: AppContext, row: SourceRow): Promise<void> => {
  if (!row.accountId) return;
  const settings = stripeSettingsOf(app);
  if (row.restrictedKeySealed && row.webhookEndpointId) {
    const stripe = keyClient(settings, openRestrictedKey(app.secretBox, row));
    await removeEndpoint(stripe, row.webhookEndpointId);
  } else await deauthorizeStripeAccount(settings, row.accountId);
};

/**
 * Revokes Billbridge's access in Stripe, then forgets the account, its key and tokens. If Stripe
 * cannot be reached nothing changes, so the user can try again rather than leave a live grant behind.
 */
export const releaseSourceConnection = async (
  app: AppContext,
  row: SourceRow,
  call: AuditedCall,
): Promise<void> => {
  await letGoOfStripe(app, row);
  await app.database.db.transaction(async (tx) => {
    await tx
      .update(source)
      .set(disconnectedSource())
      .where(and(eq(source.id, row.id), eq(source.subscriptionId, row.subscriptionId)));
    const target = { type: 'source', id: row.id, name: row.name } as const;
    await recordAudit(tx, call, { kind: 'source.disconnected', target });
  });
  app.logger.info({ subscriptionId: row.subscriptionId, sourceId: row.id }, 'stripe source disconnected');
};

export const disconnectSource = implement('disconnectSource', async ({ subscriptionId, sourceId }, call) => {
  const row = await loadSource(call.app.database.db, subscriptionId, sourceId);
  await releaseSourceConnection(call.app, row, call);
  return { success: true as const };
});
