import { eq } from 'drizzle-orm';
import { Client } from '@hubspot/api-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '@billbridge/sandbox';
import { revenueProperties as p, type Backfill } from '@billbridge/contract';
import { source, stripeEvent, activity } from '../../db/schema.ts';
import {
  invoiceOf,
  postWebhook,
  schemaScopes,
  seedMonthlyPrice,
  seedSyncedWorkspace,
  settledActivity,
  stripeEventOf,
  syncBed,
  type SyncedWorkspace,
} from '../../testing/sync.ts';
import type { TestApp } from '../../testing/test-app.ts';
import { callFunction } from '../../testing/users.ts';
import { ruleOf } from '../../testing/fixtures.ts';
import { waitFor } from '../../testing/wait.ts';

/** A billing subscription with priced items: `interval` per `count`, a quantity each. */
const subscriptionOf = (
  id: string,
  customer: string,
  items: { amount: number; interval: string; count?: number; quantity?: number; metered?: boolean }[],
  { status = 'active', currency = 'usd' } = {},
) => ({
  id,
  object: 'subscription',
  status,
  currency,
  customer,
  start_date: 1_700_000_000,
  items: {
    data: items.map((item, index) => ({
      id: `si_${id.slice(4)}_${index}`,
      quantity: item.quantity ?? 1,
      price: {
        id: `price_${id}_${index}`,
        unit_amount: item.metered ? null : item.amount,
        currency,
        nickname: null,
        billing_scheme: 'per_unit',
        recurring: {
          interval: item.interval,
          interval_count: item.count ?? 1,
          usage_type: item.metered ? 'metered' : 'licensed',
        },
      },
    })),
  },
});

/** Issue 33 §3: what a customer is worth, on its contact, under every path. */
describe('Revenue on the contact', () => {
  let t: TestApp;
  let sandbox: Sandbox;
  let stop: () => Promise<void>;
  let world: SyncedWorkspace;
  let created = 1_764_000_000;

  beforeAll(async () => {
    ({ t, sandbox, stop } = await syncBed());
    world = await seedSyncedWorkspace(t);
  });
  afterAll(() => stop());

  const sync = async (
    type: string,
    object: Record<string, unknown>,
    at = (created += 10),
    on: SyncedWorkspace = world,
  ) => {
    const event = stripeEventOf({ account: on.account, type, object, created: at });
    expect((await postWebhook(t, JSON.stringify(event))).statusCode).toBe(200);
    return settledActivity(t, event.id);
  };
  const contactOf = (customerId: string, portalId = world.portalId) =>
    sandbox.hubspotState
      .records(portalId, 'contacts')
      .find((record) => record.properties.billbridge_stripe_customer_id === customerId)?.properties ?? {};
  const newCustomer = (id: string) =>
    sync('customer.created', { id, object: 'customer', email: `${id}@example.com` });
  const charge = (id: string, customer: string, amount: number, refunded = 0) => ({
    id,
    object: 'charge',
    amount,
    amount_captured: amount,
    amount_refunded: refunded,
    currency: 'usd',
    customer,
    status: 'succeeded',
    refunded: refunded === amount,
  });

  it('sums a monthly and a yearly subscription (quantity 3) into MRR and ARR, and says the customer is active', async () => {
    await newCustomer('cus_two');
    await sync(
      'customer.subscription.created',
      subscriptionOf('sub_monthly', 'cus_two', [{ amount: 2000, interval: 'month' }]),
    );
    await sync(
      'customer.subscription.created',
      subscriptionOf('sub_yearly', 'cus_two', [{ amount: 12000, interval: 'year', quantity: 3 }]),
    );
    // 20.00 a month + 3 × 120.00 a year / 12 = 50.00 a month.
    expect(contactOf('cus_two')).toMatchObject({
      [p.mrr]: '50.00',
      [p.arr]: '600.00',
      [p.currency]: 'USD',
      [p.customerStatus]: 'active',
      [p.ltv]: '0.00',
    });
  });

  it('normalises every N weeks or months and counts metered prices as 0', async () => {
    await newCustomer('cus_shapes');
    await sync(
      'customer.subscription.created',
      subscriptionOf('sub_shapes', 'cus_shapes', [
        { amount: 5200, interval: 'week', count: 2 }, // 52.00 every 2 weeks: 26 × 52 / 12 = 112.67
        { amount: 9000, interval: 'month', count: 3 }, // 90.00 a quarter: 30.00
        { amount: 0, interval: 'month', metered: true },
      ]),
    );
    expect(contactOf('cus_shapes')[p.mrr]).toBe('142.67');
  });

  it('counts paid invoices minus refunds as lifetime value, with the payment dates and status', async () => {
    await newCustomer('cus_pay');
    const paidAt = Date.UTC(2025, 0, 15) / 1000;
    await sync(
      'invoice.paid',
      invoiceOf('in_pay1', 'cus_pay', null, 'paid', { amount: 4900, created: paidAt }),
    );
    await sync(
      'invoice.paid',
      invoiceOf('in_pay2', 'cus_pay', null, 'paid', { amount: 4900, created: paidAt + 31 * 86_400 }),
    );
    expect(contactOf('cus_pay')).toMatchObject({
      [p.ltv]: '98.00',
      [p.firstPaymentDate]: '2025-01-15',
      [p.lastPaymentDate]: '2025-02-15',
      [p.lastPaymentStatus]: 'succeeded',
    });
    await sync('charge.succeeded', charge('ch_pay2', 'cus_pay', 4900));
    await sync('charge.refunded', charge('ch_pay2', 'cus_pay', 4900, 1500));
    expect(contactOf('cus_pay')).toMatchObject({ [p.ltv]: '83.00', [p.lastPaymentStatus]: 'refunded' });
  });

  it('says failed when a payment fails, and canceled with MRR 0 when the subscription ends', async () => {
    await newCustomer('cus_end');
    await sync(
      'customer.subscription.created',
      subscriptionOf('sub_end', 'cus_end', [{ amount: 3000, interval: 'month' }]),
    );
    await sync('invoice.payment_failed', {
      ...invoiceOf('in_end', 'cus_end', 'sub_end', 'open', { amount: 3000 }),
      attempted: true,
      attempt_count: 1,
    });
    expect(contactOf('cus_end')).toMatchObject({ [p.mrr]: '30.00', [p.lastPaymentStatus]: 'failed' });
    await sync(
      'customer.subscription.deleted',
      subscriptionOf('sub_end', 'cus_end', [{ amount: 3000, interval: 'month' }], { status: 'canceled' }),
    );
    expect(contactOf('cus_end')).toMatchObject({
      [p.mrr]: '0.00',
      [p.arr]: '0.00',
      [p.customerStatus]: 'canceled',
    });
  });

  it('keeps the newest state when an older event arrives late, and moves MRR with a subscription moved between customers', async () => {
    await newCustomer('cus_from');
    await newCustomer('cus_to');
    const at = (created += 100);
    await sync(
      'customer.subscription.updated',
      subscriptionOf('sub_move', 'cus_from', [{ amount: 1000, interval: 'month' }]),
      at,
    );
    // An upgrade, then the older state delivered late: the upgrade stands.
    await sync(
      'customer.subscription.updated',
      subscriptionOf('sub_move', 'cus_from', [{ amount: 2500, interval: 'month' }]),
      at + 5,
    );
    await sync(
      'customer.subscription.updated',
      subscriptionOf('sub_move', 'cus_from', [{ amount: 1000, interval: 'month' }]),
      at + 1,
    );
    expect(contactOf('cus_from')[p.mrr]).toBe('25.00');
    await sync(
      'customer.subscription.updated',
      subscriptionOf('sub_move', 'cus_to', [{ amount: 2500, interval: 'month' }]),
      at + 9,
    );
    expect(contactOf('cus_to')).toMatchObject({ [p.mrr]: '25.00', [p.customerStatus]: 'active' });
    expect(contactOf('cus_from')).toMatchObject({ [p.mrr]: '0.00', [p.customerStatus]: 'none' });
  });

  it('leaves a contact deleted in HubSpot to the customer’s next change, without failing a payment event', async () => {
    await newCustomer('cus_gone');
    await sync('invoice.paid', invoiceOf('in_gone', 'cus_gone', null, 'paid', { amount: 900 }));
    const hubspot = new Client({
      accessToken: sandbox.hubspotState.issueToken(world.portalId).accessToken,
      basePath: sandbox.hubspot.url,
    });
    await hubspot.crm.contacts.basicApi.archive(
      sandbox.hubspotState
        .records(world.portalId, 'contacts')
        .find((record) => record.properties.billbridge_stripe_customer_id === 'cus_gone')?.id ?? '',
    );
    // A payment changes the customer's figures; its contact is gone, and only an update was due.
    const paid = await sync('charge.succeeded', charge('ch_gone', 'cus_gone', 900));
    expect(paid.status).toBe('success');
    const gone = (record: { properties: Record<string, string | null> }) =>
      record.properties.billbridge_stripe_customer_id === 'cus_gone';
    expect(sandbox.hubspotState.records(world.portalId, 'contacts').filter(gone)).toEqual([]);
    await newCustomer('cus_gone');
    expect(contactOf('cus_gone')).toMatchObject({ [p.ltv]: '9.00', [p.lastPaymentStatus]: 'succeeded' });
  });

  it("converts other currencies with the portal's own exchange rate into its company currency", async () => {
    sandbox.hubspotState.enableCurrency(world.portalId, 'EUR', 1.1);
    await newCustomer('cus_eur');
    await sync(
      'customer.subscription.created',
      subscriptionOf('sub_eur', 'cus_eur', [{ amount: 10000, interval: 'month' }], { currency: 'eur' }),
    );
    expect(contactOf('cus_eur')).toMatchObject({ [p.mrr]: '110.00', [p.currency]: 'USD' });
  });

  it("gives a company the sums of its contacts' figures", async () => {
    const companyScopes = [
      'crm.objects.companies.read',
      'crm.objects.companies.write',
      'crm.schemas.companies.write',
    ];
    const on = await seedSyncedWorkspace(t, { scopes: [...schemaScopes, ...companyScopes] });
    const ids = { subscriptionId: on.subscriptionId, destinationId: on.destinationId };
    const { settings } = (await callFunction(t.app, 'getDestination', ids, on.owner)).body.result as {
      settings: Record<string, unknown>;
    };
    const saved = await callFunction(
      t.app,
      'saveDestination',
      { ...ids, name: 'HubSpot', enabled: true, settings: { ...settings, companies_from_domains: true } },
      on.owner,
    );
    expect(saved.status).toBe(200);
    const customer = (id: string, email: string) =>
      sync('customer.created', { id, object: 'customer', email }, (created += 10), on);
    await customer('cus_acme1', 'ada@acme-engines.example');
    await sync(
      'customer.subscription.created',
      subscriptionOf('sub_acme1', 'cus_acme1', [{ amount: 2000, interval: 'month' }]),
      (created += 10),
      on,
    );
    await customer('cus_acme2', 'bo@acme-engines.example');
    await sync(
      'customer.subscription.created',
      subscriptionOf('sub_acme2', 'cus_acme2', [{ amount: 24000, interval: 'year' }], { status: 'trialing' }),
      (created += 10),
      on,
    );
    await sync(
      'invoice.paid',
      invoiceOf('in_acme2', 'cus_acme2', null, 'paid', { amount: 1500, created: 1_740_000_000 }),
      (created += 10),
      on,
    );
    const [company, ...others] = sandbox.hubspotState
      .records(on.portalId, 'companies')
      .filter((record) => record.properties.domain === 'acme-engines.example');
    expect(others).toEqual([]);
    // A trial is not revenue yet; the company is as engaged as its most engaged contact.
    expect(company?.properties).toMatchObject({
      [p.mrr]: '20.00',
      [p.arr]: '240.00',
      [p.ltv]: '15.00',
      [p.currency]: 'USD',
      [p.customerStatus]: 'active',
      [p.lastPaymentStatus]: 'succeeded',
    });
    expect(contactOf('cus_acme2', on.portalId)).toMatchObject({
      [p.mrr]: '0.00',
      [p.customerStatus]: 'trialing',
    });
  });

  it('fills the figures for all history on a fresh import', async () => {
    const fresh = await seedSyncedWorkspace(t, { rules: [ruleOf('active', 'closedwon')] });
    const { db } = t.context.database;
    await db.update(source).set({ enabled: false }).where(eq(source.id, fresh.sourceId));
    const price = seedMonthlyPrice(sandbox, fresh.account, 2500);
    const customer = sandbox.stripeState.createCustomer(fresh.account, { email: 'imported@example.com' });
    sandbox.stripeState.addCard(fresh.account, customer.id, '4242424242424242');
    sandbox.stripeState.createSubscription(fresh.account, {
      customer: customer.id,
      items: [{ price: price.id, quantity: 2 }],
    });

    const ids = { subscriptionId: fresh.subscriptionId, sourceId: fresh.sourceId };
    const saved = await callFunction(
      t.app,
      'saveSource',
      { ...ids, name: 'Stripe', enabled: true, settings: {} },
      fresh.owner,
    );
    expect(saved.status).toBe(200);
    expect((await callFunction(t.app, 'startBackfill', ids, fresh.owner)).status).toBe(200);
    await waitFor(
      async () => {
        const { body } = await callFunction(t.app, 'getBackfillProgress', ids, fresh.owner);
        if ((body.result as { backfill: Backfill | null }).backfill?.status !== 'done') return false;
        const events = await db
          .select({ id: stripeEvent.id })
          .from(stripeEvent)
          .where(eq(stripeEvent.subscriptionId, fresh.subscriptionId));
        const logged = await db
          .select({ status: activity.status })
          .from(activity)
          .where(eq(activity.subscriptionId, fresh.subscriptionId));
        return logged.length === events.length && logged.every((row) => row.status !== 'pending');
      },
      { what: 'the import settled', timeoutMs: 60_000 },
    );
    expect(contactOf(customer.id, fresh.portalId)).toMatchObject({
      [p.mrr]: '50.00',
      [p.customerStatus]: 'active',
      [p.ltv]: '50.00',
      [p.lastPaymentStatus]: 'succeeded',
    });
  });
});
