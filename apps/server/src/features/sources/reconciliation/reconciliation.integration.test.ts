import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecentActivity, Reconciliation } from '@billbridge/contract';
import type { Sandbox } from '@billbridge/sandbox';
import { auditEvent, reconciliation, source } from '../../../db/schema.ts';
import {
  dealWritesOf,
  everyEventSettled,
  ruleOf,
  seedMonthlyPrice,
  seedSyncedWorkspace,
  type SyncedWorkspace,
  syncBed,
} from '../../../testing/sync.ts';
import type { TestApp } from '../../../testing/test-app.ts';
import { callFunction } from '../../../testing/users.ts';
import { waitFor } from '../../../testing/wait.ts';
import { sourcesDue, startDueReconciliations } from './schedule-reconciliations.ts';

/**
 * Reconciliation (decision 032) against the stand-ins: Stripe loses the webhooks of one billing
 * subscription's changes, and comparing Stripe's objects with what HubSpot was given brings the
 * deal to Stripe's state, once.
 */
describe('reconciliation of Stripe with HubSpot', () => {
  let t: TestApp;
  let sandbox: Sandbox;
  let stop: () => Promise<void>;

  beforeAll(async () => {
    ({ t, sandbox, stop } = await syncBed());
  });
  afterAll(() => stop());

  const workspace = () =>
    seedSyncedWorkspace(t, { rules: [ruleOf('active', 'closedwon'), ruleOf('canceled', 'closedlost')] });

  const call = async <T>(world: SyncedWorkspace, name: string, data: Record<string, unknown> = {}) => {
    const { status, body } = await callFunction(
      t.app,
      name,
      { subscriptionId: world.subscriptionId, sourceId: world.sourceId, ...data },
      world.owner,
    );
    expect(status, JSON.stringify(body)).toBe(200);
    return body.result as T;
  };
  const latest = async (world: SyncedWorkspace) =>
    (await call<{ reconciliation: Reconciliation | null }>(world, 'getReconciliation')).reconciliation;
  const reconciled = async (world: SyncedWorkspace) => {
    const { reconciliation } = await call<{ reconciliation: Reconciliation }>(world, 'reconcileSource');
    expect(reconciliation.status).toBe('running');
    return waitFor(
      async () => {
        const run = await latest(world);
        return run?.id === reconciliation.id && run.status === 'done' && run;
      },
      { what: 'the reconciliation to finish', timeoutMs: 30_000 },
    );
  };
  const recentActivities = async (world: SyncedWorkspace) =>
    (await call<{ activities: RecentActivity[] }>(world, 'getRecentActivities', { limit: 100 })).activities;
  const usedEvents = async (world: SyncedWorkspace) =>
    (await call<{ events: number }>(world, 'getUsage')).events;
  const settled = (world: SyncedWorkspace) => everyEventSettled(t, world.subscriptionId);
  const dealOf = (world: SyncedWorkspace, billingId: string) =>
    sandbox.hubspotState
      .records(world.portalId, 'deals')
      .find((deal) => deal.properties.billbridge_stripe_id === billingId);
  /** The source connected (and made) two days ago: due on the daily schedule. */
  const connectedTwoDaysAgo = async (world: SyncedWorkspace, { enabled = true } = {}) => {
    const twoDaysAgo = new Date(Date.now() - 48 * 3600 * 1000);
    await t.context.database.db
      .update(source)
      .set({ connectedAt: twoDaysAgo, createdAt: twoDaysAgo, enabled })
      .where(eq(source.id, world.sourceId));
    return twoDaysAgo;
  };
  const dealWrites = (world: SyncedWorkspace, billingId: string) =>
    dealWritesOf(sandbox, world.portalId, billingId);

  it('brings a deal whose billing subscription’s webhooks were lost to Stripe’s state, once, and a second run finds nothing', async () => {
    const world = await workspace();
    const price = seedMonthlyPrice(sandbox, world.account, 2500);
    const customer = sandbox.stripeState.createCustomer(world.account, { email: 'lost@example.com' });
    sandbox.stripeState.addCard(world.account, customer.id, '4242424242424242');
    const billing = sandbox.stripeState.createSubscription(world.account, {
      customer: customer.id,
      items: [{ price: price.id, quantity: 1 }],
    });
    await waitFor(() => dealOf(world, billing.id)?.properties.dealstage === 'closedwon', {
      what: 'the deal won',
    });
    await sandbox.webhooksIdle();
    await settled(world);

    // Stripe never delivers the cancellation: HubSpot keeps the deal won.
    const lost = sandbox.faults.dropWebhooks({ objectId: billing.id, tenant: world.account });
    sandbox.stripeState.cancelSubscription(world.account, billing.id);
    await sandbox.webhooksIdle();
    await settled(world);
    expect(sandbox.faults.webhookFaults().find((rule) => rule.id === lost)?.hits).toBeGreaterThan(0);
    expect(dealOf(world, billing.id)?.properties.dealstage).toBe('closedwon');
    const writesBefore = dealWrites(world, billing.id);
    const usedBefore = await usedEvents(world);

    const first = await reconciled(world);
    expect(first).toMatchObject({ status: 'done', differences: 1, error: null });
    expect(first.checked).toBeGreaterThanOrEqual(4); // the product, customer, billing subscription, invoice
    await waitFor(() => dealOf(world, billing.id)?.properties.dealstage === 'closedlost', {
      what: 'the deal lost, as in Stripe',
    });
    await settled(world);
    expect(dealWrites(world, billing.id)).toBe(writesBefore + 1);
    const corrections = (await recentActivities(world)).filter((item) =>
      item.rawEventType.endsWith('.reconciled'),
    );
    expect(corrections).toEqual([
      expect.objectContaining({
        type: 'subscription',
        rawEventType: 'customer.subscription.reconciled',
        status: 'success',
      }),
    ]);

    const second = await reconciled(world);
    expect(second).toMatchObject({ status: 'done', differences: 0, checked: first.checked });
    await settled(world);
    expect(dealWrites(world, billing.id)).toBe(writesBefore + 1);
    expect(
      (await recentActivities(world)).filter((item) => item.rawEventType.endsWith('.reconciled')),
    ).toHaveLength(1);
    // Corrections are not sync events: the period's usage did not count them.
    expect(await usedEvents(world)).toBe(usedBefore);
  });

  it('reconciles every connected source once per interval on the schedule, and none that is off', async () => {
    const due = await workspace();
    const off = await workspace();
    await connectedTwoDaysAgo(due);
    await connectedTwoDaysAgo(off, { enabled: false });
    expect(t.context.config.reconcileIntervalHours).toBe(24);

    await Promise.all([startDueReconciliations(t.context), startDueReconciliations(t.context)]);
    const run = await waitFor(async () => (await latest(due))?.status === 'done' && latest(due), {
      what: 'the scheduled reconciliation',
    });
    expect(run).toMatchObject({ differences: 0 });
    expect(await latest(off)).toBeNull();
    // Started once (however many workers looked), and not again within the interval.
    await startDueReconciliations(t.context);
    expect((await latest(due))?.id).toBe(run && run.id);
  });

  it("reads only the sources due by the schedule's index, and a reconciliation's start makes its source not due", async () => {
    const world = await workspace();
    const { db } = t.context.database;
    const twoDaysAgo = await connectedTwoDaysAgo(world);
    const dueIds = async () => (await sourcesDue(db, 24)).map((row) => row.source.id);
    expect(await dueIds()).toContain(world.sourceId);

    // The look can use the index (a table this small is read whole unless sequential scans are off).
    const plan = await db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const explained = await tx.execute(sql`explain ${sourcesDue(db, 24)}`);
      const { rows } = explained as unknown as { rows: Record<string, unknown>[] };
      return rows.map((row) => Object.values(row).join('')).join('\n');
    });
    expect(plan).toContain('source_reconcile_due_idx');

    await call(world, 'reconcileSource');
    const [row] = await db.select().from(source).where(eq(source.id, world.sourceId));
    expect(row?.lastReconciledAt?.getTime()).toBeGreaterThan(twoDaysAgo.getTime());
    expect(await dueIds()).not.toContain(world.sourceId);
    await waitFor(async () => (await latest(world))?.status === 'done', { what: 'the reconciliation done' });
  });

  it('refuses a source that is off, and starts nothing', async () => {
    const world = await workspace();
    await t.context.database.db.update(source).set({ enabled: false }).where(eq(source.id, world.sourceId));
    const { status, body } = await callFunction(
      t.app,
      'reconcileSource',
      { subscriptionId: world.subscriptionId, sourceId: world.sourceId },
      world.owner,
    );
    expect(status).toBe(400);
    expect(body.error).toMatchObject({
      status: 'FAILED_PRECONDITION',
      message: 'Connect and enable the source before reconciling it.',
    });
    expect(await latest(world)).toBeNull();
  });

  it('answers a press while one runs with that one, and the audit log records only a start', async () => {
    const world = await workspace();
    const { db } = t.context.database;
    const starts = async () =>
      (
        await db
          .select()
          .from(auditEvent)
          .where(
            and(
              eq(auditEvent.subscriptionId, world.subscriptionId),
              eq(auditEvent.kind, 'reconciliation.started'),
            ),
          )
      ).length;
    // One already running (no job: it stays running while the button is pressed).
    const [running] = await db
      .insert(reconciliation)
      .values({
        id: randomUUID(),
        sourceId: world.sourceId,
        status: 'running',
        kinds: ['customers'],
        cursor: { kind: 'customers', after: null },
        listedUpTo: Math.floor(Date.now() / 1000),
      })
      .returning();
    const { reconciliation: answered } = await call<{ reconciliation: Reconciliation }>(
      world,
      'reconcileSource',
    );
    expect(answered.id).toBe(running?.id);
    expect(await starts()).toBe(0);

    await db
      .update(reconciliation)
      .set({ status: 'done' })
      .where(eq(reconciliation.sourceId, world.sourceId));
    const { reconciliation: fresh } = await call<{ reconciliation: Reconciliation }>(
      world,
      'reconcileSource',
    );
    expect(fresh.id).not.toBe(running?.id);
    expect(await starts()).toBe(1);
  });
});
