import { and, eq } from 'drizzle-orm';
import { connectionMessages, keyedError } from '@billbridge/contract';
import type { Transaction } from '../../db/client.ts';
import { backfill, source, stripeEvent } from '../../db/schema.ts';
import { moveEvents } from '../inbox/event-states.ts';
import { filtersOf } from '../inbox/source-settings.ts';
import { implement } from '../../functions/framework.ts';
import { recordConnectionSave } from '../connections/connection-audit.ts';
import { beginBackfill, canBackfill } from './backfill/begin-backfill.ts';
import { loadSource } from './source-store.ts';
import { sourceToApi } from './source-to-api.ts';

/** Whether the source was ever imported: its first import waits for a preview (decision 070). */
const everImported = async (tx: Transaction, sourceId: string): Promise<boolean> =>
  (await tx.select({ id: backfill.id }).from(backfill).where(eq(backfill.sourceId, sourceId)).limit(1))
    .length > 0;

/**
 * Changed filters look again at what the old ones held back (decision 069): the source's filtered
 * events go back through the gate, which lets through those the new filters pass.
 */
const refilter = async (tx: Transaction, sourceId: string): Promise<number> => {
  const waiting = await tx
    .select({ id: stripeEvent.id })
    .from(stripeEvent)
    .where(and(eq(stripeEvent.sourceId, sourceId), eq(stripeEvent.state, 'filtered')));
  const ids = waiting.map((row) => row.id);
  return (await moveEvents(tx, { from: 'filtered', to: 'received', ids })).length;
};

const filtersChanged = (before: Record<string, unknown>, after: Record<string, unknown>) =>
  JSON.stringify(filtersOf(before)) !== JSON.stringify(filtersOf(after));

/**
 * Name, switch, sync toggles and filters (spec §7 "save source"); enabling needs a connected account.
 * Switching a source on again imports its existing objects (decision 012): the CRM catches up on
 * what changed while the source was off. The first switch-on imports nothing: the source page
 * previews that import and the user starts it (decision 070).
 */
export const saveSource = implement(
  'saveSource',
  async ({ subscriptionId, sourceId, name, enabled, settings }, call) => {
    const { app } = call;
    const { db } = app.database;
    const row = await loadSource(db, subscriptionId, sourceId);
    if (enabled && !row.accountId) {
      throw keyedError('failed-precondition', connectionMessages, 'enableNeedsConnection');
    }
    const refiltered = await db.transaction(async (tx) => {
      const [saved] = await tx
        .update(source)
        .set({ name, enabled, settings, updatedAt: new Date() })
        .where(and(eq(source.id, sourceId), eq(source.subscriptionId, subscriptionId)))
        .returning();
      if (saved && !row.enabled && canBackfill(saved) && (await everImported(tx, saved.id)))
        await beginBackfill(app, tx, saved);
      // Compared as read, defaults included: a setting added since the last save (filters) is no change.
      const before = { ...row, settings: sourceToApi(row).settings };
      await recordConnectionSave(tx, call, 'source', before, { id: row.id, name, enabled, settings });
      return filtersChanged(row.settings, settings) ? refilter(tx, sourceId) : 0;
    });
    if (refiltered > 0) app.drains.nudge(subscriptionId);
    return { success: true as const };
  },
);
