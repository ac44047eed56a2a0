import { and, eq, isNull } from 'drizzle-orm';
import Stripe from 'stripe';
import type { AppContext } from '../../context.ts';
import { source, type SourceRow } from '../../db/schema.ts';
import { noticeConnectionLost } from './connection-lost.ts';

/**
 * A source's restricted key that Stripe answered 401 (deleted or rolled in the dashboard): the
 * source loses its connection as a deauthorized Connect source does (decision 021) — account, key
 * and endpoint secret forgotten, switch and settings kept — and its owner and admins are mailed
 * once. Returns whether `error` was such a refusal.
 */
export const loseRevokedKey = async (
  context: AppContext,
  row: Pick<SourceRow, 'id' | 'subscriptionId' | 'restrictedKeySealed'>,
  error: unknown,
): Promise<boolean> => {
  if (!row.restrictedKeySealed || !(error instanceof Stripe.errors.StripeAuthenticationError)) return false;
  const { db } = context.database;
  const [lost] = await db
    .update(source)
    .set({
      accountId: null,
      auth: {},
      restrictedKeySealed: null,
      webhookEndpointId: null,
      webhookSecretSealed: null,
      connectionLostAt: new Date(),
      updatedAt: new Date(),
    })
    // Only the key that was refused, and only once: a key connected meanwhile stays.
    .where(
      and(
        eq(source.id, row.id),
        eq(source.restrictedKeySealed, row.restrictedKeySealed),
        isNull(source.connectionLostAt),
      ),
    )
    .returning({ id: source.id, name: source.name, subscriptionId: source.subscriptionId });
  if (lost) {
    context.logger.warn(
      { subscriptionId: lost.subscriptionId, sourceId: lost.id },
      'stripe restricted key refused',
    );
    await noticeConnectionLost(context, db, { kind: 'source', ...lost });
  }
  return true;
};
