import { implement } from '../../../functions/framework.ts';
import { recordRetried } from './record-retried.ts';
import { eventIdsInRange, replayEvents } from './replay.ts';

/** Replays every failed activity of the workspace whose time lies in the range. */
export const retryFailedActivities = implement('retryFailedActivities', async ({ from, to }, call) =>
  call.app.database.db.transaction(async (tx) => {
    const { app, workspace } = call;
    const ids = await eventIdsInRange(tx, workspace.subscription.id, from, to);
    const retried = await replayEvents(app, tx, workspace.subscription.id, { ids, states: ['failed'] });
    return { retried: await recordRetried(tx, call, retried) };
  }),
);
