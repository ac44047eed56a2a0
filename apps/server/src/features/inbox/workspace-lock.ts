import { asc, inArray } from 'drizzle-orm';
import type { Transaction } from '../../db/client.ts';
import { subscription } from '../../db/schema.ts';

/**
 * Locks workspace rows until the transaction ends, in id order. The gate takes it before it reads
 * a workspace's plan and destinations, and whatever releases held events takes it before it looks
 * for them: otherwise a gate that read "capped" (or "no destination") before an upgrade committed
 * could hold an event after the upgrade's release had looked, and the event would wait for the
 * next release. With the lock, the one that comes second sees what the first committed. A no-key
 * lock: storing events, which only checks the row exists, is not held up.
 */
export const lockWorkspaces = async (tx: Transaction, subscriptionIds: string[]): Promise<void> => {
  if (subscriptionIds.length === 0) return;
  await tx
    .select({ id: subscription.id })
    .from(subscription)
    .where(inArray(subscription.id, subscriptionIds))
    .orderBy(asc(subscription.id))
    .for('no key update');
};
