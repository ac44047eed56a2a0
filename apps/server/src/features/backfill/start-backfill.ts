import { implement } from '../../functions/framework.ts';
import { loadSource } from '../sources/source-store.ts';
import { backfillToApi } from './backfill-to-api.ts';
import { beginBackfill } from './begin-backfill.ts';

/** "Import existing data" on demand: needs a connected, enabled source (decision 012). */
export const startBackfill = implement('startBackfill', async ({ subscriptionId, sourceId }, { app }) => {
  const row = await loadSource(app.database.db, subscriptionId, sourceId);
  const started = await app.database.db.transaction((tx) => beginBackfill(app, tx, row));
  return { backfill: backfillToApi(started) };
});
