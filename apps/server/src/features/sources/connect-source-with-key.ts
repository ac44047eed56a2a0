import { and, eq, isNull } from 'drizzle-orm';
import { connectionMessages, keyedError, sourceWebhookPath } from '@billbridge/contract';
import { source } from '../../db/schema.ts';
import { recordAudit } from '../../functions/audit-trail.ts';
import { implement } from '../../functions/framework.ts';
import { sealedAt } from '../../security/secret-box.ts';
import { beginBackfill, canBackfill } from './backfill/begin-backfill.ts';
import {
  checkKeyKind,
  checkKeyPermissions,
  keyClient,
  registerEndpoint,
  removeEndpoint,
} from './restricted-key.ts';
import { loadSource } from './source-store.ts';
import { sourceToApi } from './source-to-api.ts';
import { stripeSettingsOf } from './stripe-connect.ts';

const alreadyConnected = () => keyedError('already-exists', connectionMessages, 'sourceAlreadyConnected');

/**
 * Connects a source with a restricted key instead of Connect OAuth (issue 36 §3): refuses a secret
 * or publishable key, tries each permission the sync needs, registers the source's own webhook
 * endpoint in the account, and stores key and signing secret sealed. The endpoint's id is the
 * source's account id: events route by it (the key is not asked to read the account itself).
 */
export const connectSourceWithKey = implement(
  'connectSourceWithKey',
  async ({ subscriptionId, sourceId, key }, call) => {
    const { app } = call;
    const settings = stripeSettingsOf(app);
    const { db } = app.database;
    const row = await loadSource(db, subscriptionId, sourceId);
    if (row.accountId) throw alreadyConnected();
    checkKeyKind(key);
    const stripe = keyClient(settings, key);
    await checkKeyPermissions(stripe);
    const endpoint = await registerEndpoint(
      stripe,
      `${app.providers.webhookOrigin()}${sourceWebhookPath(sourceId)}`,
    );
    const seal = (value: string, column: string) =>
      app.secretBox.seal(value, sealedAt('source', column, sourceId));

    const updated = await db.transaction(async (tx) => {
      const [connected] = await tx
        .update(source)
        .set({
          accountId: endpoint.id,
          livemode: key.startsWith('rk_live_'),
          auth: {},
          restrictedKeySealed: seal(key, 'restricted_key_sealed'),
          webhookEndpointId: endpoint.id,
          webhookSecretSealed: seal(endpoint.secret ?? '', 'webhook_secret_sealed'),
          connectionLostAt: null,
          connectedAt: new Date(),
          updatedAt: new Date(),
        })
        .where(and(eq(source.id, sourceId), isNull(source.accountId)))
        .returning();
      if (connected) {
        const kind = row.connectedAt === null ? 'source.connected' : 'source.reconnected';
        await recordAudit(tx, call, { kind, target: { type: 'source', id: sourceId, name: row.name } });
      }
      return connected;
    });
    if (!updated) {
      // Connected meanwhile by another call: the endpoint just made serves nobody.
      await removeEndpoint(stripe, endpoint.id);
      throw alreadyConnected();
    }
    app.logger.info(
      { subscriptionId, sourceId, endpointId: endpoint.id },
      'stripe source connected with a restricted key',
    );
    if (canBackfill(updated)) await db.transaction((tx) => beginBackfill(app, tx, updated));
    return { source: sourceToApi(updated) };
  },
);
