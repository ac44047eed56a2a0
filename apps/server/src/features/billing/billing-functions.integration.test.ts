import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { membership } from '../../db/schema.ts';
import {
  billingBed,
  billingDetails,
  browserApi,
  browserCard,
  cards,
  createPaidWorkspace,
  platformApi,
  workspaceRow,
} from '../../testing/billing.ts';
import { snapshotDb } from '../../testing/db-snapshot.ts';
import type { TestApp } from '../../testing/test-app.ts';
import { callFunction, errorOf, signUpUser, signUpVerifiedUser, type TestUser } from '../../testing/users.ts';
import { seedWorkspace } from '../../testing/workspaces.ts';

type Card = { id: string; isDefault: boolean; card: { brand: string; last4: string } };

describe('billing functions', () => {
  let t: TestApp;
  let owner: TestUser;
  let stop: () => Promise<void>;

  beforeAll(async () => {
    ({ t, owner, stop } = await billingBed({ webhooks: false, worker: false }));
  });
  afterAll(() => stop());
  // A new owner per test: billing attempts are limited per user and day (issue 38).
  beforeEach(async () => {
    owner = await signUpVerifiedUser(t.app, t.context.database.db, { name: 'Olga Owner' });
  });

  const call = async (name: string, data: unknown) => callFunction(t.app, name, data, owner);
  const cardsOf = async (subscriptionId: string): Promise<Card[]> =>
    ((await call('getPaymentMethods', { subscriptionId })).body.result as { paymentMethods: Card[] })
      .paymentMethods;

  it('creates a Pro workspace billed through Stripe: customer, subscription, period and first invoice', async () => {
    const id = await createPaidWorkspace(t, owner, 'pro');
    const row = await workspaceRow(t, id);
    expect(row).toMatchObject({ planId: 'pro', status: 'active', ownerId: owner.id });
    const stripe = platformApi(t);
    const stripeSubscription = await stripe.subscriptions.retrieve(row.stripeSubscriptionId as string);
    expect(stripeSubscription.customer).toBe(row.stripeCustomerId);
    const prices = stripeSubscription.items.data.map((item) => item.price.lookup_key).sort();
    expect(prices).toEqual(['price_billbridge_pro_events', 'price_billbridge_pro_monthly']);
    const item = stripeSubscription.items.data[0];
    expect(row.currentPeriodStart.getTime() / 1000).toBe(item?.current_period_start);
    expect(row.currentPeriodEnd.getTime() / 1000).toBe(item?.current_period_end);

    const invoices = await call('listInvoices', { subscriptionId: id });
    expect(invoices.body.result).toMatchObject({
      count: 1,
      invoices: [{ total: 4900, currency: 'usd', status: 'paid', number: expect.any(String) }],
    });
    const [only] = (invoices.body.result as { invoices: { hosted_invoice_url: string }[] }).invoices;
    expect(only?.hosted_invoice_url).toMatch(/^http/);

    expect(await cardsOf(id)).toEqual([
      expect.objectContaining({ isDefault: true, card: expect.objectContaining({ last4: '4242' }) }),
    ]);
    expect(await call('getBillingDetails', { subscriptionId: id })).toMatchObject({
      status: 200,
      body: { result: billingDetails },
    });
  });

  it('finds the prices by lookup key: a second workspace reuses them, and Business bills $299 + $0.005', async () => {
    const id = await createPaidWorkspace(t, owner, 'business');
    const stripe = platformApi(t);
    const row = await workspaceRow(t, id);
    const items = (await stripe.subscriptions.retrieve(row.stripeSubscriptionId as string)).items.data;
    const byKey = Object.fromEntries(items.map((item) => [item.price.lookup_key, item.price]));
    expect(byKey.price_billbridge_business_monthly?.unit_amount).toBe(29_900);
    expect(String(byKey.price_billbridge_business_events?.unit_amount_decimal)).toBe('0.5');
    const all = await stripe.prices.list({ lookup_keys: ['price_billbridge_pro_monthly'], limit: 10 });
    expect(all.data).toHaveLength(1);
  });

  it('refuses a declined card with Stripe’s message and creates no workspace', async () => {
    const before = await snapshotDb(t.context.database.db);
    const paymentMethodId = await browserCard(t, cards.declined);
    const { status, body } = await call('createSubscription', {
      planId: 'pro',
      billingInfo: { billingDetails, paymentMethodId },
    });
    expect(status).toBe(400);
    expect(errorOf(body)).toMatchObject({
      status: 'FAILED_PRECONDITION',
      message: 'Your card was declined.',
    });
    expect(await snapshotDb(t.context.database.db)).toEqual(before);
  });

  it('refuses an incomplete address (spec §5) and an unknown plan (planNotFound)', async () => {
    const paymentMethodId = await browserCard(t, cards.visa);
    const noCity = { ...billingDetails, address: { ...billingDetails.address, city: ' ' } };
    const incomplete = await call('createSubscription', {
      planId: 'pro',
      billingInfo: { billingDetails: noCity, paymentMethodId },
    });
    expect(incomplete.status).toBe(400);
    expect(errorOf(incomplete.body).status).toBe('INVALID_ARGUMENT');
    const unknown = await call('createSubscription', { planId: 'platinum' });
    expect(unknown.status).toBe(404);
    expect(errorOf(unknown.body)).toMatchObject({ details: { messageKey: 'planNotFound' } });
  });

  it('adds a card through a setup intent, makes it the default, and deletes the old one', async () => {
    const id = await createPaidWorkspace(t, owner, 'pro');
    const [first] = await cardsOf(id);
    const intent = await call('createSetupIntent', { subscriptionId: id });
    const clientSecret = (intent.body.result as { clientSecret: string }).clientSecret;
    expect(clientSecret).toMatch(/^seti_.+_secret_/);
    const second = await browserCard(t, cards.mastercard);
    await browserApi(t).setupIntents.confirm(
      clientSecret.split('_secret_')[0] as string,
      {
        payment_method: second,
        client_secret: clientSecret,
      } as never,
    );
    expect((await cardsOf(id)).map((card) => card.id).sort()).toEqual([first?.id, second].sort());

    const refused = await call('deletePaymentMethod', { subscriptionId: id, paymentMethodId: first?.id });
    expect(refused.status).toBe(400);
    expect(errorOf(refused.body)).toMatchObject({ details: { messageKey: 'defaultCardOfPaidPlan' } });

    expect(
      (await call('setDefaultPaymentMethod', { subscriptionId: id, paymentMethodId: second })).status,
    ).toBe(200);
    const row = await workspaceRow(t, id);
    const stripeSubscription = await platformApi(t).subscriptions.retrieve(
      row.stripeSubscriptionId as string,
    );
    expect(stripeSubscription.default_payment_method).toBe(second);
    expect(
      (await call('deletePaymentMethod', { subscriptionId: id, paymentMethodId: first?.id })).status,
    ).toBe(200);
    expect(await cardsOf(id)).toEqual([
      expect.objectContaining({
        id: second,
        isDefault: true,
        card: expect.objectContaining({ last4: '4444' }),
      }),
    ]);
  });

  it('answers a card of another workspace as not found, touching neither', async () => {
    const mine = await createPaidWorkspace(t, owner, 'pro');
    const theirs = await createPaidWorkspace(
      t,
      await signUpVerifiedUser(t.app, t.context.database.db),
      'pro',
    );
    const theirRow = await workspaceRow(t, theirs);
    const theirCards = await platformApi(t).customers.listPaymentMethods(theirRow.stripeCustomerId as string);
    const foreignId = theirCards.data[0]?.id;
    expect(foreignId).toMatch(/^pm_/);
    for (const name of ['setDefaultPaymentMethod', 'deletePaymentMethod']) {
      const { status, body } = await call(name, { subscriptionId: mine, paymentMethodId: foreignId });
      expect(status).toBe(404);
      expect(errorOf(body)).toMatchObject({ details: { messageKey: 'paymentMethodNotFound' } });
    }
    const after = await platformApi(t).customers.listPaymentMethods(theirRow.stripeCustomerId as string);
    expect(after.data.map((card) => card.id)).toEqual(theirCards.data.map((card) => card.id));
  });

  it('updates the billing details on the Stripe customer, and a free workspace starts with none', async () => {
    const id = await seedWorkspace(t.context.database.db, owner.id);
    expect((await call('getBillingDetails', { subscriptionId: id })).body.result).toBeNull();
    expect((await call('getPaymentMethods', { subscriptionId: id })).body.result).toEqual({
      paymentMethods: [],
    });
    const updated = {
      name: '王小明',
      phone: '+86 10 5555 0100',
      address: {
        line1: '1 Chang’an Ave',
        line2: 'Floor 3',
        city: 'Beijing',
        state: '',
        postal_code: '100000',
        country: 'CN',
      },
    };
    expect((await call('updateBillingDetails', { subscriptionId: id, ...updated })).status).toBe(200);
    expect((await call('getBillingDetails', { subscriptionId: id })).body.result).toEqual(updated);
    const missingPhone = await call('updateBillingDetails', { subscriptionId: id, ...updated, phone: '' });
    expect(missingPhone.status).toBe(400);
  });

  it('changes Pro → Business on the same Stripe subscription, refuses the same plan', async () => {
    const id = await createPaidWorkspace(t, owner, 'pro');
    const same = await call('changeSubscriptionPlan', { subscriptionId: id, planId: 'pro' });
    expect(same.status).toBe(400);
    expect(errorOf(same.body)).toMatchObject({ details: { messageKey: 'samePlan' } });
    const enterprise = await call('changeSubscriptionPlan', { subscriptionId: id, planId: 'enterprise' });
    expect(enterprise.status).toBe(400);

    expect((await call('changeSubscriptionPlan', { subscriptionId: id, planId: 'business' })).status).toBe(
      200,
    );
    const row = await workspaceRow(t, id);
    expect(row.planId).toBe('business');
    const items = (await platformApi(t).subscriptions.retrieve(row.stripeSubscriptionId as string)).items
      .data;
    expect(items.map((item) => item.price.lookup_key).sort()).toEqual([
      'price_billbridge_business_events',
      'price_billbridge_business_monthly',
    ]);
  });

  it('moves paid → free by ending the Stripe subscription now', async () => {
    const id = await createPaidWorkspace(t, owner, 'pro');
    const { stripeSubscriptionId } = await workspaceRow(t, id);
    expect((await call('changeSubscriptionPlan', { subscriptionId: id, planId: 'free' })).status).toBe(200);
    expect(await workspaceRow(t, id)).toMatchObject({
      planId: 'free',
      status: 'active',
      stripeSubscriptionId: null,
    });
    const ended = await platformApi(t).subscriptions.retrieve(stripeSubscriptionId as string);
    expect(ended.status).toBe('canceled');
  });

  it('upgrades a capped free workspace: billing info required, then active on Pro at once', async () => {
    const id = await seedWorkspace(t.context.database.db, owner.id, [], { status: 'capped' });
    const without = await call('changeSubscriptionPlan', { subscriptionId: id, planId: 'pro' });
    expect(without.status).toBe(400);
    expect(errorOf(without.body)).toMatchObject({ details: { messageKey: 'billingInfoRequired' } });
    const paymentMethodId = await browserCard(t, cards.visa);
    const upgraded = await call('changeSubscriptionPlan', {
      subscriptionId: id,
      planId: 'pro',
      billingInfo: { billingDetails, paymentMethodId },
    });
    expect(upgraded).toMatchObject({ status: 200, body: { result: {} } });
    expect(await workspaceRow(t, id)).toMatchObject({ planId: 'pro', status: 'active' });
    expect((await call('listInvoices', { subscriptionId: id })).body.result).toMatchObject({ count: 1 });
  });

  it('cancels only with the typed id; canceled is final and the Stripe subscription ends', async () => {
    const id = await createPaidWorkspace(t, owner, 'pro');
    const before = await snapshotDb(t.context.database.db);
    const mismatch = await call('cancelSubscription', { subscriptionId: id, confirmationId: 'wrong' });
    expect(mismatch.status).toBe(400);
    expect(errorOf(mismatch.body)).toMatchObject({ details: { messageKey: 'confirmationMismatch' } });
    expect(await snapshotDb(t.context.database.db)).toEqual(before);

    expect((await call('cancelSubscription', { subscriptionId: id, confirmationId: id })).status).toBe(200);
    const row = await workspaceRow(t, id);
    expect(row.status).toBe('canceled');
    expect((await platformApi(t).subscriptions.retrieve(row.stripeSubscriptionId as string)).status).toBe(
      'canceled',
    );
    const again = await call('cancelSubscription', { subscriptionId: id, confirmationId: id });
    expect(again.status).toBe(400);
    expect(errorOf(again.body).message).toBe('This subscription has been canceled');
    // The reads stay open on a canceled workspace.
    expect((await call('listInvoices', { subscriptionId: id })).status).toBe(200);
    expect((await call('getPaymentMethods', { subscriptionId: id })).status).toBe(200);
  });

  it('hands billing to the new owner on transfer: same customer and cards, the new owner’s e-mail', async () => {
    const id = await createPaidWorkspace(t, owner, 'pro');
    const admin = await signUpUser(t.app, { name: 'Ada Admin' });
    await t.context.database.db
      .insert(membership)
      .values({ subscriptionId: id, userId: admin.id, permissions: ['access', 'admin'] });
    const cardsBefore = await cardsOf(id);
    const moved = await call('transferSubscriptionOwnership', { subscriptionId: id, newOwnerId: admin.id });
    expect(moved.status).toBe(200);
    const row = await workspaceRow(t, id);
    const customer = await platformApi(t).customers.retrieve(row.stripeCustomerId as string);
    expect(customer).toMatchObject({ email: admin.email });
    const asNewOwner = await callFunction(t.app, 'getPaymentMethods', { subscriptionId: id }, admin);
    expect(asNewOwner.body.result).toEqual({ paymentMethods: cardsBefore });
    expect((await call('getPaymentMethods', { subscriptionId: id })).status).toBe(403);
  });

  it('gives the browser the publishable key and where Stripe.js is', async () => {
    const { body } = await call('getBillingConfig', {});
    expect(body.result).toEqual({
      publishableKey: t.context.providers.stripe?.publishableKey,
      stripeJsUrl: `${t.context.providers.sandbox?.stripe.url}/sandbox.js`,
    });
  });
});
