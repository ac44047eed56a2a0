import { and, eq, isNull } from 'drizzle-orm';
import { connectionMessages, keyedError } from '@billbridge/contract';
import { destination } from '../../db/schema.ts';
import { implement } from '../../functions/framework.ts';
import { recordAudit } from '../../functions/audit-trail.ts';
import { loadDestination } from './destination-store.ts';

/** Refused while connected (spec §2: delete is disabled while connected); disconnect first. */
export const deleteDestination = implement(
  'deleteDestination',
  async ({ subscriptionId, destinationId }, call) => {
    const { app } = call;
    const { db } = app.database;
    const row = await loadDestination(db, subscriptionId, destinationId);
    const refused = () => keyedError('failed-precondition', connectionMessages, 'deleteWhileConnected');
    if (row.accessTokenSealed) throw refused();
    await db.transaction(async (tx) => {
      const deleted = await tx
        .delete(destination)
        .where(and(eq(destination.id, destinationId), isNull(destination.accessTokenSealed)))
        .returning({ id: destination.id });
      if (deleted.length === 0) throw refused();
      const target = { type: 'destination', id: destinationId, name: row.name } as const;
      await recordAudit(tx, call, { kind: 'destination.deleted', target });
    });
    return { success: true as const };
  },
);
