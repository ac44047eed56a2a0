import { and, eq, gte, inArray, lte } from 'drizzle-orm';
import type { AppContext } from '../../../context.ts';
import { activity } from '../../../db/schema.ts';
import { enqueueDrain } from '../drain-queue.ts';
import { moveEvents, type EventState } from '../event-states.ts';
import { lockWorkspaces } from '../workspace-lock.ts';
import type { Transaction } from '../../../db/client.ts';

/**
 * Sends events back to the start of the pipeline (held → received, failed → received, as
 * `eventTransitions` allows) with a fresh attempt count, and asks for a drain in the same
 * transaction, under the workspace's row lock (`lockWorkspaces`). Returns how many moved.
 */
export const replayEvents = async (
  context: AppContext,
  tx: Transaction,
  subscriptionId: string,
  where: { ids?: number[]; reasons?: string[]; states: Extract<EventState, 'held' | 'failed'>[] },
): Promise<number> => {
  await lockWorkspaces(tx, [subscriptionId]);
  const moved = await moveEvents(tx, {
    from: where.states,
    to: 'received',
    subscriptionId,
    ...(where.ids ? { ids: where.ids } : {}),
    ...(where.reasons ? { lastErrors: where.reasons } : {}),
    set: { attempts: 0, notBefore: null, lastError: null },
  });
  if (moved.length === 0) return 0;
  await tx
    .update(activity)
    .set({ status: 'pending', reason: null, updatedAt: new Date() })
    .where(inArray(activity.stripeEventId, moved));
  await enqueueDrain(context.queue, subscriptionId, { tx });
  return moved.length;
};

/** Held events sync now: after an upgrade, a new period, or a destination (re)connecting. */
export const releaseHeldEvents = (context: AppContext, tx: Transaction, subscriptionId: string) =>
  replayEvents(context, tx, subscriptionId, { states: ['held'] });

/** The inbox rows behind the workspace's activities in a time range (epoch seconds, inclusive). */
export const eventIdsInRange = async (tx: Transaction, subscriptionId: string, from: number, to: number) =>
  (
    await tx
      .select({ id: activity.stripeEventId })
      .from(activity)
      .where(
        and(
          eq(activity.subscriptionId, subscriptionId),
          eq(activity.status, 'failure'),
          gte(activity.time, new Date(from * 1000)),
          lte(activity.time, new Date(to * 1000)),
        ),
      )
  ).map((row) => row.id);
