import { sql } from 'drizzle-orm';
import { usage } from '../../db/schema.ts';
import type { Transaction } from './gate.ts';

/**
 * Counts one sync event in the workspace's period and returns the new count, or undefined when the
 * cap is already reached (nothing counted). One statement, so concurrent counters never pass the cap.
 */
export const countSyncEvent = async (
  tx: Transaction,
  subscriptionId: string,
  periodStart: Date,
  cap: number | undefined,
): Promise<number | undefined> => {
  if (cap !== undefined && cap <= 0) return undefined;
  const rows = await tx
    .insert(usage)
    .values({ subscriptionId, periodStart, events: 1 })
    .onConflictDoUpdate({
      target: [usage.subscriptionId, usage.periodStart],
      set: { events: sql`${usage.events} + 1` },
      ...(cap === undefined ? {} : { setWhere: sql`${usage.events} < ${cap}` }),
    })
    .returning({ events: usage.events });
  return rows[0]?.events;
};
