import { and, eq } from 'drizzle-orm';
import { connectionMessages, keyedError } from '@billbridge/contract';
import { destination } from '../../db/schema.ts';
import { implement } from '../../functions/framework.ts';
import { recordConnectionSave } from '../connections/connection-audit.ts';
import { releaseHeldEvents } from '../inbox/replay/replay.ts';
import { checkFieldMappings } from './check-field-mappings.ts';
import { loadDestination, settingsOf } from './destination-store.ts';

/**
 * Name, switch, mapping rules and field mappings (spec §7 "save CRM destination", issue 34). The
 * contract has already checked every rule with the spec §5 messages and each field mapping's source
 * and property; new field mappings are checked against the portal's properties; enabling needs a
 * connected portal.
 */
export const saveDestination = implement(
  'saveDestination',
  async ({ subscriptionId, destinationId, name, enabled, settings }, call) => {
    const { app } = call;
    const { db } = app.database;
    const row = await loadDestination(db, subscriptionId, destinationId);
    if (enabled && !row.accessTokenSealed) {
      throw keyedError('failed-precondition', connectionMessages, 'enableNeedsConnection');
    }
    await checkFieldMappings(app, row, settings.field_mappings);
    await db.transaction(async (tx) => {
      await tx
        .update(destination)
        .set({ name, enabled, settings, updatedAt: new Date() })
        .where(and(eq(destination.id, destinationId), eq(destination.subscriptionId, subscriptionId)));
      // Events held while no destination was on sync now.
      if (enabled) await releaseHeldEvents(app, tx, subscriptionId);
      // Compared as read, defaults included: a setting added since the last save is no change.
      const before = { ...row, settings: settingsOf(row) };
      await recordConnectionSave(tx, call, 'destination', before, { id: row.id, name, enabled, settings });
    });
    return { success: true as const };
  },
);
