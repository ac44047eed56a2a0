import { and, eq } from 'drizzle-orm';
import { connectionMessages, keyedError } from '@billbridge/contract';
import type { Db } from '../../db/client.ts';
import { source, type SourceRow } from '../../db/schema.ts';

/** The source `sourceId` of the workspace, or not-found (a source of another workspace is not found). */
export const loadSource = async (db: Db, subscriptionId: string, sourceId: string): Promise<SourceRow> => {
  const [row] = await db
    .select()
    .from(source)
    .where(and(eq(source.id, sourceId), eq(source.subscriptionId, subscriptionId)));
  if (!row) throw keyedError('not-found', connectionMessages, 'sourceNotFound');
  return row;
};

/** What a source looks like once disconnected: no account, no key, not syncing. */
export const disconnectedSource = () => ({
  accountId: null,
  restrictedKeySealed: null,
  webhookEndpointId: null,
  webhookSecretSealed: null,
  enabled: false,
  auth: {},
  livemode: null,
  connectionLostAt: null,
  updatedAt: new Date(),
});
