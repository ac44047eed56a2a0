import { and, eq, isNull } from 'drizzle-orm';
import { connectionMessages, keyedError } from '@billbridge/contract';
import { isUniqueViolation } from '../../db/errors.ts';
import { source } from '../../db/schema.ts';
import { implement } from '../../functions/framework.ts';
import { recordAudit } from '../../functions/audit-trail.ts';
import { beginBackfill, canBackfill } from './backfill/begin-backfill.ts';
import { consumeOAuthState } from '../connections/oauth-state.ts';
import { loadSource } from './source-store.ts';
import { sourceToApi } from './source-to-api.ts';
import { exchangeStripeCode, stripeSettingsOf } from './stripe-connect.ts';

const accountTaken = () => keyedError('already-exists', connectionMessages, 'accountAlreadyConnected');

/**
 * The Stripe callback's call: checks the state (single use, this session, this source), exchanges
 * the code, and stores the account with its tokens sealed. One Stripe account feeds one source, so
 * its events route to exactly one workspace.
 */
export const connectSource = implement(
  'connectSource',
  async ({ subscriptionId, sourceId, code, state }, call) => {
    const { app, caller } = call;
    const settings = stripeSettingsOf(app);
    const { db } = app.database;
    const row = await loadSource(db, subscriptionId, sourceId);
    if (row.accountId) throw keyedError('already-exists', connectionMessages, 'sourceAlreadyConnected');
    const target = { provider: 'stripe', subscriptionId, targetId: sourceId } as const;
    const { enableOnConnect } = await consumeOAuthState(db, caller, target, state);

    const connection = await exchangeStripeCode(settings, code);
    const [holder] = await db
      .select({ id: source.id })
      .from(source)
      .where(eq(source.accountId, connection.accountId));
    // Not deauthorized: the platform has one connection per account, and it serves the other source.
    if (holder) throw accountTaken();

    let updated;
    try {
      updated = await db.transaction(async (tx) => {
        const [connected] = await tx
          .update(source)
          .set({
            accountId: connection.accountId,
            livemode: connection.livemode,
            auth: { account_id: connection.accountId, ...connection.auth },
            connectionLostAt: null,
            connectedAt: new Date(),
            updatedAt: new Date(),
            // A reconnect: the switch as it was before the old connection was let go.
            ...(enableOnConnect ? { enabled: true } : {}),
          })
          .where(and(eq(source.id, sourceId), isNull(source.accountId)))
          .returning();
        if (connected) {
          // An account connected before (lost, or let go by a reconnect) is connected again.
          const kind = row.connectedAt === null ? 'source.connected' : 'source.reconnected';
          await recordAudit(tx, call, { kind, target: { type: 'source', id: sourceId, name: row.name } });
        }
        return connected;
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw accountTaken();
      throw error;
    }
    if (!updated) throw keyedError('already-exists', connectionMessages, 'sourceAlreadyConnected');
    app.logger.info({ subscriptionId, sourceId, accountId: connection.accountId }, 'stripe source connected');
    // Back after a lost connection or a reconnect with its switch on: import what changed meanwhile.
    if (canBackfill(updated)) await db.transaction((tx) => beginBackfill(app, tx, updated));
    return { source: sourceToApi(updated) };
  },
);
