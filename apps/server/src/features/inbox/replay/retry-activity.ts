import { and, eq } from 'drizzle-orm';
import { AppError, retryMessages } from '@billbridge/contract';
import { activity } from '../../../db/schema.ts';
import { implement } from '../../../functions/framework.ts';
import { recordAudit } from '../../../functions/audit-trail.ts';
import { replayEvents } from './replay.ts';

/** Replays one failed or held activity of the workspace. */
export const retryActivity = implement('retryActivity', async ({ activityId }, call) =>
  call.app.database.db.transaction(async (tx) => {
    const { app, workspace } = call;
    const [row] = await tx
      .select({ stripeEventId: activity.stripeEventId })
      .from(activity)
      .where(and(eq(activity.id, activityId), eq(activity.subscriptionId, workspace.subscription.id)));
    if (!row) throw new AppError('not-found', retryMessages.notFound);
    const retried = await replayEvents(app, tx, workspace.subscription.id, {
      ids: [row.stripeEventId],
      states: ['failed', 'held'],
    });
    if (retried === 0) throw new AppError('failed-precondition', retryMessages.notRetriable);
    await recordAudit(tx, call, { kind: 'events.retried', after: { events: retried, activity: activityId } });
    return { retried };
  }),
);
