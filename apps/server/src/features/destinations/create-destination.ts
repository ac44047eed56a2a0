import { randomUUID } from 'node:crypto';
import { destination } from '../../db/schema.ts';
import { implement } from '../../functions/framework.ts';
import { assertConnectionRoom } from '../limits/creation-limits.ts';

/**
 * A new, not yet connected HubSpot destination without mapping rules (spec §2 "Destination type
 * selection"), within the workspace's cap (issue 38).
 */
export const createDestination = implement('createDestination', async ({ subscriptionId }, { app }) => {
  const id = randomUUID();
  await app.database.db.transaction(async (tx) => {
    await assertConnectionRoom(tx, subscriptionId, 'destination');
    await tx.insert(destination).values({
      id,
      subscriptionId,
      name: '',
      type: 'hubspot',
      enabled: false,
      settings: { pipeline_mapping_rules: [] },
    });
  });
  return { destinationId: id };
});
