import { implement } from '../../../functions/framework.ts';
import { eventIdsInRange, replayEvents } from './replay.ts';

/** Replays every failed activity of the workspace whose time lies in the range. */
export const retryFailedActivities = implement(
  'retryFailedActivities',
  async ({ from, to }, { app, workspace }) =>
    app.database.db.transaction(async (tx) => {
      const ids = await eventIdsInRange(tx, workspace.subscription.id, from, to);
      return { retried: await replayEvents(app, tx, workspace.subscription.id, { ids, states: ['failed'] }) };
    }),
);
