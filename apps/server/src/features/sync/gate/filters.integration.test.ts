import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityReasons, type SourceFilters } from '@billbridge/contract';
import type { Sandbox } from '@billbridge/sandbox';
import { activity, source, usage } from '../../../db/schema.ts';
import {
  everyEventSettled,
  subscribeCustomer,
  seedSyncedWorkspace,
  syncBed,
  type SyncBed,
  type SyncedWorkspace,
} from '../../../testing/sync.ts';
import { callFunction } from '../../../testing/users.ts';
import { waitFor } from '../../../testing/wait.ts';

const noFilters: SourceFilters = {
  live_subscription: false,
  has_paid: false,
  metadata: null,
  exclude_test_clocks: false,
};

/**
 * Source filters (issue 34 §2, decision 069) on the whole path: Stripe stand-in webhooks → gate →
 * HubSpot stand-in. A held-back customer's events are `filtered`, uncounted, and written once it
 * qualifies.
 */
describe('source filters: who reaches the CRM', () => {
  let bed: SyncBed;
  let sandbox: Sandbox;

  beforeAll(async () => {
    bed = await syncBed();
    sandbox = bed.sandbox;
  });
  afterAll(() => bed.stop());

  const workspaceWith = async (filters: Partial<SourceFilters>): Promise<SyncedWorkspace> => {
    const workspace = await seedSyncedWorkspace(bed.t);
    await bed.t.context.database.db
      .update(source)
      .set({ settings: { filters: { ...noFilters, ...filters } } })
      .where(eq(source.id, workspace.sourceId));
    return workspace;
  };
  const contactOf = (portalId: number, email: string) =>
    sandbox.hubspotState.records(portalId, 'contacts').find((record) => record.properties.email === email);
  const dealOf = (portalId: number, billingId: string) =>
    sandbox.hubspotState
      .records(portalId, 'deals')
      .find((record) => record.properties.billbridge_stripe_id === billingId);
  const statusesOf = async (subscriptionId: string, eventType: string) =>
    (
      await bed.t.context.database.db
        .select({ status: activity.status, reason: activity.reason })
        .from(activity)
        .where(and(eq(activity.subscriptionId, subscriptionId), eq(activity.rawEventType, eventType)))
    ).map((row) => `${row.status}: ${row.reason ?? ''}`);
  const usageOf = async (subscriptionId: string) => {
    const [row] = await bed.t.context.database.db
      .select({ events: sql<number>`coalesce(sum(${usage.events}), 0)::int` })
      .from(usage)
      .where(eq(usage.subscriptionId, subscriptionId));
    return row?.events ?? 0;
  };
  /** Waits until the event of `eventType` arrived and every event of the workspace is settled. */
  const settledAfter = async (subscriptionId: string, eventType: string) => {
    await waitFor(async () => (await statusesOf(subscriptionId, eventType)).length > 0, {
      what: `the ${eventType} event`,
    });
    await everyEventSettled(bed.t, subscriptionId);
  };

  it('holds back a customer without a live billing subscription, uncounted, and writes it with its deal once it has one', async () => {
    const { subscriptionId, account, portalId } = await workspaceWith({ live_subscription: true });
    const customer = sandbox.stripeState.createCustomer(account, { email: 'lonely@example.com' });
    await settledAfter(subscriptionId, 'customer.created');
    expect(await statusesOf(subscriptionId, 'customer.created')).toEqual([
      `filtered: ${activityReasons.filteredNoLiveSubscription}`,
    ]);
    expect(contactOf(portalId, 'lonely@example.com')).toBeUndefined();
    expect(await usageOf(subscriptionId)).toBe(0);

    const billing = subscribeCustomer(sandbox, account, customer.id, { unitAmount: 2500 });
    await waitFor(() => dealOf(portalId, billing.id), { what: 'the deal once the customer qualifies' });
    await waitFor(() => contactOf(portalId, 'lonely@example.com'), { what: 'the contact written late' });
    await everyEventSettled(bed.t, subscriptionId);
    expect(await statusesOf(subscriptionId, 'customer.created')).toEqual(['success: ']);
    expect(await usageOf(subscriptionId)).toBeGreaterThan(0);
  });

  it('holds back a trialing customer until it pays, then writes the customer and its billing subscription’s deal', async () => {
    const { subscriptionId, account, portalId } = await workspaceWith({ has_paid: true });
    const customer = sandbox.stripeState.createCustomer(account, { email: 'trial@example.com' });
    const billing = subscribeCustomer(sandbox, account, customer.id, {
      unitAmount: 4900,
      params: { trial_period_days: 14 },
    });
    await settledAfter(subscriptionId, 'invoice.paid');
    // The trial's invoice of zero is paid, but nothing was paid yet.
    expect(await statusesOf(subscriptionId, 'customer.subscription.created')).toEqual([
      `filtered: ${activityReasons.filteredNeverPaid}`,
    ]);
    expect(await statusesOf(subscriptionId, 'customer.created')).toEqual([
      `filtered: ${activityReasons.filteredNeverPaid}`,
    ]);
    expect(contactOf(portalId, 'trial@example.com')).toBeUndefined();
    expect(dealOf(portalId, billing.id)).toBeUndefined();
    // The product and its price were counted; nothing of the customer.
    expect(await usageOf(subscriptionId)).toBe(2);

    sandbox.stripeState.setSubscriptionStatus(account, billing.id, 'active');
    const deal = await waitFor(() => dealOf(portalId, billing.id), { what: 'the deal after the payment' });
    expect(deal.properties).toMatchObject({ amount: '49', dealstage: 'closedwon' });
    const contact = await waitFor(() => contactOf(portalId, 'trial@example.com'), {
      what: 'the contact after the payment',
    });
    await waitFor(
      () =>
        sandbox.hubspotState
          .associations(portalId, 'deals', deal.id, 'contacts')
          .some((associated) => associated.id === contact.id),
      { what: 'the deal associated with its contact' },
    );
    await everyEventSettled(bed.t, subscriptionId);
    expect(await statusesOf(subscriptionId, 'customer.created')).toEqual(['success: ']);
    expect(await statusesOf(subscriptionId, 'customer.subscription.created')).not.toContainEqual(
      expect.stringMatching(/^filtered/),
    );
  });

  it('syncs only customers whose metadata carries the key and value, and one whose metadata changes to it', async () => {
    const { subscriptionId, account, portalId } = await workspaceWith({
      metadata: { key: 'region', value: 'EMEA' },
    });
    sandbox.stripeState.createCustomer(account, { email: 'emea@example.com', metadata: { region: 'EMEA' } });
    const apac = sandbox.stripeState.createCustomer(account, {
      email: 'apac@example.com',
      metadata: { region: 'APAC' },
    });
    await waitFor(() => contactOf(portalId, 'emea@example.com'), { what: 'the EMEA contact' });
    await everyEventSettled(bed.t, subscriptionId);
    expect(contactOf(portalId, 'apac@example.com')).toBeUndefined();
    expect(await statusesOf(subscriptionId, 'customer.created')).toEqual(
      expect.arrayContaining(['success: ', `filtered: ${activityReasons.filteredMetadata}`]),
    );
    expect(await usageOf(subscriptionId)).toBe(1);

    sandbox.stripeState.updateCustomer(account, apac.id, { metadata: { region: 'EMEA' } });
    await waitFor(() => contactOf(portalId, 'apac@example.com'), { what: 'the customer moved to EMEA' });
  });

  it('never syncs a customer of a Stripe test clock, whatever it pays', async () => {
    const { subscriptionId, account, portalId } = await workspaceWith({ exclude_test_clocks: true });
    const clocked = sandbox.stripeState.createCustomer(account, {
      email: 'clock@example.com',
      test_clock: 'clock_1FiltersTest0001',
    });
    const billing = subscribeCustomer(sandbox, account, clocked.id, { unitAmount: 1000 });
    sandbox.stripeState.createCustomer(account, { email: 'real@example.com' });
    await waitFor(() => contactOf(portalId, 'real@example.com'), { what: 'the customer without a clock' });
    await everyEventSettled(bed.t, subscriptionId);
    expect(contactOf(portalId, 'clock@example.com')).toBeUndefined();
    expect(dealOf(portalId, billing.id)).toBeUndefined();
    expect(await statusesOf(subscriptionId, 'customer.subscription.created')).toEqual([
      `filtered: ${activityReasons.filteredTestClock}`,
    ]);
    // The other customer and the product and its price were counted; nothing of the clock's customer.
    expect(await usageOf(subscriptionId)).toBe(3);
  });

  const saveSettings = (workspace: SyncedWorkspace, enabled: boolean, filters: Partial<SourceFilters>) =>
    callFunction(
      bed.t.app,
      'saveSource',
      {
        subscriptionId: workspace.subscriptionId,
        sourceId: workspace.sourceId,
        name: 'Stripe',
        enabled,
        settings: { filters: { ...noFilters, ...filters } },
      },
      workspace.owner,
    );

  it('filters an import the same way, and a change of filters lets through what the old ones held back', async () => {
    const workspace = await seedSyncedWorkspace(bed.t);
    const { subscriptionId, account, portalId, sourceId } = workspace;
    await bed.t.context.database.db.update(source).set({ enabled: false }).where(eq(source.id, sourceId));
    const subscribed = sandbox.stripeState.createCustomer(account, { email: 'subscribed@example.com' });
    const billing = subscribeCustomer(sandbox, account, subscribed.id, { unitAmount: 3000 });
    sandbox.stripeState.createCustomer(account, { email: 'browsing@example.com' });

    expect((await saveSettings(workspace, true, { live_subscription: true })).status).toBe(200);
    // The first import waits for the preview's "Import" (decision 070).
    const started = await callFunction(
      bed.t.app,
      'startBackfill',
      { subscriptionId, sourceId },
      workspace.owner,
    );
    expect(started.status).toBe(200);
    // The import lists customers before billing subscriptions: the subscribed customer's import is
    // held back until its subscription's import qualifies it.
    await waitFor(() => dealOf(portalId, billing.id), { what: 'the imported deal', timeoutMs: 60_000 });
    await waitFor(() => contactOf(portalId, 'subscribed@example.com'), { what: 'the imported contact' });
    await everyEventSettled(bed.t, subscriptionId);
    expect(contactOf(portalId, 'browsing@example.com')).toBeUndefined();
    expect(await statusesOf(subscriptionId, 'customer.backfilled')).toEqual(
      expect.arrayContaining(['success: ', `filtered: ${activityReasons.filteredNoLiveSubscription}`]),
    );

    expect((await saveSettings(workspace, true, {})).status).toBe(200);
    await waitFor(() => contactOf(portalId, 'browsing@example.com'), {
      what: 'the customer the filter held back, once it is off',
    });
  });

  it('refuses a metadata filter without a key, and changes nothing', async () => {
    const workspace = await workspaceWith({ has_paid: true });
    const answer = await saveSettings(workspace, true, { metadata: { key: ' ', value: 'EMEA' } });
    expect(answer.status).toBe(400);
    expect(JSON.stringify(answer.body)).toContain('settings.filters.metadata.key');
    const [row] = await bed.t.context.database.db
      .select()
      .from(source)
      .where(eq(source.id, workspace.sourceId));
    expect(row?.settings).toEqual({ filters: { ...noFilters, has_paid: true } });
  });
});
