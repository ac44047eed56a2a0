import { and, eq } from 'drizzle-orm';
import { AppError, connectionMessages } from '@billbridge/contract';
import { source } from '../../db/schema.ts';
import { implement } from '../../functions/framework.ts';
import { assertNotCanceled } from '../subscriptions/canceled.ts';
import { loadSource } from './source-store.ts';

/** Name, switch and sync toggles (spec §7 "save source"); enabling needs a connected account. */
export const saveSource = implement(
  'saveSource',
  async ({ subscriptionId, sourceId, name, enabled, settings }, { app, workspace }) => {
    assertNotCanceled(workspace.subscription);
    const { db } = app.database;
    const row = await loadSource(db, subscriptionId, sourceId);
    if (enabled && !row.accountId) {
      throw new AppError('failed-precondition', connectionMessages.enableNeedsConnection);
    }
    await db
      .update(source)
      .set({ name, enabled, settings, updatedAt: new Date() })
      .where(and(eq(source.id, sourceId), eq(source.subscriptionId, subscriptionId)));
    return { success: true as const };
  },
);
