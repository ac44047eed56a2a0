import { implement } from '../../functions/framework.ts';
import { loadSource } from './source-store.ts';
import { sourceToApi } from './source-to-api.ts';

export const getSource = implement('getSource', async ({ subscriptionId, sourceId }, { app }) =>
  sourceToApi(await loadSource(app.database.db, subscriptionId, sourceId)),
);
