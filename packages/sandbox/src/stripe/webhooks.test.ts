import Stripe from 'stripe';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startSandbox, startWebhookReceiver, type Sandbox, type WebhookReceiver } from '../index.ts';

let sandbox: Sandbox;
let connectReceiver: WebhookReceiver;
let platformReceiver: WebhookReceiver;
const verifier = new Stripe('sk_test_unused');

beforeEach(async () => {
  connectReceiver = await startWebhookReceiver();
  platformReceiver = await startWebhookReceiver();
  sandbox = await startSandbox({
    stripeWebhooks: [
      { url: connectReceiver.url, secret: 'whsec_connect', connect: true },
      { url: platformReceiver.url, secret: 'whsec_platform', connect: false },
    ],
    stripeWebhookRetry: { baseDelayMs: 20, maxDelayMs: 100, maxAttempts: 4 },
  });
});

afterEach(async () => {
  await sandbox.close();
  await connectReceiver.close();
  await platformReceiver.close();
});

describe('Stripe webhooks from the stand-in', () => {
  it('signs every delivery so stripe.webhooks.constructEvent accepts it', async () => {
    const account = sandbox.stripeState.createConnectedAccount();
    sandbox.stripeState.createCustomer(account.id, { email: 'signed@example.com' });
    await sandbox.webhooksIdle();
    const delivery = connectReceiver.received[0];
    expect(delivery?.signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    const event = verifier.webhooks.constructEvent(
      delivery?.body ?? '',
      delivery?.signature ?? '',
      'whsec_connect',
    );
    expect(event.type).toBe('customer.created');
    expect(() =>
      verifier.webhooks.constructEvent(delivery?.body ?? '', delivery?.signature ?? '', 'whsec_wrong'),
    ).toThrow();
  });

  it('sends connected accounts’ events to Connect endpoints with `account`, and the platform’s to the others', async () => {
    const account = sandbox.stripeState.createConnectedAccount();
    sandbox.stripeState.createCustomer(account.id, { email: 'connected@example.com' });
    sandbox.stripeState.createCustomer(sandbox.stripe.accountId, { email: 'own@example.com' });
    await sandbox.webhooksIdle();
    const connectEvents = connectReceiver.received.map((entry) => JSON.parse(entry.body) as Stripe.Event);
    const platformEvents = platformReceiver.received.map((entry) => JSON.parse(entry.body) as Stripe.Event);
    expect(connectEvents.map((event) => [event.type, event.account])).toEqual([
      ['customer.created', account.id],
    ]);
    expect(platformEvents.map((event) => [event.type, event.account])).toEqual([
      ['customer.created', undefined],
    ]);
  });

  it('emits the events Stripe would for a subscription that renews, with previous attributes on updates', async () => {
    const account = sandbox.stripeState.createConnectedAccount();
    const customer = sandbox.stripeState.createCustomer(account.id, { email: 'renews@example.com' });
    sandbox.stripeState.addCard(account.id, customer.id);
    const product = sandbox.stripeState.createProduct(account.id, { name: 'Pro' });
    const price = sandbox.stripeState.createPrice(account.id, {
      product: product.id,
      currency: 'usd',
      unit_amount: 4900,
      recurring: { interval: 'month' },
    });
    sandbox.stripeState.createSubscription(account.id, {
      customer: customer.id,
      items: [{ price: price.id }],
    });
    sandbox.stripeState.advanceClock(32 * 86_400);
    await sandbox.webhooksIdle();
    const types = connectReceiver.types();
    expect(types).toEqual(
      expect.arrayContaining([
        'customer.created',
        'payment_method.attached',
        'customer.updated',
        'product.created',
        'price.created',
        'customer.subscription.created',
        'invoice.created',
        'invoice.finalized',
        'charge.succeeded',
        'payment_intent.succeeded',
        'invoice.paid',
        'invoice.payment_succeeded',
        'customer.subscription.updated',
      ]),
    );
    expect(types.filter((type) => type === 'invoice.paid')).toHaveLength(2);
    const update = connectReceiver.received
      .map((entry) => JSON.parse(entry.body) as Stripe.Event)
      .find((event) => event.type === 'customer.subscription.updated');
    expect(update?.data.previous_attributes).toHaveProperty('items');
    expect(update?.data.previous_attributes).toHaveProperty('latest_invoice');
  });

  it('retries failed deliveries with backoff until the endpoint accepts them', async () => {
    connectReceiver.failNext(2);
    const account = sandbox.stripeState.createConnectedAccount();
    sandbox.stripeState.createCustomer(account.id, { email: 'retry@example.com' });
    await sandbox.webhooksIdle();
    expect(connectReceiver.types()).toEqual(['customer.created']);
    const delivery = sandbox.stripeState.webhooks
      .deliveries()
      .find((entry) => entry.type === 'customer.created' && entry.account === account.id);
    expect(delivery).toMatchObject({ status: 'delivered', attempts: 3 });
    expect(sandbox.stripeState.events(account.id)[0]?.pending_webhooks).toBe(0);
  });

  it('gives up after the last attempt and keeps the event pending', async () => {
    connectReceiver.failNext(10);
    const account = sandbox.stripeState.createConnectedAccount();
    sandbox.stripeState.createCustomer(account.id, { email: 'gone@example.com' });
    await sandbox.webhooksIdle();
    const delivery = sandbox.stripeState.webhooks.deliveries().find((entry) => entry.account === account.id);
    expect(delivery).toMatchObject({ status: 'failed', attempts: 4, lastStatus: 500 });
    expect(sandbox.stripeState.events(account.id)[0]?.pending_webhooks).toBe(1);
  });

  it('delivers to endpoints added after start', async () => {
    const late = await startWebhookReceiver();
    sandbox.addStripeWebhookEndpoint({ url: late.url, secret: 'whsec_late', connect: true });
    const account = sandbox.stripeState.createConnectedAccount();
    sandbox.stripeState.createCustomer(account.id, {});
    await sandbox.webhooksIdle();
    expect(late.types()).toEqual(['customer.created']);
    await late.close();
  });
});
