import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Sandbox } from '@billbridge/sandbox';
import { queryRows } from '../../db/client.ts';
import { overageEvent, overageReport, stripeEvent, usage } from '../../db/schema.ts';
import { replayEvents } from '../inbox/replay/replay.ts';
import {
  billingBed,
  billingDetails,
  browserCard,
  cards,
  createPaidWorkspace,
  platformApi,
  workspaceRow,
} from '../../testing/billing.ts';
import { ruleOf, seedDestination, seedSource } from '../../testing/sync.ts';
import type { TestApp } from '../../testing/test-app.ts';
import { callFunction, type TestUser, signUpVerifiedUser } from '../../testing/users.ts';
import { waitFor } from '../../testing/wait.ts';
import { seedWorkspace } from '../../testing/workspaces.ts';
import { syncEventsMeter } from './platform.ts';
import { overageQueue, reportOverage } from './overage.ts';

describe('overage: sync events past a paid plan’s included amount', () => {
  let t: TestApp;
  let sandbox: Sandbox;
  let owner: TestUser;
  let stop: () => Promise<void>;

  beforeAll(async () => {
    ({ t, sandbox, owner, stop } = await billingBed());
  });
  afterAll(() => stop());
  // A new owner per test: billing attempts are limited per user and day (issue 38).
  beforeEach(async () => {
    owner = await signUpVerifiedUser(t.app, t.context.database.db, { name: 'Olga Owner' });
  });

  /** A connected Stripe account and HubSpot portal on the workspace, so its events sync. */
  const connect = async (subscriptionId: string) => {
    const account = sandbox.stripeState.createConnectedAccount().id;
    await seedSource(t.context, subscriptionId, account);
    const { portalId } = await seedDestination(t.context, subscriptionId, [ruleOf('active', 'closedwon')]);
    return { account, portalId };
  };

  const useUpTo = async (subscriptionId: string, events: number) => {
    const { currentPeriodStart } = await workspaceRow(t, subscriptionId);
    await t.context.database.db
      .insert(usage)
      .values({ subscriptionId, periodStart: currentPeriodStart, events });
  };

  /** Units the platform's meter holds for the customer. */
  const meteredUnits = async (customerId: string): Promise<number> => {
    return sandbox.stripeState
      .account(sandbox.stripe.accountId)
      .objects.meter_events.filter(
        (event) =>
          event.event_name === syncEventsMeter.eventName && event.payload.stripe_customer_id === customerId,
      )
      .reduce((sum, event) => sum + Number(event.payload.value), 0);
  };

  /** The worker's overage report jobs not finished yet. */
  const reportJobsWaiting = async (): Promise<number> => {
    const [row] = await queryRows<{ count: number }>(
      t.context.database.db,
      sql`select count(*)::int as count from pgboss.job
          where name = ${overageQueue} and state in ('created', 'retry', 'active')`,
    );
    return row?.count ?? 0;
  };

  const reports = (subscriptionId: string) =>
    t.context.database.db
      .select()
      .from(overageReport)
      .where(eq(overageReport.subscriptionId, subscriptionId));

  it('bills exactly the N events past 10,000 on Pro, none twice after a crash and a refused call', async () => {
    const id = await createPaidWorkspace(t, owner, 'pro');
    const { account } = await connect(id);
    await useUpTo(id, 9_997);
    const n = 7;
    for (let i = 0; i < 3 + n; i++)
      sandbox.stripeState.createCustomer(account, { email: `c${i}@example.com` });
    const { stripeCustomerId } = await workspaceRow(t, id);
    const customerId = stripeCustomerId as string;
    await waitFor(
      async () => (await meteredUnits(customerId)) === n && (await reports(id)).every((r) => r.reportedAt),
      {
        what: `${n} metered units`,
      },
    );

    // A crash after Stripe accepted and before the report was noted, then Stripe refusing once (500).
    // The worker's report jobs are done first: one still queued would meet the refusal instead.
    await waitFor(async () => (await reportJobsWaiting()) === 0, { what: 'no report job waiting' });
    await t.context.database.db
      .update(overageReport)
      .set({ reportedAt: null })
      .where(eq(overageReport.subscriptionId, id));
    sandbox.faults.add({ service: 'stripe', path: '/v1/billing/meter_events', status: 500, times: 3 });
    await expect(reportOverage(t.context, id)).rejects.toThrow();
    await reportOverage(t.context, id);
    expect((await reports(id)).every((report) => report.reportedAt)).toBe(true);
    expect(await meteredUnits(customerId)).toBe(n);

    // Billed events that failed a write and are retried go through the gate again: billed once still.
    const billed = await t.context.database.db
      .select({ id: overageEvent.stripeEventId })
      .from(overageEvent)
      .where(eq(overageEvent.subscriptionId, id));
    const ids = billed.map((row) => row.id);
    expect(ids).toHaveLength(n);
    await t.context.database.db
      .update(stripeEvent)
      .set({ state: 'failed' })
      .where(inArray(stripeEvent.id, ids));
    await t.context.database.db.transaction((tx) =>
      replayEvents(t.context, tx, id, { ids, states: ['failed'] }),
    );
    await waitFor(
      async () =>
        (await t.context.database.db.select().from(stripeEvent).where(inArray(stripeEvent.id, ids))).every(
          (row) => row.state === 'done',
        ),
      { what: 'the retried events' },
    );
    await reportOverage(t.context, id);
    expect(await meteredUnits(customerId)).toBe(n);

    // The renewal invoice charges the month and the N events at $0.01.
    sandbox.stripeState.advanceClock(31 * 86_400);
    await sandbox.webhooksIdle();
    const invoices = await platformApi(t).invoices.list({ customer: customerId, limit: 10 });
    expect(invoices.data[0]?.total).toBe(4_900 + n);
  });

  it('upgrading a capped free workspace lifts the cap at once and its held events reach the portal', async () => {
    const id = await seedWorkspace(t.context.database.db, owner.id, [], { planId: 'free' });
    const { account, portalId } = await connect(id);
    await useUpTo(id, 999);
    for (const email of ['first@example.com', 'held1@example.com', 'held2@example.com']) {
      sandbox.stripeState.createCustomer(account, { email });
    }
    await waitFor(async () => (await workspaceRow(t, id)).status === 'capped', { what: 'the cap' });
    const emails = () => sandbox.hubspotState.records(portalId, 'contacts').map((c) => c.properties.email);
    await waitFor(() => emails().length === 1, { what: 'the first contact' });

    const paymentMethodId = await browserCard(t, cards.visa);
    const upgraded = await callFunction(
      t.app,
      'changeSubscriptionPlan',
      { subscriptionId: id, planId: 'pro', billingInfo: { billingDetails, paymentMethodId } },
      owner,
    );
    expect(upgraded.status).toBe(200);
    expect(await workspaceRow(t, id)).toMatchObject({ planId: 'pro', status: 'active' });
    await waitFor(() => emails().length === 3, { what: 'the held contacts' });
    expect(emails().sort()).toEqual(['first@example.com', 'held1@example.com', 'held2@example.com']);
  });
});
