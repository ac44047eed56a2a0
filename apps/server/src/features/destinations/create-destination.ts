import { randomUUID } from 'node:crypto';
import { destination } from '../../db/schema.ts';
import { implement } from '../../functions/framework.ts';
import { recordAudit } from '../../functions/audit-trail.ts';
import { assertConnectionRoom } from '../limits/creation-limits.ts';

/**
 * A new, not yet connected HubSpot destination without mapping rules (spec §2 "Destination type
 * selection"), within the workspace's cap (issue 38).
 */
export const createDestination = implement('createDestination', async ({ subscriptionId }, call) => {
  const { app } = call;
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
    await recordAudit(tx, call, { kind: 'destination.created', target: { type: 'destination', id } });
  });
  return { destinationId: id };
});
