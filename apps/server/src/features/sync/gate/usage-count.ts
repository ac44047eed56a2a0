import { and, eq } from 'drizzle-orm';
import { usage } from '../../../db/schema.ts';
import type { Transaction } from '../../../db/client.ts';

/**
 * Counts up to `wanted` sync events in the workspace's period without passing `cap` (undefined:
 * no cap) and returns how many were counted and the new total. The usage row is locked for the
 * transaction, so concurrent counters never pass the cap together.
 */
export const countSyncEvents = async (
  tx: Transaction,
  subscriptionId: string,
  periodStart: Date,
  cap: number | undefined,
  wanted: number,
): Promise<{ counted: number; total: number }> => {
  await tx.insert(usage).values({ subscriptionId, periodStart, events: 0 }).onConflictDoNothing();
  const [row] = await tx
    .select({ events: usage.events })
    .from(usage)
    .where(and(eq(usage.subscriptionId, subscriptionId), eq(usage.periodStart, periodStart)))
    .for('update');
  const before = row?.events ?? 0;
  const counted = cap === undefined ? wanted : Math.max(0, Math.min(wanted, cap - before));
  if (counted > 0) {
    await tx
      .update(usage)
      .set({ events: before + counted })
      .where(and(eq(usage.subscriptionId, subscriptionId), eq(usage.periodStart, periodStart)));
  }
  return { counted, total: before + counted };
};
