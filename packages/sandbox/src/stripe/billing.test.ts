import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../index.ts';

let sandbox: Sandbox;
let stripe: Stripe;
let accountId: string;
const day = 86_400;

const setup = (card: string | null, extra: Record<string, string | number | Record<string, string>> = {}) => {
  const state = sandbox.stripeState;
  const customer = state.createCustomer(accountId, { email: `${Math.random()}@example.com` });
  if (card) state.addCard(accountId, customer.id, card);
  const product = state.createProduct(accountId, { name: 'Plan' });
  const price = state.createPrice(accountId, {
    product: product.id,
    currency: 'usd',
    unit_amount: 1500,
    recurring: { interval: 'month' },
  });
  const subscription = state.createSubscription(accountId, {
    customer: customer.id,
    items: [{ price: price.id }],
    ...extra,
  });
  return { customer, price, subscription };
};

const invoicesOf = (subscriptionId: string) =>
  Object.values(sandbox.stripeState.account(accountId).objects.invoices).filter(
    (invoice) => invoice.parent?.subscription_details?.subscription === subscriptionId,
  );

const eventTypes = (objectId: string): string[] =>
  sandbox.stripeState
    .events(accountId)
    .filter((event) => (event.data.object as { id?: string }).id === objectId)
    .map((event) => event.type);

beforeAll(async () => {
  sandbox = await startSandbox();
  const account = sandbox.stripeState.createConnectedAccount();
  accountId = account.id;
  stripe = new Stripe(account.secretKey, {
    host: sandbox.stripe.host,
    port: sandbox.stripe.port,
    protocol: 'http',
    maxNetworkRetries: 0,
  });
});

afterAll(async () => {
  await sandbox.close();
});

describe('billing in the Stripe stand-in', () => {
  it('renews periods and charges a cycle invoice for every period the clock passes', async () => {
    const { subscription } = setup('4242424242424242');
    const firstEnd = subscription.items.data[0]?.current_period_end ?? 0;
    sandbox.stripeState.advanceClock(65 * day);
    const renewed = await stripe.subscriptions.retrieve(subscription.id);
    expect(renewed.status).toBe('active');
    expect(renewed.items.data[0]?.current_period_start).toBeGreaterThan(firstEnd);
    const cycles = invoicesOf(subscription.id).filter(
      (invoice) => invoice.billing_reason === 'subscription_cycle',
    );
    expect(cycles.length).toBeGreaterThanOrEqual(2);
    expect(cycles.every((invoice) => invoice.status === 'paid')).toBe(true);
    expect(cycles[0]?.created).toBe(firstEnd);
  });

  it('saves the card a payment succeeded with as the subscription default only when asked (on_subscription)', async () => {
    const saving = setup('4242424242424242', {
      payment_settings: { save_default_payment_method: 'on_subscription' },
    });
    const card = saving.customer.invoice_settings.default_payment_method;
    expect(card).toBeTruthy();
    expect((await stripe.subscriptions.retrieve(saving.subscription.id)).default_payment_method).toBe(card);
    const plain = setup('4242424242424242');
    expect((await stripe.subscriptions.retrieve(plain.subscription.id)).default_payment_method).toBeNull();
  });

  it('turns a failed renewal into past_due, retries it, and cancels after the last retry', async () => {
    const { subscription } = setup('4000000000000341', {});
    expect(subscription.status).toBe('incomplete');
    sandbox.stripeState.setSubscriptionStatus(accountId, subscription.id, 'active');
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe('active');
    const periodEnd =
      (await stripe.subscriptions.retrieve(subscription.id)).items.data[0]?.current_period_end ?? 0;
    sandbox.stripeState.advanceClock(periodEnd - sandbox.stripeState.now() + 60);
    const pastDue = await stripe.subscriptions.retrieve(subscription.id);
    expect(pastDue.status).toBe('past_due');
    const failed = await stripe.invoices.retrieve(String(pastDue.latest_invoice));
    expect(failed).toMatchObject({ status: 'open', attempt_count: 1 });
    expect(failed.next_payment_attempt).toBeGreaterThan(sandbox.stripeState.now());
    sandbox.stripeState.advanceClock(20 * day);
    const ended = await stripe.subscriptions.retrieve(subscription.id);
    expect(ended.status).toBe('canceled');
    expect(ended.cancellation_details?.reason).toBe('payment_failed');
    expect((await stripe.invoices.retrieve(failed.id)).attempt_count).toBe(4);
    expect(eventTypes(failed.id).filter((type) => type === 'invoice.payment_failed')).toHaveLength(4);
  });

  it('warns three days before a trial ends and starts charging when it does', async () => {
    const { subscription } = setup('4242424242424242', { trial_period_days: 7 });
    expect(subscription.status).toBe('trialing');
    expect(invoicesOf(subscription.id)[0]).toMatchObject({ amount_due: 0, status: 'paid' });
    sandbox.stripeState.advanceClock(5 * day);
    expect(eventTypes(subscription.id)).toContain('customer.subscription.trial_will_end');
    sandbox.stripeState.advanceClock(3 * day);
    const after = await stripe.subscriptions.retrieve(subscription.id);
    expect(after.status).toBe('active');
    expect(
      invoicesOf(subscription.id).find((invoice) => invoice.billing_reason === 'subscription_cycle'),
    ).toMatchObject({ status: 'paid', amount_paid: 1500 });
  });

  it('expires an unpaid first invoice after 23 hours (incomplete_expired, invoice voided)', async () => {
    const { subscription } = setup(null, { payment_behavior: 'default_incomplete' });
    sandbox.stripeState.advanceClock(day);
    const expired = await stripe.subscriptions.retrieve(subscription.id);
    expect(expired.status).toBe('incomplete_expired');
    expect((await stripe.invoices.retrieve(String(expired.latest_invoice))).status).toBe('void');
  });

  it('cancels at the period end when asked to', async () => {
    const { subscription } = setup('4242424242424242');
    await stripe.subscriptions.update(subscription.id, { cancel_at_period_end: true });
    sandbox.stripeState.advanceClock(32 * day);
    const ended = await stripe.subscriptions.retrieve(subscription.id);
    expect(ended.status).toBe('canceled');
    expect(eventTypes(subscription.id)).toContain('customer.subscription.deleted');
  });

  it('moves a subscription through every status from the control operations, with events', async () => {
    const { subscription } = setup('4242424242424242');
    const state = sandbox.stripeState;
    expect(state.setSubscriptionStatus(accountId, subscription.id, 'past_due').status).toBe('past_due');
    expect(state.setSubscriptionStatus(accountId, subscription.id, 'active').status).toBe('active');
    expect(state.setSubscriptionStatus(accountId, subscription.id, 'paused').status).toBe('paused');
    expect(state.setSubscriptionStatus(accountId, subscription.id, 'active').status).toBe('active');
    expect(state.setSubscriptionStatus(accountId, subscription.id, 'unpaid').status).toBe('unpaid');
    expect(state.setSubscriptionStatus(accountId, subscription.id, 'trialing').status).toBe('trialing');
    expect(state.setSubscriptionStatus(accountId, subscription.id, 'canceled').status).toBe('canceled');
    const types = eventTypes(subscription.id);
    expect(types).toEqual(
      expect.arrayContaining([
        'customer.subscription.paused',
        'customer.subscription.resumed',
        'customer.subscription.deleted',
      ]),
    );
    expect(types.filter((type) => type === 'customer.subscription.updated').length).toBeGreaterThanOrEqual(4);
    expect(() => state.setSubscriptionStatus(accountId, subscription.id, 'active')).toThrow(/final/);
  });

  it('pays and fails invoices whatever the card says, from the control operations', async () => {
    const { subscription } = setup(null, { payment_behavior: 'default_incomplete' });
    const invoiceId = String(subscription.latest_invoice);
    sandbox.stripeState.failInvoice(accountId, invoiceId);
    expect(eventTypes(invoiceId)).toContain('invoice.payment_failed');
    sandbox.stripeState.payInvoice(accountId, invoiceId);
    expect((await stripe.invoices.retrieve(invoiceId)).status).toBe('paid');
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe('active');
  });

  it('bills metered usage from billing meter events in arrears', async () => {
    const state = sandbox.stripeState;
    const customer = state.createCustomer(accountId, { email: 'metered@example.com' });
    state.addCard(accountId, customer.id);
    const meter = state.createMeter(accountId, { display_name: 'Overage', event_name: 'overage_events' });
    const product = state.createProduct(accountId, { name: 'Overage' });
    const price = state.createPrice(accountId, {
      product: product.id,
      currency: 'usd',
      unit_amount: 1,
      recurring: { interval: 'month', usage_type: 'metered', meter: meter.id },
    });
    const subscription = state.createSubscription(accountId, {
      customer: customer.id,
      items: [{ price: price.id }],
    });
    await stripe.billing.meterEvents.create({
      event_name: 'overage_events',
      payload: { stripe_customer_id: customer.id, value: '120' },
    });
    await stripe.billing.meterEvents.create({
      event_name: 'overage_events',
      payload: { stripe_customer_id: customer.id, value: '30' },
    });
    state.advanceClock(32 * day);
    const cycle = invoicesOf(subscription.id).find(
      (invoice) => invoice.billing_reason === 'subscription_cycle',
    );
    expect(cycle).toMatchObject({ amount_due: 150, status: 'paid' });
    expect(cycle?.lines.data[0]?.quantity).toBe(150);
  });

  it('lets a customer pay an open invoice on the hosted invoice page', async () => {
    const { subscription } = setup(null, { payment_behavior: 'default_incomplete' });
    const invoice = await stripe.invoices.retrieve(String(subscription.latest_invoice));
    const pay = (number: string) =>
      fetch(invoice.hosted_invoice_url ?? '', {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ number, exp_month: '12', exp_year: '2040', cvc: '123' }).toString(),
      }).then((response) => response.text());
    expect(await pay('4000 0000 0000 0002')).toContain('Payment failed');
    expect(await pay('4242 4242 4242 4242')).toContain('Payment succeeded');
    expect((await stripe.invoices.retrieve(invoice.id)).status).toBe('paid');
    const pdf = await fetch(invoice.invoice_pdf ?? '');
    expect(pdf.headers.get('content-type')).toContain('application/pdf');
    expect((await pdf.text()).startsWith('%PDF-')).toBe(true);
  });
});
