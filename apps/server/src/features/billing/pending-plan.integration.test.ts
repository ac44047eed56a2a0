import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '@billbridge/sandbox';
import { stripeEvent } from '../../db/schema.ts';
import {
  billingBed,
  billingDetails,
  browserApi,
  browserCard,
  cards,
  platformApi,
  workspaceRow,
} from '../../testing/billing.ts';
import { snapshotDb } from '../../testing/db-snapshot.ts';
import { ruleOf, seedDestination, seedSource } from '../../testing/sync.ts';
import type { TestApp } from '../../testing/test-app.ts';
import { callFunction, errorOf, signUpUser, type TestUser } from '../../testing/users.ts';
import { waitFor } from '../../testing/wait.ts';
import { seedWorkspace } from '../../testing/workspaces.ts';
import { usage } from '../../db/schema.ts';

/** Issue 38 item 1: a paid plan's allowance starts when Stripe says its first payment went through. */
describe('a paid plan before its first payment', () => {
  let t: TestApp;
  let sandbox: Sandbox;
  let owner: TestUser;
  let stop: () => Promise<void>;

  beforeAll(async () => {
    ({ t, sandbox, owner, stop } = await billingBed());
  });
  afterAll(() => stop());

  const billingWith = async (card: string) => ({
    billingDetails,
    paymentMethodId: await browserCard(t, card),
  });

  /** What Stripe.js's confirmPayment does with a new card, then the billing webhooks it causes. */
  const confirmInBrowser = async (clientSecret: string) => {
    await browserApi(t).paymentIntents.confirm(
      clientSecret.split('_secret_')[0] as string,
      {
        payment_method: await browserCard(t, cards.visa),
        client_secret: clientSecret,
      } as never,
    );
    await sandbox.webhooksIdle();
  };

  const shown = async (subscriptionId: string) =>
    (await callFunction(t.app, 'getSubscription', { subscriptionId }, owner)).body.result as {
      plan_id: string;
      status: string;
      pending_plan_id?: string | null;
    };

  it('refuses a paid plan to an unverified account, creating nothing', async () => {
    const unverified = await signUpUser(t.app);
    const billingInfo = await billingWith(cards.visa);
    const before = await snapshotDb(t.context.database.db);
    const { status, body } = await callFunction(
      t.app,
      'createSubscription',
      { planId: 'business', billingInfo },
      unverified,
    );
    expect(status).toBe(400);
    expect(errorOf(body)).toMatchObject({ details: { messageKey: 'verifyEmailFirst' } });
    expect(await snapshotDb(t.context.database.db)).toEqual(before);
  });

  it('a Business workspace whose first payment fails stays on the free plan until the payment is confirmed', async () => {
    const { status, body } = await callFunction(
      t.app,
      'createSubscription',
      { planId: 'business', billingInfo: await billingWith(cards.failsPayments) },
      owner,
    );
    expect(status).toBe(200);
    const { subscriptionId, clientSecret } = body.result as { subscriptionId: string; clientSecret: string };
    expect(clientSecret).toMatch(/_secret_/);
    await sandbox.webhooksIdle();
    expect(await shown(subscriptionId)).toMatchObject({
      plan_id: 'free',
      status: 'active',
      pending_plan_id: 'business',
    });

    await confirmInBrowser(clientSecret);
    expect(await shown(subscriptionId)).toMatchObject({
      plan_id: 'business',
      status: 'active',
      pending_plan_id: null,
    });
  });

  it('a first payment never made leaves the workspace free once Stripe expires the subscription', async () => {
    const { body } = await callFunction(
      t.app,
      'createSubscription',
      { planId: 'pro', billingInfo: await billingWith(cards.failsPayments) },
      owner,
    );
    const { subscriptionId } = body.result as { subscriptionId: string };
    const { stripeSubscriptionId } = await workspaceRow(t, subscriptionId);
    sandbox.stripeState.advanceClock(24 * 3_600);
    await sandbox.webhooksIdle();
    const stripeSubscription = await platformApi(t).subscriptions.retrieve(stripeSubscriptionId as string);
    expect(stripeSubscription.status).toBe('incomplete_expired');
    expect(await workspaceRow(t, subscriptionId)).toMatchObject({
      planId: 'free',
      pendingPlanId: null,
      stripeSubscriptionId: null,
    });
  });

  it('upgrading a capped free workspace keeps its cap, held events and period until the payment is confirmed', async () => {
    const id = await seedWorkspace(t.context.database.db, owner.id, [], { planId: 'free' });
    const account = sandbox.stripeState.createConnectedAccount().id;
    await seedSource(t.context, id, account);
    const { portalId } = await seedDestination(t.context, id, [ruleOf('active', 'closedwon')]);
    const before = await workspaceRow(t, id);
    await t.context.database.db
      .insert(usage)
      .values({ subscriptionId: id, periodStart: before.currentPeriodStart, events: 1_000 });
    sandbox.stripeState.createCustomer(account, { email: 'held@example.com' });
    const heldEvents = () =>
      t.context.database.db
        .select({ id: stripeEvent.id })
        .from(stripeEvent)
        .where(and(eq(stripeEvent.subscriptionId, id), eq(stripeEvent.state, 'held')));
    await waitFor(async () => (await heldEvents()).length === 1, { what: 'the held event' });
    expect((await workspaceRow(t, id)).status).toBe('capped');

    const { status, body } = await callFunction(
      t.app,
      'changeSubscriptionPlan',
      { subscriptionId: id, planId: 'business', billingInfo: await billingWith(cards.failsPayments) },
      owner,
    );
    expect(status).toBe(200);
    const { clientSecret } = body.result as { clientSecret: string };
    await sandbox.webhooksIdle();
    const waiting = await workspaceRow(t, id);
    expect(waiting).toMatchObject({ planId: 'free', status: 'capped', pendingPlanId: 'business' });
    expect(waiting.currentPeriodStart).toEqual(before.currentPeriodStart);
    expect(await heldEvents()).toHaveLength(1);
    const again = await callFunction(
      t.app,
      'changeSubscriptionPlan',
      { subscriptionId: id, planId: 'pro', billingInfo: await billingWith(cards.visa) },
      owner,
    );
    expect(errorOf(again.body)).toMatchObject({ details: { messageKey: 'paymentBeingConfirmed' } });

    await confirmInBrowser(clientSecret);
    expect(await workspaceRow(t, id)).toMatchObject({
      planId: 'business',
      status: 'active',
      pendingPlanId: null,
    });
    const emails = () => sandbox.hubspotState.records(portalId, 'contacts').map((c) => c.properties.email);
    await waitFor(() => emails().includes('held@example.com'), { what: 'the held contact' });
  });
});
