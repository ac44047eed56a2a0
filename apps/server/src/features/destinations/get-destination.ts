import { implement } from '../../functions/framework.ts';
import { loadDestination } from './destination-store.ts';
import { destinationToApi } from './destination-to-api.ts';

export const getDestination = implement(
  'getDestination',
  async ({ subscriptionId, destinationId }, { app }) =>
    destinationToApi(await loadDestination(app.database.db, subscriptionId, destinationId)),
);
