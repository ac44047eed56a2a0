import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DealMove, PipelineMappingRule, RecentActivity } from '@billbridge/contract';
import type { Sandbox } from '@billbridge/sandbox';
import {
  dealWritesOf,
  everyEventSettled,
  ruleOf,
  seedMonthlyPrice,
  seedSyncedWorkspace,
  type SyncedWorkspace,
  syncBed,
} from '../../testing/sync.ts';
import type { TestApp } from '../../testing/test-app.ts';
import { callFunction } from '../../testing/users.ts';
import { waitFor } from '../../testing/wait.ts';

type DryRun = {
  subscriptions: number;
  rules: { rule_id: string; matches: number }[];
  unmatched: number;
  moves: DealMove[];
};

/**
 * Rules changed, deals follow (decision 033): billing subscriptions already synced are measured
 * against new rules without a HubSpot call, then re-evaluated: one write per deal that moves.
 */
describe('deals follow changed mapping rules', () => {
  let t: TestApp;
  let sandbox: Sandbox;
  let stop: () => Promise<void>;

  beforeAll(async () => {
    ({ t, sandbox, stop } = await syncBed());
  });
  afterAll(() => stop());

  const call = async <T>(world: SyncedWorkspace, name: string, data: Record<string, unknown> = {}) => {
    const { status, body } = await callFunction(
      t.app,
      name,
      { subscriptionId: world.subscriptionId, ...data },
      world.owner,
    );
    expect(status, JSON.stringify(body)).toBe(200);
    return body.result as T;
  };
  const settled = (world: SyncedWorkspace) => everyEventSettled(t, world.subscriptionId);
  const stageOf = (world: SyncedWorkspace, billingId: string) =>
    sandbox.hubspotState
      .records(world.portalId, 'deals')
      .find((deal) => deal.properties.billbridge_stripe_id === billingId)?.properties.dealstage;
  const dealWrites = (world: SyncedWorkspace, billingId: string) =>
    dealWritesOf(sandbox, world.portalId, billingId);

  it('counts what new rules would match and move without asking HubSpot, then moves exactly the deals whose stage changes', async () => {
    const oldRules = [ruleOf('active', 'closedwon'), ruleOf('canceled', 'closedlost')];
    const world = await seedSyncedWorkspace(t, { rules: oldRules });
    const premium = seedMonthlyPrice(sandbox, world.account, 9900, 'Premium');
    const basic = seedMonthlyPrice(sandbox, world.account, 900, 'Basic');
    const subscribe = (email: string, price: string) => {
      const customer = sandbox.stripeState.createCustomer(world.account, { email });
      sandbox.stripeState.addCard(world.account, customer.id, '4242424242424242');
      return sandbox.stripeState.createSubscription(world.account, {
        customer: customer.id,
        items: [{ price, quantity: 1 }],
      });
    };
    const big = subscribe('big@example.com', premium.id);
    const small = subscribe('small@example.com', basic.id);
    const ended = subscribe('ended@example.com', basic.id);
    sandbox.stripeState.cancelSubscription(world.account, ended.id);
    await waitFor(() => stageOf(world, ended.id) === 'closedlost' && stageOf(world, big.id) === 'closedwon', {
      what: 'the deals synced',
    });
    await sandbox.webhooksIdle();
    await settled(world);

    const newRules: PipelineMappingRule[] = [
      ruleOf('active', 'contractsent', { mode: 'any', ids: [premium.id] }),
      ...oldRules,
      ruleOf('past_due', 'qualifiedtobuy'),
    ];
    const callsBefore = sandbox.hubspotState.requestLog(world.portalId).length;
    const dryRun = await call<DryRun>(world, 'dryRunMappingRules', {
      destinationId: world.destinationId,
      rules: newRules,
    });
    expect(dryRun).toEqual({
      subscriptions: 3,
      rules: newRules.map((rule, index) => ({ rule_id: rule.id, matches: [1, 1, 1, 0][index] })),
      unmatched: 0,
      moves: [{ hubspot_pipeline: 'default', hubspot_stage: 'contractsent', deals: 1 }],
    });
    expect(sandbox.hubspotState.requestLog(world.portalId)).toHaveLength(callsBefore);

    await call(world, 'saveDestination', {
      destinationId: world.destinationId,
      name: 'HubSpot',
      enabled: true,
      settings: { pipeline_mapping_rules: newRules },
    });
    const writes = {
      big: dealWrites(world, big.id),
      small: dealWrites(world, small.id),
      ended: dealWrites(world, ended.id),
    };
    const { moves } = await call<{ moves: DealMove[] }>(world, 'reevaluateDeals', {
      destinationId: world.destinationId,
    });
    expect(moves).toEqual(dryRun.moves);
    await waitFor(() => stageOf(world, big.id) === 'contractsent', { what: 'the premium deal moved' });
    await settled(world);
    expect({
      big: dealWrites(world, big.id),
      small: dealWrites(world, small.id),
      ended: dealWrites(world, ended.id),
    }).toEqual({ big: writes.big + 1, small: writes.small, ended: writes.ended });
    const { activities } = await call<{ activities: RecentActivity[] }>(world, 'getRecentActivities', {
      limit: 100,
    });
    expect(activities.filter((item) => item.rawEventType.endsWith('.reevaluated'))).toEqual([
      expect.objectContaining({
        type: 'subscription',
        rawEventType: 'customer.subscription.reevaluated',
        status: 'success',
      }),
    ]);

    // Nothing left to move: a second re-evaluation writes nothing.
    const again = await call<{ moves: DealMove[] }>(world, 'reevaluateDeals', {
      destinationId: world.destinationId,
    });
    expect(again.moves).toEqual([]);
    await settled(world);
    expect(dealWrites(world, big.id)).toBe(writes.big + 1);
  });
});
