import { and, eq } from 'drizzle-orm';
import { connectionMessages, keyedError } from '@billbridge/contract';
import { destination } from '../../db/schema.ts';
import { implement } from '../../functions/framework.ts';
import { releaseHeldEvents } from '../sync/replay/replay.ts';
import { loadDestination } from './destination-store.ts';

/**
 * Name, switch and mapping rules (spec §7 "save CRM destination"). The contract has already checked
 * every rule with the spec §5 messages; enabling needs a connected portal.
 */
export const saveDestination = implement(
  'saveDestination',
  async ({ subscriptionId, destinationId, name, enabled, settings }, { app }) => {
    const { db } = app.database;
    const row = await loadDestination(db, subscriptionId, destinationId);
    if (enabled && !row.accessTokenSealed) {
      throw keyedError('failed-precondition', connectionMessages, 'enableNeedsConnection');
    }
    await db.transaction(async (tx) => {
      await tx
        .update(destination)
        .set({ name, enabled, settings, updatedAt: new Date() })
        .where(and(eq(destination.id, destinationId), eq(destination.subscriptionId, subscriptionId)));
      // Events held while no destination was on sync now.
      if (enabled) await releaseHeldEvents(app, tx, subscriptionId);
    });
    return { success: true as const };
  },
);
