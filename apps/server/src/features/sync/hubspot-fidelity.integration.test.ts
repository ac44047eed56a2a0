import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '@billbridge/sandbox';
import { activity, type ActivityRow } from '../../db/schema.ts';
import { startWorker } from '../../main/start-worker.ts';
import {
  billingSubscriptionOf,
  invoiceOf,
  listenForWebhooks,
  postWebhook,
  seedSyncedWorkspace,
  stripeEventOf,
  type SyncedWorkspace,
} from '../../testing/sync.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { callFunction } from '../../testing/users.ts';
import { waitFor } from '../../testing/wait.ts';

/**
 * What the sync writes, checked against a stand-in as strict as HubSpot (packages/sandbox/src/rules):
 * invoices through HubSpot's lifecycle with their own line items, billing frequencies and terms,
 * and currencies the portal has not turned on.
 */
describe('HubSpot as it really is', () => {
  let t: TestApp;
  let sandbox: Sandbox;
  let stopWorker: () => void;
  let world: SyncedWorkspace;
  let created = 1_700_000_000;

  /** Posts one signed event (ten seconds after the last, unless `at` names its second) and waits until its activity settles. */
  const sync = async (type: string, object: Record<string, unknown>, at?: number): Promise<ActivityRow> => {
    created = at ?? created + 10;
    const event = stripeEventOf({ account: world.account, type, object, created });
    expect((await postWebhook(t, JSON.stringify(event))).statusCode).toBe(200);
    return waitFor(
      async () => {
        const [row] = await t.context.database.db
          .select()
          .from(activity)
          .where(eq(activity.eventId, event.id));
        return row && row.status !== 'pending' ? row : undefined;
      },
      { what: `the ${type} activity to settle` },
    );
  };
  const records = (type: string) => sandbox.hubspotState.records(world.portalId, type);
  const invoiceOfStripe = (id: string) =>
    records('invoices').find((r) => r.properties.billbridge_stripe_id === id);
  const dealOf = (id: string) => records('deals').find((r) => r.properties.billbridge_stripe_id === id);
  const lineItemsOf = (type: string, id: string) => {
    const ids = new Set(
      sandbox.hubspotState.associations(world.portalId, type, id, 'line_items').map((a) => a.id),
    );
    return records('line_items').filter((record) => ids.has(record.id));
  };
  const destination = async () =>
    (
      await callFunction(
        t.app,
        'getDestination',
        { subscriptionId: world.subscriptionId, destinationId: world.destinationId },
        world.owner,
      )
    ).body as { result: { missing_currencies: string[] } };

  beforeAll(async () => {
    t = await createTestApp();
    sandbox = t.context.providers.sandbox as Sandbox;
    await listenForWebhooks(t);
    stopWorker = await startWorker(t.context);
    world = await seedSyncedWorkspace(t);
    await sync('customer.created', { id: 'cus_fid', object: 'customer', email: 'fidelity@example.com' });
    expect(
      (await sync('customer.subscription.created', billingSubscriptionOf('sub_fid', 'cus_fid'))).status,
    ).toBe('success');
  });
  afterAll(async () => {
    stopWorker();
    await t.close();
  });

  it('keeps an invoice paid when its created and finalized events of the same second arrive after paid', async () => {
    const second = created + 10;
    const state = (status: 'draft' | 'open' | 'paid') =>
      invoiceOf('in_samesecond', 'cus_fid', 'sub_fid', status, { created: second });
    expect((await sync('invoice.paid', state('paid'), second)).status).toBe('success');
    expect(invoiceOfStripe('in_samesecond')?.properties.hs_invoice_status).toBe('paid');
    for (const [type, status] of [
      ['invoice.finalized', 'open'],
      ['invoice.created', 'draft'],
    ] as const) {
      expect(await sync(type, state(status), second)).toMatchObject({
        status: 'success',
        reason: 'A newer state of this object is already in HubSpot',
      });
    }
    expect(invoiceOfStripe('in_samesecond')?.properties.hs_invoice_status).toBe('paid');
  });

  it('creates an invoice as a draft with its line item, then opens and pays it as Stripe does', async () => {
    expect((await sync('invoice.created', invoiceOf('in_fid1', 'cus_fid', 'sub_fid', 'draft'))).status).toBe(
      'success',
    );
    const draft = invoiceOfStripe('in_fid1');
    expect(draft?.properties).toMatchObject({
      hs_invoice_status: 'draft',
      hs_currency: 'USD',
      hs_invoice_date: '2023-11-14T22:13:20.000Z',
    });
    const [line] = lineItemsOf('invoices', draft?.id ?? '');
    expect(line?.properties).toMatchObject({
      hs_sku: 'il_fid1',
      quantity: '1',
      price: '19.99',
      hs_line_item_currency_code: 'USD',
    });

    expect((await sync('invoice.finalized', invoiceOf('in_fid1', 'cus_fid', 'sub_fid', 'open'))).status).toBe(
      'success',
    );
    expect(invoiceOfStripe('in_fid1')?.properties).toMatchObject({
      hs_invoice_status: 'open',
      hs_balance_due: '19.99',
    });

    expect((await sync('invoice.paid', invoiceOf('in_fid1', 'cus_fid', 'sub_fid', 'paid'))).status).toBe(
      'success',
    );
    const paid = invoiceOfStripe('in_fid1');
    expect(paid?.properties).toMatchObject({
      hs_invoice_status: 'paid',
      hs_amount_billed: '19.99',
      hs_balance_due: '0',
    });
    const contact = records('contacts').find((r) => r.properties.email === 'fidelity@example.com');
    expect(
      sandbox.hubspotState
        .associations(world.portalId, 'invoices', paid?.id ?? '', 'contacts')
        .map((a) => a.id),
    ).toEqual([contact?.id]);
    expect(
      sandbox.hubspotState.associations(world.portalId, 'invoices', paid?.id ?? '', 'deals').map((a) => a.id),
    ).toEqual([dealOf('sub_fid')?.id]);
    expect(lineItemsOf('invoices', paid?.id ?? '')).toHaveLength(1);
  });

  it('takes an invoice that arrives paid through open to paid in one round, and voids an open one', async () => {
    expect(
      (await sync('invoice.paid', invoiceOf('in_fid2', 'cus_fid', 'sub_fid', 'paid', { amount: 5000 })))
        .status,
    ).toBe('success');
    expect(invoiceOfStripe('in_fid2')?.properties).toMatchObject({
      hs_invoice_status: 'paid',
      hs_amount_paid: '50',
    });

    await sync('invoice.finalized', invoiceOf('in_fid3', 'cus_fid', 'sub_fid', 'open'));
    expect((await sync('invoice.voided', invoiceOf('in_fid3', 'cus_fid', 'sub_fid', 'void'))).status).toBe(
      'success',
    );
    expect(invoiceOfStripe('in_fid3')?.properties.hs_invoice_status).toBe('voided');
  });

  it('keeps an uncollectible invoice open and says why', async () => {
    const settled = await sync(
      'invoice.marked_uncollectible',
      invoiceOf('in_fid4', 'cus_fid', 'sub_fid', 'uncollectible'),
    );
    expect(settled).toMatchObject({ status: 'warning', reason: expect.stringMatching(/no such status/) });
    expect(invoiceOfStripe('in_fid4')?.properties.hs_invoice_status).toBe('open');
  });

  /** Syncs a subscription of one 10.00 price billed at `recurring`, and gives its deal's line item. */
  const lineOfPriceBilled = async (label: string, recurring: Record<string, unknown>) => {
    const id = `sub_fid_${label.replaceAll(' ', '')}`;
    const subscription = billingSubscriptionOf(id, 'cus_fid');
    for (const item of subscription.items.data) Object.assign(item.price, { recurring });
    expect((await sync('customer.subscription.created', subscription)).status).toBe('success');
    return lineItemsOf('deals', dealOf(id)?.id ?? '')[0];
  };

  it.each([
    ['every week', { interval: 'week', interval_count: 1 }, 'weekly'],
    ['every 2 weeks', { interval: 'week', interval_count: 2 }, 'biweekly'],
    ['every 3 months', { interval: 'month', interval_count: 3 }, 'quarterly'],
    ['every 6 months', { interval: 'month', interval_count: 6 }, 'per_six_months'],
    ['every year', { interval: 'year', interval_count: 1 }, 'annually'],
    ['every 2 years', { interval: 'year', interval_count: 2 }, 'per_two_years'],
  ])('bills a price %s %s', async (label, recurring, frequency) => {
    const line = await lineOfPriceBilled(label, recurring);
    expect(line?.properties).toMatchObject({
      recurringbillingfrequency: frequency,
      hs_recurring_billing_start_date: '2023-11-14',
    });
  });

  it('writes the term of a subscription that ends on a date', async () => {
    const subscription = {
      ...billingSubscriptionOf('sub_fid_term', 'cus_fid'),
      cancel_at: 1_700_000_000 + 365 * 86_400,
    };
    for (const item of subscription.items.data)
      Object.assign(item.price, { recurring: { interval: 'month', interval_count: 1 } });
    expect((await sync('customer.subscription.created', subscription)).status).toBe('success');
    const [line] = lineItemsOf('deals', dealOf('sub_fid_term')?.id ?? '');
    expect(line?.properties).toMatchObject({
      recurringbillingfrequency: 'monthly',
      hs_recurring_billing_period: 'P12M',
    });
  });

  it.each([
    ['every day', { interval: 'day', interval_count: 1 }, 'monthly', '304.166667'],
    ['every 5 months', { interval: 'month', interval_count: 5 }, 'monthly', '2'],
    ['every 4 weeks', { interval: 'week', interval_count: 4 }, 'weekly', '2.5'],
  ])(
    'writes a price billed %s at HubSpot’s nearest frequency, its price scaled to it (decision 077)',
    async (label, recurring, frequency, price) => {
      const line = await lineOfPriceBilled(label, recurring);
      // 10.00 a period: every day is 365/12 days a month, every 5 months 2.00 a month, every 4 weeks 2.50 a week.
      expect(line?.properties).toMatchObject({
        recurringbillingfrequency: frequency,
        price,
        description: expect.stringContaining(`Billed ${label}`),
      });
    },
  );

  it.each([
    ['JPY', 1500, '1500'],
    ['KWD', 12345, '12.345'],
  ])('converts %s amounts exactly once the portal has the currency', async (code, amount, major) => {
    sandbox.hubspotState.enableCurrency(world.portalId, code);
    const id = `in_fid_${code.toLowerCase()}`;
    const settled = await sync(
      'invoice.paid',
      invoiceOf(id, 'cus_fid', null, 'paid', { amount, currency: code.toLowerCase() }),
    );
    expect(settled.status).toBe('success');
    const invoice = invoiceOfStripe(id);
    expect(invoice?.properties).toMatchObject({ hs_currency: code, hs_amount_billed: major });
  });

  it('warns naming a rule’s stage HubSpot no longer has, and leaves the deal in the stage it was in', async () => {
    const subscription = billingSubscriptionOf('sub_fid_gone', 'cus_fid');
    expect((await sync('customer.subscription.created', subscription)).status).toBe('success');
    expect(dealOf('sub_fid_gone')?.properties.dealstage).toBe('closedwon');
    // The past_due rule's stage is deleted in HubSpot after the rule was saved.
    const stage = sandbox.hubspotState
      .portal(world.portalId)
      .pipelines.default?.stages.find((entry) => entry.id === 'contractsent');
    if (!stage) throw new Error('The default pipeline has no contractsent stage.');
    stage.archived = true;
    try {
      const settled = await sync('customer.subscription.updated', { ...subscription, status: 'past_due' });
      expect(settled).toMatchObject({
        status: 'warning',
        reason: expect.stringContaining(
          'pipeline "default" and stage "contractsent" are not in the portal any more',
        ),
      });
      expect(dealOf('sub_fid_gone')?.properties).toMatchObject({
        pipeline: 'default',
        dealstage: 'closedwon',
      });
    } finally {
      stage.archived = false;
    }
  });

  it('holds a deal in a currency the portal lacks until it is turned on, then syncs it on retry', async () => {
    const subscription = { ...billingSubscriptionOf('sub_fid_eur', 'cus_fid'), currency: 'eur' };
    const held = await sync('customer.subscription.created', subscription);
    expect(held).toMatchObject({
      status: 'warning',
      reason: expect.stringContaining('enable EUR in HubSpot'),
    });
    expect(dealOf('sub_fid_eur')).toBeUndefined();
    expect((await destination()).result.missing_currencies).toEqual(['EUR']);

    sandbox.hubspotState.enableCurrency(world.portalId, 'EUR');
    const retried = await callFunction(
      t.app,
      'retryActivity',
      { subscriptionId: world.subscriptionId, activityId: held.id },
      world.owner,
    );
    expect(retried.status).toBe(200);
    const deal = await waitFor(() => dealOf('sub_fid_eur'), { what: 'the EUR deal in HubSpot' });
    expect(deal.properties.deal_currency_code).toBe('EUR');
    await waitFor(async () => (await destination()).result.missing_currencies.length === 0, {
      what: 'EUR no longer missing',
    });
  });

  it('releases the events held for a currency as soon as a later event finds it turned on', async () => {
    const inPounds = (id: string) => ({ ...billingSubscriptionOf(id, 'cus_fid'), currency: 'gbp' });
    const held = await sync('customer.subscription.created', inPounds('sub_fid_gbp_first'));
    expect(held).toMatchObject({ status: 'warning', reason: expect.stringContaining('enable GBP') });
    expect((await destination()).result.missing_currencies).toEqual(['GBP']);

    sandbox.hubspotState.enableCurrency(world.portalId, 'GBP');
    expect((await sync('customer.subscription.created', inPounds('sub_fid_gbp_second'))).status).toBe(
      'success',
    );
    const released = await waitFor(() => dealOf('sub_fid_gbp_first'), {
      what: 'the held GBP deal in HubSpot without a retry',
    });
    expect(released.properties.deal_currency_code).toBe('GBP');
    expect((await destination()).result.missing_currencies).toEqual([]);
    // The deal is in HubSpot a moment before its round settles the activity.
    const statusOfHeld = async () =>
      (await t.context.database.db.select().from(activity).where(eq(activity.id, held.id)))[0]?.status;
    await waitFor(async () => (await statusOfHeld()) === 'success', { what: 'the held activity a success' });
  });
});
