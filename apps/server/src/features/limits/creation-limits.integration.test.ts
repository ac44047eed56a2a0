import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creationLimits } from '@billbridge/contract';
import { billingBed, billingDetails, browserCard, cards } from '../../testing/billing.ts';
import { snapshotDb } from '../../testing/db-snapshot.ts';
import type { TestApp } from '../../testing/test-app.ts';
import { callFunction, errorOf, signUpUser, signUpVerifiedUser, type TestUser } from '../../testing/users.ts';
import { seedWorkspace } from '../../testing/workspaces.ts';

/** Issue 38 item 9: no account creates workspaces, connections or billing attempts without end. */
describe('quotas on creating things', () => {
  let t: TestApp;
  let stop: () => Promise<void>;

  beforeAll(async () => {
    ({ t, stop } = await billingBed({ webhooks: false, worker: false }));
  });
  afterAll(() => stop());

  const verified = () => signUpVerifiedUser(t.app, t.context.database.db);
  const call = (user: TestUser, name: string, data: unknown) => callFunction(t.app, name, data, user);
  const refusalOf = async (user: TestUser, name: string, data: unknown) => {
    const { status, body } = await call(user, name, data);
    return { status, messageKey: (errorOf(body).details as { messageKey?: string } | undefined)?.messageKey };
  };

  it('an unverified account gets its first workspace, and no second one until it verifies', async () => {
    const newcomer = await signUpUser(t.app);
    expect((await call(newcomer, 'createSubscription', { planId: 'free' })).status).toBe(200);
    const before = await snapshotDb(t.context.database.db);
    expect(await refusalOf(newcomer, 'createSubscription', { planId: 'free' })).toEqual({
      status: 400,
      messageKey: 'verifyEmailFirst',
    });
    expect(await snapshotDb(t.context.database.db)).toEqual(before);
  });

  it('an unverified owner reaches no billing function', async () => {
    const newcomer = await signUpUser(t.app);
    const created = await call(newcomer, 'createSubscription', { planId: 'free' });
    const { subscriptionId } = created.body.result as { subscriptionId: string };
    const paymentMethodId = await browserCard(t, cards.visa);
    const calls: [string, unknown][] = [
      ['createSetupIntent', { subscriptionId }],
      [
        'changeSubscriptionPlan',
        { subscriptionId, planId: 'pro', billingInfo: { billingDetails, paymentMethodId } },
      ],
      ['updateBillingDetails', { subscriptionId, ...billingDetails }],
      ['setDefaultPaymentMethod', { subscriptionId, paymentMethodId }],
      ['deletePaymentMethod', { subscriptionId, paymentMethodId }],
    ];
    for (const [name, data] of calls) {
      expect(await refusalOf(newcomer, name, data)).toEqual({ status: 400, messageKey: 'verifyEmailFirst' });
    }
  });

  it(`a user owns at most ${creationLimits.workspacesPerUser} live workspaces`, async () => {
    const user = await verified();
    for (let i = 0; i < creationLimits.workspacesPerUser; i++) {
      expect((await call(user, 'createSubscription', { planId: 'free' })).status).toBe(200);
    }
    expect(await refusalOf(user, 'createSubscription', { planId: 'free' })).toEqual({
      status: 429,
      messageKey: 'tooManyWorkspaces',
    });
  });

  it(`a workspace has at most ${creationLimits.sourcesPerWorkspace} sources and ${creationLimits.destinationsPerWorkspace} destinations`, async () => {
    const user = await verified();
    const subscriptionId = await seedWorkspace(t.context.database.db, user.id);
    for (const [name, limit, key] of [
      ['createSource', creationLimits.sourcesPerWorkspace, 'tooManySources'],
      ['createDestination', creationLimits.destinationsPerWorkspace, 'tooManyDestinations'],
    ] as const) {
      for (let i = 0; i < limit; i++) expect((await call(user, name, { subscriptionId })).status).toBe(200);
      expect(await refusalOf(user, name, { subscriptionId })).toEqual({ status: 429, messageKey: key });
    }
  });

  it(`a user makes at most ${creationLimits.billingAttemptsPerDay} billing attempts a day`, async () => {
    const user = await verified();
    const subscriptionId = await seedWorkspace(t.context.database.db, user.id);
    for (let i = 0; i < creationLimits.billingAttemptsPerDay; i++) {
      expect((await call(user, 'createSetupIntent', { subscriptionId })).status).toBe(200);
    }
    const paymentMethodId = await browserCard(t, cards.visa);
    const billingInfo = { billingDetails, paymentMethodId };
    for (const [name, data] of [
      ['createSetupIntent', { subscriptionId }],
      ['changeSubscriptionPlan', { subscriptionId, planId: 'pro', billingInfo }],
      ['createSubscription', { planId: 'pro', billingInfo }],
    ] as const) {
      expect(await refusalOf(user, name, data)).toEqual({
        status: 429,
        messageKey: 'tooManyBillingAttempts',
      });
    }
  });

  it('answers a refused card with a generic decline, never its reason', async () => {
    const user = await verified();
    const paymentMethodId = await browserCard(t, '4000000000000069');
    const { status, body } = await call(user, 'createSubscription', {
      planId: 'pro',
      billingInfo: { billingDetails, paymentMethodId },
    });
    expect(status).toBe(400);
    expect(errorOf(body)).toEqual({
      status: 'FAILED_PRECONDITION',
      message: 'Your card was declined.',
      details: { messageKey: 'cardDeclined' },
    });
  });
});
