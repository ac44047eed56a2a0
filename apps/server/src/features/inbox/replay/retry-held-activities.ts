import { implement } from '../../../functions/framework.ts';
import { recordRetried } from './record-retried.ts';
import { releaseHeldEvents } from './replay.ts';

/** Sends every held event of the workspace back through the pipeline; what is still held stays so. */
export const retryHeldActivities = implement('retryHeldActivities', async (_input, call) =>
  call.app.database.db.transaction(async (tx) => {
    const retried = await releaseHeldEvents(call.app, tx, call.workspace.subscription.id);
    return { retried: await recordRetried(tx, call, retried) };
  }),
);
