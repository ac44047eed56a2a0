import { readFileSync } from 'node:fs';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../index.ts';

type FixtureKeys = { resources: Record<string, string[]> };
const fixture = JSON.parse(
  readFileSync(new URL('./fixture-keys.json', import.meta.url), 'utf8'),
) as FixtureKeys;

/** Every top-level field Stripe's own example object has must be present. */
const expectFixtureFields = (resource: string, object: unknown): void => {
  const keys = Object.keys(object as Record<string, unknown>);
  const missing = (fixture.resources[resource] ?? []).filter((key) => !keys.includes(key));
  expect(missing, `${resource} is missing fixture fields`).toEqual([]);
};

let sandbox: Sandbox;
let connected: { id: string; secretKey: string; publishableKey: string };
let stripe: Stripe;
let browser: Stripe;

const client = (key: string, options: Partial<Stripe.StripeConfig> = {}): Stripe =>
  new Stripe(key, {
    host: sandbox.stripe.host,
    port: sandbox.stripe.port,
    protocol: 'http',
    maxNetworkRetries: 0,
    ...options,
  });

const card = async (number: string, customer?: string): Promise<Stripe.PaymentMethod> => {
  const method = await browser.paymentMethods.create({
    type: 'card',
    card: { number, exp_month: 12, exp_year: new Date().getFullYear() + 2, cvc: '123' },
  } as Stripe.PaymentMethodCreateParams);
  if (customer) await stripe.paymentMethods.attach(method.id, { customer });
  return method;
};

const priced = async (amount = 4900): Promise<{ product: Stripe.Product; price: Stripe.Price }> => {
  const product = await stripe.products.create({ name: 'Pro plan' });
  const price = await stripe.prices.create({
    product: product.id,
    currency: 'usd',
    unit_amount: amount,
    recurring: { interval: 'month' },
  });
  return { product, price };
};

beforeAll(async () => {
  // The app's billing form calls the stand-in from the app's origin (issue 38 §7: only that one).
  sandbox = await startSandbox({ browserAccess: { appOrigins: ['http://localhost:3000'] } });
  connected = sandbox.stripeState.createConnectedAccount({ name: 'Acme' });
  stripe = client(connected.secretKey);
  browser = client(connected.publishableKey);
});

afterAll(async () => {
  await sandbox.close();
});

describe('Stripe stand-in through the official SDK', () => {
  it('retrieves a connected account with its onboarding flags, from the platform and from its own token', async () => {
    const platform = client(sandbox.stripe.secretKey);
    const account: Stripe.Account = await platform.accounts.retrieve(connected.id);
    expect(account).toMatchObject({
      id: connected.id,
      type: 'standard',
      details_submitted: true,
      charges_enabled: true,
      payouts_enabled: true,
    });
    expectFixtureFields('account', account);
    const own = await stripe.accounts.retrieveCurrent();
    expect(own.id).toBe(connected.id);
  });

  it('creates, retrieves, updates, lists and deletes customers, paginating like Stripe', async () => {
    const created: Stripe.Customer[] = [];
    for (const index of [1, 2, 3])
      created.push(
        await stripe.customers.create({
          email: `page${index}@example.com`,
          name: `Page ${index}`,
          metadata: { n: String(index) },
        }),
      );
    const first = created[0];
    if (!first) throw new Error('no customer');
    expectFixtureFields('customer', first);
    const updated = await stripe.customers.update(first.id, { name: 'Renamed', metadata: { n: '' } });
    expect(updated.name).toBe('Renamed');
    expect(updated.metadata).toEqual({});
    const page = await stripe.customers.list({ limit: 2 });
    expect(page.data).toHaveLength(2);
    expect(page.has_more).toBe(true);
    const next = await stripe.customers.list({ limit: 2, starting_after: page.data[1]?.id });
    expect(next.data.map((customer) => customer.id)).not.toContain(page.data[0]?.id);
    const byEmail = await stripe.customers.list({ email: 'page2@example.com' });
    expect(byEmail.data.map((customer) => customer.id)).toEqual([created[1]?.id]);
    const deleted = await stripe.customers.del(first.id);
    expect(deleted).toEqual({ id: first.id, object: 'customer', deleted: true });
    expectFixtureFields('deleted_customer', deleted);
    const again = await stripe.customers.retrieve(first.id);
    expect(again.deleted).toBe(true);
  });

  it('creates products and prices whose decimal amounts the SDK parses', async () => {
    const { product, price } = await priced(1999);
    expectFixtureFields('product', product);
    expectFixtureFields('price', price);
    expect(price.unit_amount).toBe(1999);
    expect(String(price.unit_amount_decimal)).toBe('1999');
    const listed = await stripe.prices.list({ product: product.id, expand: ['data.product'] });
    expect((listed.data[0]?.product as Stripe.Product).name).toBe('Pro plan');
    const renamed = await stripe.products.update(product.id, { name: 'Pro' });
    expect(renamed.name).toBe('Pro');
  });

  it('creates cards with the publishable key, attaches, lists, sets the default and detaches them', async () => {
    const customer = await stripe.customers.create({ email: 'cards@example.com' });
    const visa = await card('4242424242424242', customer.id);
    expectFixtureFields('payment_method', visa);
    expect(visa.card).toMatchObject({ brand: 'visa', last4: '4242' });
    const withDefault = await stripe.customers.update(customer.id, {
      invoice_settings: { default_payment_method: visa.id },
    });
    expect(withDefault.invoice_settings.default_payment_method).toBe(visa.id);
    const listed = await stripe.paymentMethods.list({ customer: customer.id, type: 'card' });
    expect(listed.data.map((method) => method.id)).toEqual([visa.id]);
    const viaCustomer = await stripe.customers.listPaymentMethods(customer.id);
    expect(viaCustomer.data).toHaveLength(1);
    const detached = await stripe.paymentMethods.detach(visa.id);
    expect(detached.customer).toBeNull();
    const after = await stripe.customers.retrieve(customer.id);
    expect((after as Stripe.Customer).invoice_settings.default_payment_method).toBeNull();
  });

  it('declines 4000 0000 0000 0002 with a card error and refuses secret endpoints to publishable keys', async () => {
    const customer = await stripe.customers.create({ email: 'declined@example.com' });
    const declined = await card('4000000000000002');
    await expect(stripe.paymentMethods.attach(declined.id, { customer: customer.id })).rejects.toMatchObject({
      type: 'StripeCardError',
      statusCode: 402,
      code: 'card_declined',
      decline_code: 'generic_decline',
    });
    await expect(browser.customers.list()).rejects.toMatchObject({
      type: 'StripeAuthenticationError',
      statusCode: 401,
    });
    await expect(card('4242424242424241')).rejects.toMatchObject({ code: 'incorrect_number' });
  });

  it('creates a charged subscription with periods on its items and the invoice under parent', async () => {
    const customer = await stripe.customers.create({ email: 'sub@example.com' });
    const visa = await card('4242424242424242', customer.id);
    await stripe.customers.update(customer.id, { invoice_settings: { default_payment_method: visa.id } });
    const { price } = await priced();
    const subscription: Stripe.Subscription = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: price.id }],
      expand: ['latest_invoice', 'customer', 'items.data.price.product'],
    });
    expectFixtureFields('subscription', subscription);
    expect(subscription.status).toBe('active');
    const item = subscription.items.data[0];
    expectFixtureFields('subscription_item', item);
    expect(item?.current_period_end).toBeGreaterThan(item?.current_period_start ?? 0);
    expect((subscription.customer as Stripe.Customer).email).toBe('sub@example.com');
    expect((item?.price.product as Stripe.Product).name).toBe('Pro plan');
    const invoice = subscription.latest_invoice as Stripe.Invoice;
    expectFixtureFields('invoice', invoice);
    expectFixtureFields('line_item', invoice.lines.data[0]);
    expect(invoice).toMatchObject({
      status: 'paid',
      amount_paid: 4900,
      billing_reason: 'subscription_create',
    });
    expect(invoice.parent?.subscription_details?.subscription).toBe(subscription.id);
    expect(invoice.hosted_invoice_url).toMatch(new RegExp(`^${sandbox.stripe.url}/i/`));
    const page = await fetch(invoice.hosted_invoice_url ?? '');
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(invoice.number ?? '');
  });

  it('leaves a default_incomplete subscription waiting for the browser to pay its confirmation secret', async () => {
    const customer = await stripe.customers.create({ email: 'incomplete@example.com' });
    const { price } = await priced();
    const subscription = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: price.id }],
      payment_behavior: 'default_incomplete',
      payment_settings: { save_default_payment_method: 'on_subscription' },
      expand: ['latest_invoice.confirmation_secret'],
    });
    expect(subscription.status).toBe('incomplete');
    const secret = (subscription.latest_invoice as Stripe.Invoice).confirmation_secret?.client_secret ?? '';
    expect(secret).toMatch(/^pi_.+_secret_/);
    const intentId = secret.split('_secret_')[0] ?? '';
    const visa = await card('4242424242424242');
    const intent = await browser.paymentIntents.confirm(intentId, {
      payment_method: visa.id,
      client_secret: secret,
    } as Stripe.PaymentIntentConfirmParams);
    expectFixtureFields('payment_intent', intent);
    expect(intent.status).toBe('succeeded');
    const after = await stripe.subscriptions.retrieve(subscription.id);
    expect(after.status).toBe('active');
    expect(after.default_payment_method).toBe(visa.id);
  });

  it('changes the price of an item, cancels with DELETE and lists by status', async () => {
    const customer = await stripe.customers.create({ email: 'change@example.com' });
    const visa = await card('4242424242424242', customer.id);
    const { price } = await priced(1000);
    const { price: bigger } = await priced(3000);
    const subscription = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: price.id }],
      default_payment_method: visa.id,
    });
    const item = subscription.items.data[0];
    const changed = await stripe.subscriptions.update(subscription.id, {
      items: [{ id: item?.id ?? '', price: bigger.id }],
      proration_behavior: 'none',
    });
    expect(changed.items.data.map((entry) => entry.price.id)).toEqual([bigger.id]);
    expect(changed.items.data[0]?.id).toBe(item?.id);
    const canceled = await stripe.subscriptions.cancel(subscription.id);
    expect(canceled.status).toBe('canceled');
    const live = await stripe.subscriptions.list({ customer: customer.id });
    expect(live.data).toHaveLength(0);
    const all = await stripe.subscriptions.list({
      customer: customer.id,
      status: 'all',
      expand: ['data.customer'],
    });
    expect(all.data.map((entry) => entry.id)).toEqual([subscription.id]);
    expect((all.data[0]?.customer as Stripe.Customer).id).toBe(customer.id);
  });

  it('lists, retrieves, pays, voids and marks invoices uncollectible', async () => {
    const customer = await stripe.customers.create({ email: 'invoices@example.com' });
    const { price } = await priced(2500);
    const make = async () =>
      stripe.subscriptions.create({
        customer: customer.id,
        items: [{ price: price.id }],
        payment_behavior: 'default_incomplete',
      });
    const [a, b, c] = [await make(), await make(), await make()];
    const invoices = await stripe.invoices.list({ customer: customer.id, status: 'open' });
    expect(invoices.data).toHaveLength(3);
    const visa = await card('4242424242424242', customer.id);
    const paid = await stripe.invoices.pay(String(a.latest_invoice), { payment_method: visa.id });
    expect(paid.status).toBe('paid');
    expect((await stripe.subscriptions.retrieve(a.id)).status).toBe('active');
    const voided = await stripe.invoices.voidInvoice(String(b.latest_invoice));
    expect(voided.status).toBe('void');
    const uncollectible = await stripe.invoices.markUncollectible(String(c.latest_invoice));
    expect(uncollectible.status).toBe('uncollectible');
    const retrieved = await stripe.invoices.retrieve(paid.id, { expand: ['payments'] });
    expect(retrieved.payments?.data[0]?.status).toBe('paid');
    expectFixtureFields('invoice_payment', retrieved.payments?.data[0]);
    await expect(stripe.invoices.voidInvoice(paid.id)).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
    });
  });

  it('returns a card error from invoices.pay with a declining card and records the failure', async () => {
    const customer = await stripe.customers.create({ email: 'fails@example.com' });
    const { price } = await priced(1200);
    const subscription = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: price.id }],
      payment_behavior: 'default_incomplete',
    });
    const failing = await card('4000000000000341', customer.id);
    await expect(
      stripe.invoices.pay(String(subscription.latest_invoice), { payment_method: failing.id }),
    ).rejects.toMatchObject({
      type: 'StripeCardError',
      code: 'card_declined',
    });
    const invoice = await stripe.invoices.retrieve(String(subscription.latest_invoice));
    expect(invoice).toMatchObject({ status: 'open', attempt_count: 1, attempted: true });
    const charges = await stripe.charges.list({ customer: customer.id });
    expect(charges.data[0]).toMatchObject({ status: 'failed', failure_code: 'card_declined' });
    expectFixtureFields('charge', charges.data[0]);
  });

  it('creates setup intents with a client secret that the browser confirms', async () => {
    const customer = await stripe.customers.create({ email: 'setup@example.com' });
    const intent = await stripe.setupIntents.create({
      customer: customer.id,
      allowed_payment_method_types: ['card'],
      usage: 'off_session',
    });
    expectFixtureFields('setup_intent', intent);
    expect(intent.client_secret).toMatch(/^seti_.+_secret_/);
    const visa = await card('4242424242424242');
    const confirmed = await browser.setupIntents.confirm(intent.id, {
      payment_method: visa.id,
      client_secret: intent.client_secret,
    } as Stripe.SetupIntentConfirmParams);
    expect(confirmed.status).toBe('succeeded');
    expect((await stripe.paymentMethods.retrieve(visa.id)).customer).toBe(customer.id);
    // `payment_method_types` is gone from setup intents at this API version: Stripe refuses it.
    await expect(
      stripe.setupIntents.create({
        customer: customer.id,
        payment_method_types: ['card'],
      } as Stripe.SetupIntentCreateParams),
    ).rejects.toMatchObject({ code: 'parameter_unknown', param: 'payment_method_types' });
    const other = await stripe.setupIntents.create({
      customer: customer.id,
      allowed_payment_method_types: ['card'],
    });
    expect(other.payment_method_types).toEqual(['card']);
    const declined = await card('4000000000000002');
    await expect(
      browser.setupIntents.confirm(other.id, {
        payment_method: declined.id,
        client_secret: other.client_secret,
      } as Stripe.SetupIntentConfirmParams),
    ).rejects.toMatchObject({ code: 'card_declined' });
  });

  it('accepts billing meter events and refuses a duplicate identifier', async () => {
    const platform = client(sandbox.stripe.secretKey);
    const customer = await platform.customers.create({ email: 'usage@example.com' });
    await platform.billing.meters.create({
      display_name: 'Sync events',
      event_name: 'sync_events',
      default_aggregation: { formula: 'sum' },
    });
    const event = await platform.billing.meterEvents.create({
      event_name: 'sync_events',
      payload: { stripe_customer_id: customer.id, value: '25' },
      identifier: 'usage-1',
    });
    expectFixtureFields('billing.meter_event', event);
    expect(event).toMatchObject({
      object: 'billing.meter_event',
      identifier: 'usage-1',
      payload: { value: '25' },
    });
    await expect(
      platform.billing.meterEvents.create({
        event_name: 'sync_events',
        payload: { stripe_customer_id: customer.id, value: '1' },
        identifier: 'usage-1',
      }),
    ).rejects.toMatchObject({ type: 'StripeInvalidRequestError' });
  });

  it('lists the account’s events newest first, filtered by type', async () => {
    const customer = await stripe.customers.create({ email: 'events@example.com' });
    const events = await stripe.events.list({ type: 'customer.created', limit: 1 });
    const event = events.data[0];
    expectFixtureFields('event', event);
    expect((event?.data.object as Stripe.Customer).id).toBe(customer.id);
    expect(event?.account).toBe(connected.id);
    expect(event?.api_version).toBe('2026-10-28.endive');
    const retrieved = await stripe.events.retrieve(event?.id ?? '');
    expect(retrieved.id).toBe(event?.id);
  });

  it('replays the same answer for the same Idempotency-Key and refuses the key with other parameters', async () => {
    const first = await stripe.customers.create({ email: 'idem@example.com' }, { idempotencyKey: 'key-1' });
    const second = await stripe.customers.create({ email: 'idem@example.com' }, { idempotencyKey: 'key-1' });
    expect(second.id).toBe(first.id);
    await expect(
      stripe.customers.create({ email: 'other@example.com' }, { idempotencyKey: 'key-1' }),
    ).rejects.toMatchObject({
      type: 'StripeIdempotencyError',
    });
  });

  it('answers an unknown key with 401 in Stripe’s error shape', async () => {
    await expect(client('sk_test_unknown').customers.list()).rejects.toMatchObject({
      type: 'StripeAuthenticationError',
      statusCode: 401,
    });
    const response = await fetch(`${sandbox.stripe.url}/v1/customers`, {
      headers: { Authorization: 'Bearer sk_test_unknown' },
    });
    expect(response.status).toBe(401);
    const body = (await response.json()) as { error: { type: string; message: string } };
    expect(body.error.type).toBe('invalid_request_error');
    expect(body.error.message).toContain('Invalid API Key provided');
  });

  it('scopes requests to the account named by Stripe-Account, and only for the platform it is connected to', async () => {
    const platform = client(sandbox.stripe.secretKey);
    const customer = await stripe.customers.create({ email: 'scoped@example.com' });
    const asConnected = await platform.customers.retrieve(customer.id, {}, { stripeAccount: connected.id });
    expect(asConnected.id).toBe(customer.id);
    await expect(platform.customers.retrieve(customer.id)).rejects.toMatchObject({ statusCode: 404 });
    const stranger = sandbox.stripeState.createAccount({ name: 'Not connected' });
    await expect(platform.customers.list({}, { stripeAccount: stranger.id })).rejects.toMatchObject({
      statusCode: 403,
    });
    await expect(
      stripe.customers.list({}, { stripeAccount: sandbox.stripe.accountId }),
    ).rejects.toMatchObject({ statusCode: 403 });
  });

  it("lets the app's pages create cards (CORS preflight and answer), and no other origin", async () => {
    const foreign = await fetch(`${sandbox.stripe.url}/v1/payment_methods`, {
      method: 'OPTIONS',
      headers: { Origin: 'https://evil.example', 'Access-Control-Request-Method': 'POST' },
    });
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
    const preflight = await fetch(`${sandbox.stripe.url}/v1/payment_methods`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://localhost:3000',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'authorization,content-type',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('http://localhost:3000');
    expect(preflight.headers.get('access-control-allow-headers')).toContain('authorization');
    const created = await fetch(`${sandbox.stripe.url}/v1/payment_methods`, {
      method: 'POST',
      headers: {
        Origin: 'http://localhost:3000',
        Authorization: `Bearer ${sandbox.stripe.publishableKey}`,
        'Content-Type': 'application/x-www-form-urlencoded',
      },
      body: 'type=card&card[number]=4242424242424242&card[exp_month]=12&card[exp_year]=2040&card[cvc]=123',
    });
    expect(created.headers.get('access-control-allow-origin')).toBe('http://localhost:3000');
    expect(((await created.json()) as { object: string }).object).toBe('payment_method');
  });
});
