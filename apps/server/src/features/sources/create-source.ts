import { randomUUID } from 'node:crypto';
import { defaultSourceSettings } from '@billbridge/contract';
import { source } from '../../db/schema.ts';
import { implement } from '../../functions/framework.ts';
import { recordAudit } from '../../functions/audit-trail.ts';
import { assertConnectionRoom } from '../limits/creation-limits.ts';

/**
 * A new, not yet connected Stripe source with every sync toggle on (spec §2 "Source type
 * selection"), within the workspace's cap (issue 38).
 */
export const createSource = implement('createSource', async ({ subscriptionId }, call) => {
  const { app } = call;
  const id = randomUUID();
  await app.database.db.transaction(async (tx) => {
    await assertConnectionRoom(tx, subscriptionId, 'source');
    await tx.insert(source).values({
      id,
      subscriptionId,
      name: '',
      type: 'stripe',
      enabled: false,
      settings: defaultSourceSettings(),
    });
    await recordAudit(tx, call, { kind: 'source.created', target: { type: 'source', id } });
  });
  return { sourceId: id };
});
