import { and, eq, isNull } from 'drizzle-orm';
import { connectionMessages, keyedError } from '@billbridge/contract';
import { destination } from '../../db/schema.ts';
import { implement } from '../../functions/framework.ts';
import { loadDestination } from './destination-store.ts';

/** Refused while connected (spec §2: delete is disabled while connected); disconnect first. */
export const deleteDestination = implement(
  'deleteDestination',
  async ({ subscriptionId, destinationId }, { app }) => {
    const { db } = app.database;
    const row = await loadDestination(db, subscriptionId, destinationId);
    const refused = () => keyedError('failed-precondition', connectionMessages, 'deleteWhileConnected');
    if (row.accessTokenSealed) throw refused();
    const deleted = await db
      .delete(destination)
      .where(and(eq(destination.id, destinationId), isNull(destination.accessTokenSealed)))
      .returning({ id: destination.id });
    if (deleted.length === 0) throw refused();
    return { success: true as const };
  },
);
