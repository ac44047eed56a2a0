import { implement } from '../../../functions/framework.ts';
import { releaseHeldEvents } from './replay.ts';

/** Sends every held event of the workspace back through the pipeline; what is still held stays so. */
export const retryHeldActivities = implement('retryHeldActivities', async (_input, { app, workspace }) =>
  app.database.db.transaction(async (tx) => ({
    retried: await releaseHeldEvents(app, tx, workspace.subscription.id),
  })),
);
