import { randomUUID } from 'node:crypto';
import { defaultSourceSettings } from '@billbridge/contract';
import { source } from '../../db/schema.ts';
import { implement } from '../../functions/framework.ts';

/** A new, not yet connected Stripe source with every sync toggle on (spec §2 "Source type selection"). */
export const createSource = implement('createSource', async ({ subscriptionId }, { app }) => {
  const id = randomUUID();
  await app.database.db.insert(source).values({
    id,
    subscriptionId,
    name: '',
    type: 'stripe',
    enabled: false,
    settings: defaultSourceSettings(),
  });
  return { sourceId: id };
});
