import { randomUUID } from 'node:crypto';
import { destination } from '../../db/schema.ts';
import { implement } from '../../functions/framework.ts';

/** A new, not yet connected HubSpot destination without mapping rules (spec §2 "Destination type selection"). */
export const createDestination = implement('createDestination', async ({ subscriptionId }, { app }) => {
  const id = randomUUID();
  await app.database.db.insert(destination).values({
    id,
    subscriptionId,
    name: '',
    type: 'hubspot',
    enabled: false,
    settings: { pipeline_mapping_rules: [] },
  });
  return { destinationId: id };
});
