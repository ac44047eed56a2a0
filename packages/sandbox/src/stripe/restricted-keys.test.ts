import Stripe from 'stripe';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startSandbox, startWebhookReceiver, type Sandbox, type WebhookReceiver } from '../index.ts';

let sandbox: Sandbox;
let platformReceiver: WebhookReceiver;
let ownReceiver: WebhookReceiver;

beforeEach(async () => {
  platformReceiver = await startWebhookReceiver();
  ownReceiver = await startWebhookReceiver();
  sandbox = await startSandbox({
    stripeWebhooks: [{ url: platformReceiver.url, secret: 'whsec_platform', connect: false }],
    stripeWebhookRetry: { baseDelayMs: 20, maxDelayMs: 100, maxAttempts: 2 },
  });
});

afterEach(async () => {
  await sandbox.close();
  await platformReceiver.close();
  await ownReceiver.close();
});

/** The official SDK with `key`, aimed at the stand-in. */
const clientOf = (key: string) => {
  const url = new URL(sandbox.stripe.url);
  return new Stripe(key, {
    host: url.hostname,
    port: Number(url.port),
    protocol: 'http',
    maxNetworkRetries: 0,
  });
};

describe('restricted keys and an account’s own webhook endpoints', () => {
  it('lets a restricted key do what it was given and refuses the rest with 403, as Stripe does', async () => {
    const { id } = sandbox.stripeState.createAccount({ name: 'Reader' });
    const stripe = clientOf(
      sandbox.stripeState.createRestrictedKey(id, { customers: 'read', webhook_endpoints: 'write' }),
    );

    await expect(stripe.customers.list({ limit: 1 })).resolves.toMatchObject({ object: 'list' });
    const write = await stripe.customers.create({ email: 'no@example.com' }).catch((error: unknown) => error);
    expect(write).toBeInstanceOf(Stripe.errors.StripePermissionError);
    expect(write).toMatchObject({
      statusCode: 403,
      type: 'StripePermissionError',
      rawType: 'invalid_request_error',
    });
    expect((write as Error).message).toContain("'customers_write'");
    await expect(stripe.invoices.list({ limit: 1 })).rejects.toMatchObject({ statusCode: 403 });
    await expect(stripe.accounts.retrieveCurrent()).rejects.toMatchObject({ statusCode: 403 });
  });

  it('answers 401 once the key is deleted', async () => {
    const { id } = sandbox.stripeState.createAccount();
    const key = sandbox.stripeState.createRestrictedKey(id, { customers: 'read' });
    sandbox.stripeState.revokeRestrictedKey(key);
    await expect(clientOf(key).customers.list()).rejects.toBeInstanceOf(
      Stripe.errors.StripeAuthenticationError,
    );
  });

  it('delivers only the account’s own events to the endpoint it registered, signed with its secret, until deleted', async () => {
    const { id } = sandbox.stripeState.createAccount();
    const other = sandbox.stripeState.createAccount();
    const stripe = clientOf(sandbox.stripeState.createRestrictedKey(id, { webhook_endpoints: 'write' }));
    const endpoint = await stripe.webhookEndpoints.create({
      url: ownReceiver.url,
      enabled_events: ['customer.created'],
    });
    expect(endpoint).toMatchObject({ object: 'webhook_endpoint', status: 'enabled', url: ownReceiver.url });
    expect(endpoint.secret).toMatch(/^whsec_/);
    expect(await stripe.webhookEndpoints.retrieve(endpoint.id)).not.toHaveProperty('secret');

    sandbox.stripeState.createCustomer(id, { email: 'mine@example.com' });
    sandbox.stripeState.createProduct(id, { name: 'Not listened for' });
    sandbox.stripeState.createCustomer(other.id, { email: 'theirs@example.com' });
    await sandbox.webhooksIdle();
    const events = ownReceiver.received.map((delivery) =>
      Stripe.webhooks.constructEvent(delivery.body, delivery.signature ?? '', endpoint.secret ?? ''),
    );
    expect(events.map((event) => [event.type, event.account])).toEqual([['customer.created', undefined]]);
    // Neither account is the platform: the platform's endpoint hears neither.
    expect(platformReceiver.received).toEqual([]);

    await expect(stripe.webhookEndpoints.del(endpoint.id)).resolves.toMatchObject({ deleted: true });
    sandbox.stripeState.createCustomer(id, { email: 'after@example.com' });
    await sandbox.webhooksIdle();
    expect(ownReceiver.received).toHaveLength(1);
  });
});
