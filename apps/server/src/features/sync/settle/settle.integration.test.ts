import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { crmLink } from '../../../db/schema.ts';
import {
  seedSyncedWorkspace,
  stripeEventOf,
  syncBed,
  type SyncBed,
  type SyncedWorkspace,
} from '../../../testing/sync.ts';
import { gateReceived } from '../gate/gate.ts';
import { ingestStripeEvent } from '../ingest/ingest.ts';
import { settleRound } from './settle.ts';

/** The round's one statement: what it records, and what it says still waits in the inbox. */
describe('settling a round', () => {
  let bed: SyncBed;
  let workspace: SyncedWorkspace;
  beforeAll(async () => {
    bed = await syncBed({ webhooks: false, worker: false });
    workspace = await seedSyncedWorkspace(bed.t);
  });
  afterAll(() => bed.stop());

  const receive = async (count: number) => {
    for (let n = 0; n < count; n++)
      await ingestStripeEvent(bed.t.context, stripeEventOf({ account: workspace.account }));
  };

  it('says what waits besides the round: another event due now, a retry once its backoff ends, a received event', async () => {
    const { context } = bed.t;
    await receive(2);
    const [first, second] = (await gateReceived(context, workspace.subscriptionId)).events;
    if (!first || !second) throw new Error('two ready events expected');
    const retried = await settleRound(context, {
      subscriptionId: workspace.subscriptionId,
      events: [first],
      outcomes: new Map([[first.id, { kind: 'transient', reason: 'HubSpot is unavailable' }]]),
      links: [],
    });
    expect(retried).toEqual({ received: false, dueInSeconds: expect.any(Number) });
    expect(retried.dueInSeconds).toBeLessThanOrEqual(0);

    const written = await settleRound(context, {
      subscriptionId: workspace.subscriptionId,
      events: [second],
      outcomes: new Map([[second.id, { kind: 'written', warnings: [] }]]),
      links: [],
    });
    expect(written.received).toBe(false);
    expect(written.dueInSeconds).toBeGreaterThan(0);

    await receive(1);
    const nothing = await settleRound(context, {
      subscriptionId: workspace.subscriptionId,
      events: [],
      outcomes: new Map(),
      links: [],
    });
    expect(nothing.received).toBe(true);
  });

  it('does not keep a link that the same round drops', async () => {
    const key = {
      destinationId: workspace.destinationId,
      crmObjectType: 'line_items',
      stripeObjectId: 'si_settle_dropped',
    };
    await settleRound(bed.t.context, {
      subscriptionId: workspace.subscriptionId,
      events: [],
      outcomes: new Map(),
      links: [
        {
          ...key,
          crmObjectId: '4242',
          eventCreated: 1_790_000_000,
          eventRank: 0,
          eventId: null,
          parentStripeObjectId: 'sub_settle',
        },
      ],
      unlinks: [key],
    });
    const rows = await bed.t.context.database.db
      .select()
      .from(crmLink)
      .where(
        and(eq(crmLink.destinationId, key.destinationId), eq(crmLink.stripeObjectId, key.stripeObjectId)),
      );
    expect(rows).toEqual([]);
  });
});
