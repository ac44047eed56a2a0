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
import type { AppContext } from '../../../context.ts';
import { gateWorkspaces } from '../gate/gate.ts';
import { ingestStripeEvent } from '../../inbox/ingest.ts';
import { settleRounds, waitingFrom, type RoundSettlement } from './settle.ts';

/** A workspace's round settled on its own: what waits in its inbox besides. */
const settleRound = async (context: AppContext, round: RoundSettlement) =>
  (await settleRounds(context, context.database.db, [round])).get(round.subscriptionId) ??
  waitingFrom(undefined);

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
    const gated = await gateWorkspaces(context, context.database.db, [workspace.subscriptionId]);
    const [first, second] = gated.get(workspace.subscriptionId)?.events ?? [];
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
