import { and, eq } from 'drizzle-orm';
import { connectionMessages, keyedError } from '@billbridge/contract';
import { source } from '../../db/schema.ts';
import { implement } from '../../functions/framework.ts';
import { beginBackfill, canBackfill } from '../backfill/begin-backfill.ts';
import { loadSource } from './source-store.ts';

/**
 * Name, switch and sync toggles (spec §7 "save source"); enabling needs a connected account.
 * Switching a source on imports its existing objects (decision 012): the CRM starts complete after
 * a connection, and catches up on what changed while the source was off.
 */
export const saveSource = implement(
  'saveSource',
  async ({ subscriptionId, sourceId, name, enabled, settings }, { app }) => {
    const { db } = app.database;
    const row = await loadSource(db, subscriptionId, sourceId);
    if (enabled && !row.accountId) {
      throw keyedError('failed-precondition', connectionMessages, 'enableNeedsConnection');
    }
    await db.transaction(async (tx) => {
      const [saved] = await tx
        .update(source)
        .set({ name, enabled, settings, updatedAt: new Date() })
        .where(and(eq(source.id, sourceId), eq(source.subscriptionId, subscriptionId)))
        .returning();
      if (saved && !row.enabled && canBackfill(saved)) await beginBackfill(app, tx, saved);
    });
    return { success: true as const };
  },
);
