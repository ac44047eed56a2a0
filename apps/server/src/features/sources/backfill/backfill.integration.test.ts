import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Backfill } from '@billbridge/contract';
import type { Sandbox } from '@billbridge/sandbox';
import {
  activity,
  backfill,
  source,
  stripeEvent,
  stripeProduct,
  subscription,
  usage,
} from '../../../db/schema.ts';
import { createStripeClient } from '../../../providers/stripe-client.ts';
import {
  ruleOf,
  seedMonthlyPrice,
  seedSyncedWorkspace,
  type SyncedWorkspace,
  syncBed,
} from '../../../testing/sync.ts';
import type { TestApp } from '../../../testing/test-app.ts';
import { callFunction } from '../../../testing/users.ts';
import { waitFor } from '../../../testing/wait.ts';

/**
 * Importing a Stripe account's existing objects (decision 012) against the stand-ins: the objects
 * exist in Stripe before the source syncs (no webhook ever told the app about them), and switching
 * the source on brings every one of them into HubSpot once.
 */
describe('backfill of existing Stripe objects', () => {
  let t: TestApp;
  let sandbox: Sandbox;
  let stop: () => Promise<void>;

  beforeAll(async () => {
    ({ t, sandbox, stop } = await syncBed({ webhooks: false }));
  });
  afterAll(() => stop());

  /** A workspace whose source is connected but still off, as a fresh connection leaves it. */
  const connectedButOff = async (): Promise<SyncedWorkspace> => {
    const world = await seedSyncedWorkspace(t, {
      rules: [ruleOf('active', 'closedwon'), ruleOf('canceled', 'closedlost')],
    });
    await t.context.database.db.update(source).set({ enabled: false }).where(eq(source.id, world.sourceId));
    return world;
  };
  const switchOn = async (world: SyncedWorkspace) => {
    const saved = await callFunction(
      t.app,
      'saveSource',
      {
        subscriptionId: world.subscriptionId,
        sourceId: world.sourceId,
        name: 'Stripe',
        enabled: true,
        settings: {},
      },
      world.owner,
    );
    expect(saved.status).toBe(200);
    // The first switch-on imports nothing until "Import" is pressed under the preview (decision 070).
    expect(await progressOf(world)).toBeNull();
    const input = { subscriptionId: world.subscriptionId, sourceId: world.sourceId };
    expect((await callFunction(t.app, 'startBackfill', input, world.owner)).status).toBe(200);
  };
  const progressOf = async (world: SyncedWorkspace): Promise<Backfill | null> => {
    const { status, body } = await callFunction(
      t.app,
      'getBackfillProgress',
      { subscriptionId: world.subscriptionId, sourceId: world.sourceId },
      world.owner,
    );
    expect(status).toBe(200);
    return (body.result as { backfill: Backfill | null }).backfill;
  };
  const finished = (world: SyncedWorkspace) =>
    waitFor(async () => ((await progressOf(world))?.status === 'done' ? progressOf(world) : false), {
      what: 'the import to finish',
      timeoutMs: 60_000,
    });
  /** Every imported event settled: logged, and no longer waiting to be written. */
  const settled = (world: SyncedWorkspace) =>
    waitFor(
      async () => {
        const { db } = t.context.database;
        const events = await db
          .select({ id: stripeEvent.id })
          .from(stripeEvent)
          .where(eq(stripeEvent.subscriptionId, world.subscriptionId));
        const logged = await db
          .select({ status: activity.status })
          .from(activity)
          .where(eq(activity.subscriptionId, world.subscriptionId));
        return logged.length === events.length && logged.every((row) => row.status !== 'pending') && logged;
      },
      { what: 'every imported object settled', timeoutMs: 90_000 },
    );
  const customersOf = (world: SyncedWorkspace, count: number, prefix: string) =>
    Array.from({ length: count }, (_, n) =>
      sandbox.stripeState.createCustomer(world.account, {
        email: `${prefix}${n}@example.com`,
        name: `Customer ${n}`,
      }),
    );
  const stripe = () => {
    const settings = t.context.providers.stripe;
    if (!settings) throw new Error('the test app runs the Stripe stand-in');
    return createStripeClient(settings);
  };

  it('imports existing products, customers, billing subscriptions and invoices once the source is switched on and Import pressed, without counting them as sync events', async () => {
    const world = await connectedButOff();
    // The product's webhook is lost: the import alone keeps the product (decision 078).
    const lost = sandbox.faults.dropWebhooks({ type: 'product.*', tenant: world.account });
    const price = seedMonthlyPrice(sandbox, world.account, 2500);
    const customers = customersOf(world, 230, 'import');
    const billing = customers.slice(0, 30).map((customer) => {
      sandbox.stripeState.addCard(world.account, customer.id, '4242424242424242');
      return sandbox.stripeState.createSubscription(world.account, {
        customer: customer.id,
        items: [{ price: price.id, quantity: 1 }],
      });
    });
    for (const ended of billing.slice(0, 5)) sandbox.stripeState.cancelSubscription(world.account, ended.id);
    const invoices = await stripe()
      .invoices.list({ limit: 100 }, { stripeAccount: world.account })
      .autoPagingToArray({ limit: 10_000 });
    expect(invoices.length).toBeGreaterThanOrEqual(30);
    expect(await progressOf(world)).toBeNull();
    const { db } = t.context.database;
    expect(await db.select().from(stripeProduct).where(eq(stripeProduct.sourceId, world.sourceId))).toEqual(
      [],
    );

    await switchOn(world);
    const done = await finished(world);
    expect(done).toMatchObject({
      status: 'done',
      kinds: ['products', 'customers', 'subscriptions', 'invoices'],
      current_kind: null,
      counts: { products: 1, customers: 230, subscriptions: 30, invoices: invoices.length },
      error: null,
    });
    expect(done?.finish_time).toBeGreaterThanOrEqual(done?.start_time ?? Infinity);
    const kept = await db.select().from(stripeProduct).where(eq(stripeProduct.sourceId, world.sourceId));
    expect(kept.map((row) => row.productId)).toEqual([price.product]);
    sandbox.faults.remove(lost);

    await settled(world);
    const contacts = sandbox.hubspotState.records(world.portalId, 'contacts');
    expect(contacts.map((record) => record.properties.email).sort()).toEqual(
      customers.map((customer) => customer.email).sort(),
    );
    const deals = sandbox.hubspotState.records(world.portalId, 'deals');
    expect(deals.map((deal) => deal.properties.billbridge_stripe_id).sort()).toEqual(
      billing.map((item) => item.id).sort(),
    );
    expect(deals.filter((deal) => deal.properties.dealstage === 'closedlost')).toHaveLength(5);
    expect(sandbox.hubspotState.records(world.portalId, 'invoices')).toHaveLength(invoices.length);

    // Not sync events: nothing counted, nothing on the chart; every object in the activity log.
    const [counted] = await t.context.database.db
      .select()
      .from(usage)
      .where(eq(usage.subscriptionId, world.subscriptionId));
    expect(counted?.events ?? 0).toBe(0);
    const chart = await callFunction(
      t.app,
      'getAggregatedActivities',
      { subscriptionId: world.subscriptionId },
      world.owner,
    );
    expect((chart.body.result as { total: number }).total).toBe(0);
    const logged = await t.context.database.db
      .select({ raw: activity.rawEventType })
      .from(activity)
      .where(eq(activity.subscriptionId, world.subscriptionId));
    expect(logged.filter((row) => row.raw === 'customer.backfilled')).toHaveLength(230);
  });

  it('goes on where its cursor stands when Stripe fails halfway, and ends with exactly the source’s objects', async () => {
    const world = await connectedButOff();
    const customers = customersOf(world, 250, 'resume');
    // A fault that changes nothing counts the listing calls: one per page, none repeated.
    const counter = sandbox.faults.add({
      service: 'stripe',
      method: 'GET',
      path: '/v1/customers',
      latencyMs: 0,
    });
    const outage = sandbox.faults.add({
      service: 'stripe',
      method: 'GET',
      path: '/v1/subscriptions',
      status: 503,
      times: 3,
    });
    await switchOn(world);
    // Spent (and gone) once the job's three tries (the SDK retries twice) have failed.
    await waitFor(() => !sandbox.faults.list().some((fault) => fault.id === outage), {
      what: 'Stripe to fail the subscriptions listing',
      timeoutMs: 30_000,
    });
    expect(await progressOf(world)).toMatchObject({
      status: 'running',
      current_kind: 'subscriptions',
      counts: { customers: 250 },
    });
    const done = await finished(world);
    expect(done?.counts).toMatchObject({ customers: 250, subscriptions: 0 });
    expect(sandbox.faults.list().find((fault) => fault.id === counter)?.hits).toBe(3);
    sandbox.faults.remove(counter);

    await settled(world);
    const emails = sandbox.hubspotState
      .records(world.portalId, 'contacts')
      .map((record) => record.properties.email)
      .sort();
    expect(emails).toEqual(customers.map((customer) => customer.email).sort());
    const stored = await t.context.database.db
      .select({ id: stripeEvent.id })
      .from(stripeEvent)
      .where(eq(stripeEvent.subscriptionId, world.subscriptionId));
    expect(stored).toHaveLength(250);
  });

  it('starts on demand, returns the running import to a second request, and refuses a source that is off', async () => {
    const world = await connectedButOff();
    const input = { subscriptionId: world.subscriptionId, sourceId: world.sourceId };
    const refused = await callFunction(t.app, 'startBackfill', input, world.owner);
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({
      status: 'FAILED_PRECONDITION',
      message: 'Connect and enable the source before importing its data.',
    });
    expect(await progressOf(world)).toBeNull();

    customersOf(world, 3, 'demand');
    await t.context.database.db.update(source).set({ enabled: true }).where(eq(source.id, world.sourceId));
    const [first, second] = await Promise.all([
      callFunction(t.app, 'startBackfill', input, world.owner),
      callFunction(t.app, 'startBackfill', input, world.owner),
    ]);
    const started = first.body.result as { backfill: Backfill };
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect((second.body.result as { backfill: Backfill }).backfill.id).toBe(started.backfill.id);
    expect(started.backfill).toMatchObject({
      status: 'running',
      current_kind: 'products',
      source_id: world.sourceId,
    });
    expect((await finished(world))?.counts).toMatchObject({ customers: 3 });
  });

  it('limits on-demand imports to one a day per source besides the first (issue 38, decision 070), recording who asked', async () => {
    const world = await seedSyncedWorkspace(t);
    const input = { subscriptionId: world.subscriptionId, sourceId: world.sourceId };
    customersOf(world, 2, 'daily');
    // The first import, pressed under the preview, is not counted.
    const first = await callFunction(t.app, 'startBackfill', input, world.owner);
    expect(first.status).toBe(200);
    await finished(world);
    const [row] = await t.context.database.db
      .select()
      .from(backfill)
      .where(eq(backfill.sourceId, world.sourceId));
    expect(row?.requestedBy).toBe(world.owner.id);
    expect((await callFunction(t.app, 'startBackfill', input, world.owner)).status).toBe(200);
    await finished(world);

    const again = await callFunction(t.app, 'startBackfill', input, world.owner);
    expect(again.status).toBe(429);
    expect(again.body.error).toMatchObject({
      status: 'RESOURCE_EXHAUSTED',
      details: { messageKey: 'importLimitReached' },
    });
    expect(
      await t.context.database.db.select().from(backfill).where(eq(backfill.sourceId, world.sourceId)),
    ).toHaveLength(2);

    // A day later the source may be imported again.
    await t.context.database.db
      .update(backfill)
      .set({ startedAt: new Date(Date.now() - 25 * 60 * 60 * 1000) })
      .where(eq(backfill.sourceId, world.sourceId));
    expect((await callFunction(t.app, 'startBackfill', input, world.owner)).status).toBe(200);
  });

  it('holds what an import finds while the workspace is capped, as live events are held (issue 38)', async () => {
    const world = await seedSyncedWorkspace(t, { planId: 'free' });
    const { db } = t.context.database;
    await db.update(subscription).set({ status: 'capped' }).where(eq(subscription.id, world.subscriptionId));
    customersOf(world, 3, 'capped');
    const input = { subscriptionId: world.subscriptionId, sourceId: world.sourceId };
    expect((await callFunction(t.app, 'startBackfill', input, world.owner)).status).toBe(200);
    await finished(world);
    await settled(world);
    const states = await db
      .select({ state: stripeEvent.state })
      .from(stripeEvent)
      .where(eq(stripeEvent.subscriptionId, world.subscriptionId));
    expect(states.map((row) => row.state)).toEqual(['held', 'held', 'held']);
    expect(sandbox.hubspotState.records(world.portalId, 'contacts')).toEqual([]);
  });
});
