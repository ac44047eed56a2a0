import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activity, auditEvent, crmEngagement, crmLink, stripeEvent, usage } from '../../db/schema.ts';
import { startWorker } from '../../main/start-worker.ts';
import { callFunction } from '../../testing/users.ts';
import { waitFor } from '../../testing/wait.ts';
import {
  postWebhook,
  seedSyncedWorkspace,
  stripeEventOf,
  syncBed,
  type SyncBed,
  type SyncedWorkspace,
} from '../../testing/sync.ts';
import { pruneOnce } from './prune.ts';
import { retentionQueue } from './retention-job.ts';

const day = 86_400_000;
const policy = { payloadDays: 30, batchSize: 2 };

describe('retention (decision 058)', () => {
  let bed: SyncBed;
  let ws: SyncedWorkspace;
  const ids: Record<string, number> = {};
  const activityIds: Record<string, number> = {};

  /** An inbox event of the workspace as the sync leaves it, received `ageDays` ago, with its activity. */
  const seedEvent = async (
    name: string,
    {
      ageDays,
      state,
      type = 'customer.updated',
      activityAgeDays = ageDays,
    }: {
      ageDays: number;
      state: string;
      type?: string;
      activityAgeDays?: number;
    },
  ) => {
    const event = stripeEventOf({ account: ws.account, type });
    const { db } = bed.t.context.database;
    const [row] = await db
      .insert(stripeEvent)
      .values({
        accountId: ws.account,
        eventId: event.id,
        type,
        livemode: false,
        created: event.created,
        objectId: (event.data.object as { id: string }).id,
        payload: event,
        rawPayload: JSON.stringify(event),
        sourceId: ws.sourceId,
        subscriptionId: ws.subscriptionId,
        state,
        receivedAt: new Date(Date.now() - ageDays * day),
      })
      .returning({ id: stripeEvent.id, eventId: stripeEvent.eventId });
    if (!row) throw new Error('event not stored');
    const [logged] = await db
      .insert(activity)
      .values({
        subscriptionId: ws.subscriptionId,
        stripeEventId: row.id,
        type: 'customer',
        rawEventType: type,
        eventId: event.id,
        time: new Date(Date.now() - activityAgeDays * day),
        status: state === 'failed' ? 'failure' : state === 'held' ? 'warning' : 'success',
      })
      .returning({ id: activity.id });
    ids[name] = row.id;
    activityIds[name] = logged?.id ?? 0;
    return { body: JSON.stringify(event), eventId: row.eventId };
  };

  const eventRow = async (name: string) =>
    (
      await bed.t.context.database.db
        .select()
        .from(stripeEvent)
        .where(eq(stripeEvent.id, ids[name] ?? 0))
    )[0];
  const activityRow = async (name: string) =>
    (
      await bed.t.context.database.db
        .select()
        .from(activity)
        .where(eq(activity.id, activityIds[name] ?? 0))
    )[0];

  let oldDone: { body: string; eventId: string };
  const periodStart = new Date('2025-01-01T00:00:00Z');

  beforeAll(async () => {
    bed = await syncBed({ webhooks: false, worker: false });
    ws = await seedSyncedWorkspace(bed.t);
    oldDone = await seedEvent('oldDone', { ageDays: 40, state: 'done' });
    await seedEvent('oldIgnored', { ageDays: 45, state: 'ignored' });
    await seedEvent('recentDone', { ageDays: 5, state: 'done' });
    await seedEvent('oldFailed', { ageDays: 500, state: 'failed' });
    await seedEvent('oldHeld', { ageDays: 500, state: 'held' });
    const applied = await seedEvent('applied', { ageDays: 60, state: 'done' });
    await seedEvent('yearOld', { ageDays: 420, state: 'done' });
    await seedEvent('oldImport', { ageDays: 420, state: 'done', type: 'customer.backfilled' });
    await bed.t.context.database.db.insert(crmLink).values({
      destinationId: ws.destinationId,
      stripeObjectId: 'cus_applied',
      crmObjectType: 'contacts',
      crmObjectId: '101',
      appliedEventId: applied.eventId,
    });
    await bed.t.context.database.db
      .insert(usage)
      .values({ subscriptionId: ws.subscriptionId, periodStart, events: 7 });
    // Notes remembered for an old settled event, a recent one and an old failed one (retried later).
    const failedEventId = (await eventRow('oldFailed'))?.eventId ?? '';
    for (const [stripeEventId, ageDays] of [
      [oldDone.eventId, 40],
      ['evt_recent_note', 5],
      [failedEventId, 500],
    ] as const)
      await bed.t.context.database.db.insert(crmEngagement).values({
        destinationId: ws.destinationId,
        stripeEventId,
        crmObjectType: 'notes',
        crmObjectId: `note-${stripeEventId}`,
        createdAt: new Date(Date.now() - ageDays * day),
      });
    // Audit events of 14, 12 and 0 months: only the first is past its 13 months.
    for (const [kind, ageDays] of [
      ['source.created', 425],
      ['source.switched_on', 365],
      ['source.deleted', 0],
    ] as const)
      await bed.t.context.database.db.insert(auditEvent).values({
        subscriptionId: ws.subscriptionId,
        actorType: 'system',
        kind,
        createdAt: new Date(Date.now() - ageDays * day),
      });
  });
  afterAll(() => bed.stop());

  it('drops the payload of settled events past EVENT_PAYLOAD_DAYS, in batches, and keeps the row', async () => {
    const counts = await pruneOnce(bed.t.context.database.db, policy);
    expect(counts).toEqual({
      payloadsDropped: 4,
      activitiesDeleted: 2,
      eventsDeleted: 1,
      auditEventsDeleted: 1,
      engagementsDeleted: 1,
    });
    for (const name of ['oldDone', 'oldIgnored', 'yearOld']) {
      const row = await eventRow(name);
      expect(row?.payloadPrunedAt).toBeInstanceOf(Date);
      expect(row?.rawPayload).toBeNull();
      // The envelope: what dedup, the log and the ordering read; none of the object's fields.
      expect(row?.payload).toEqual({
        id: row?.eventId,
        object: 'event',
        type: row?.type,
        account: ws.account,
        livemode: false,
        created: row?.created,
        data: { object: { id: row?.objectId, object: 'customer' } },
      });
    }
  });

  it('keeps recent events, events that can still be retried and the state HubSpot was given', async () => {
    for (const name of ['recentDone', 'oldFailed', 'oldHeld', 'applied']) {
      const row = await eventRow(name);
      expect(row?.payloadPrunedAt).toBeNull();
      expect(row?.payload.data.object).toHaveProperty('email', 'ada@example.com');
      expect(await activityRow(name)).toBeDefined();
    }
  });

  it('deletes activity past its plan’s 13 months, and the product’s own events with it; usage stays', async () => {
    expect(await activityRow('yearOld')).toBeUndefined();
    expect(await eventRow('yearOld')).toBeDefined();
    expect(await activityRow('oldImport')).toBeUndefined();
    expect(await eventRow('oldImport')).toBeUndefined();
    const [counted] = await bed.t.context.database.db
      .select()
      .from(usage)
      .where(eq(usage.subscriptionId, ws.subscriptionId));
    expect(counted?.events).toBe(7);
  });

  it('deletes audit events past their 13 months and keeps the younger ones', async () => {
    const kept = await bed.t.context.database.db
      .select({ kind: auditEvent.kind })
      .from(auditEvent)
      .where(eq(auditEvent.subscriptionId, ws.subscriptionId));
    expect(kept.map((row) => row.kind).sort()).toEqual(['source.deleted', 'source.switched_on']);
  });

  it('forgets the notes of settled events past EVENT_PAYLOAD_DAYS, and keeps those an event may still need', async () => {
    const kept = await bed.t.context.database.db
      .select({ stripeEventId: crmEngagement.stripeEventId })
      .from(crmEngagement)
      .where(eq(crmEngagement.destinationId, ws.destinationId));
    const failedEventId = (await eventRow('oldFailed'))?.eventId;
    expect(kept.map((row) => row.stripeEventId).sort()).toEqual(['evt_recent_note', failedEventId].sort());
  });

  it('still recognises a re-sent old event as a duplicate', async () => {
    const response = await postWebhook(bed.t, oldDone.body);
    expect(response.statusCode).toBe(200);
    const rows = await bed.t.context.database.db
      .select({ id: stripeEvent.id, state: stripeEvent.state })
      .from(stripeEvent)
      .where(eq(stripeEvent.eventId, oldDone.eventId));
    expect(rows).toEqual([{ id: ids.oldDone, state: 'done' }]);
  });

  it('tells the activity log that the payload is no longer kept', async () => {
    const pruned = await callFunction(
      bed.t.app,
      'getActivity',
      { subscriptionId: ws.subscriptionId, activityId: activityIds.oldDone },
      ws.owner,
    );
    expect(pruned.status).toBe(200);
    expect(pruned.body.result).toMatchObject({ payload_kept: false, payload: { id: oldDone.eventId } });
    const kept = await callFunction(
      bed.t.app,
      'getActivity',
      { subscriptionId: ws.subscriptionId, activityId: activityIds.recentDone },
      ws.owner,
    );
    expect(kept.body.result).toMatchObject({ payload_kept: true });
  });

  it('finds nothing more to do on a second pass', async () => {
    expect(await pruneOnce(bed.t.context.database.db, policy)).toEqual({
      payloadsDropped: 0,
      activitiesDeleted: 0,
      eventsDeleted: 0,
      auditEventsDeleted: 0,
      engagementsDeleted: 0,
    });
  });

  it('runs as a job on the queue every worker starts', async () => {
    const seeded = await seedEvent('forTheJob', { ageDays: 31, state: 'done' });
    await bed.t.context.queue.send(retentionQueue, {});
    const stopWorker = await startWorker(bed.t.context);
    try {
      await waitFor(async () => (await eventRow('forTheJob'))?.payloadPrunedAt != null, {
        what: `the job drops ${seeded.eventId}'s payload`,
        timeoutMs: 20_000,
      });
    } finally {
      stopWorker();
    }
  });
});
