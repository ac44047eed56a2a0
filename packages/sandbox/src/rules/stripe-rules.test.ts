import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../index.ts';
import { stripeRules } from './stripe-rules.ts';

const redirectUris = ['http://localhost:3000/stripe/callback', 'http://localhost:3000/elsewhere'];

let sandbox: Sandbox;
/** The platform acting on a connected account (`Stripe-Account`), as the product does. */
let stripe: Stripe;

beforeAll(async () => {
  sandbox = await startSandbox({ stripeCredentials: { redirectUris } });
  const connected = sandbox.stripeState.createConnectedAccount({ name: 'Rules Co' });
  stripe = new Stripe(sandbox.stripe.secretKey, {
    host: sandbox.stripe.host,
    port: sandbox.stripe.port,
    protocol: 'http',
    maxNetworkRetries: 0,
    stripeAccount: connected.id,
  });
});

afterAll(async () => {
  await sandbox.close();
});

type Answer = { status?: number; type?: string; code?: string; param?: string; message: string };

/** The answer to a call Stripe refuses, as the SDK reports it. */
const refusal = async (call: Promise<unknown>): Promise<Answer> => {
  const error: unknown = await call.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error, 'the call was accepted').toBeInstanceOf(Stripe.errors.StripeError);
  const { statusCode, rawType, code, param, message } = error as Stripe.errors.StripeError;
  return { status: statusCode, type: rawType, code, param, message };
};

const unknownParam = (param: string, message = `Received unknown parameter: ${param}`): Answer => ({
  status: 400,
  type: 'invalid_request_error',
  code: 'parameter_unknown',
  param,
  message,
});

const invalidCurrency = (value: string, param = 'currency'): Answer => ({
  status: 400,
  type: 'invalid_request_error',
  param,
  message: expect.stringMatching(
    new RegExp(
      `^Invalid currency: ${value}\\. Stripe currently supports these currencies: usd, aed, afn, .*\\beur\\b`,
    ),
  ) as unknown as string,
});

const product = async (): Promise<Stripe.Product> => stripe.products.create({ name: 'Plan' });

const authorize = (query: Record<string, string>): Promise<Response> =>
  fetch(`${sandbox.stripe.url}/oauth/authorize?${new URLSearchParams(query).toString()}`, {
    redirect: 'manual',
  });

const consent = (form: Record<string, string>): Promise<Response> =>
  fetch(`${sandbox.stripe.url}/oauth/authorize`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ account: 'new', decision: 'allow', ...form }).toString(),
    redirect: 'manual',
  });

/** One per rule of `stripeRules`: the refused request over HTTP and Stripe's answer to it. */
const cases: Record<string, () => Promise<void>> = {
  'stripe.unknown-parameter': async () => {
    const email = 'unknown-param@example.com';
    expect(
      await refusal(
        stripe.customers.create({ email, favourite_colour: 'blue' } as Stripe.CustomerCreateParams),
      ),
    ).toEqual(unknownParam('favourite_colour'));
    expect(await refusal(stripe.customers.list({ colour: 'blue' } as Stripe.CustomerListParams))).toEqual(
      unknownParam('colour'),
    );
    // Read-only fields are no parameters either.
    const customer = await stripe.customers.create({ email });
    expect(
      await refusal(stripe.customers.update(customer.id, { created: 1 } as Stripe.CustomerUpdateParams)),
    ).toEqual(unknownParam('created'));
    expect((await stripe.customers.list({ email })).data.map((found) => found.id)).toEqual([customer.id]);
  },

  'stripe.unknown-nested-parameter': async () => {
    const customer = await stripe.customers.create({ email: 'nested@example.com' });
    const { id } = await product();
    const items = [
      {
        price_data: {
          currency: 'usd',
          product: id,
          unit_amount: 1000,
          recurring: { interval: 'month' },
          product_data: { name: 'Inline' },
        },
      },
    ];
    expect(
      await refusal(
        stripe.subscriptions.create({ customer: customer.id, items } as Stripe.SubscriptionCreateParams),
      ),
    ).toEqual(unknownParam('items[0][price_data][product_data]'));
    expect(
      await refusal(
        stripe.customers.update(customer.id, {
          address: { city: 'Berlin', colour: 'blue' },
        } as Stripe.CustomerUpdateParams),
      ),
    ).toEqual(unknownParam('address[colour]'));
    // Metadata takes any key.
    const updated = await stripe.customers.update(customer.id, { metadata: { colour: 'blue' } });
    expect(updated.metadata).toEqual({ colour: 'blue' });
  },

  'stripe.unknown-parameters': async () => {
    expect(
      await refusal(
        stripe.customers.create({
          email: 'several@example.com',
          colour: 'blue',
          size: 'xl',
        } as Stripe.CustomerCreateParams),
      ),
    ).toEqual(unknownParam('colour', 'Received unknown parameters: colour, size'));
  },

  'stripe.invalid-currency': async () => {
    const { id } = await product();
    expect(await refusal(stripe.prices.create({ product: id, currency: 'xyz', unit_amount: 100 }))).toEqual(
      invalidCurrency('xyz'),
    );
    const customer = await stripe.customers.create({ email: 'currency@example.com' });
    expect(
      await refusal(
        stripe.subscriptions.create({
          customer: customer.id,
          items: [
            {
              price_data: {
                currency: 'xyz',
                product: id,
                unit_amount: 100,
                recurring: { interval: 'month' },
              },
            },
          ],
        }),
      ),
    ).toEqual(invalidCurrency('xyz', 'items[0][price_data][currency]'));
    expect(
      await refusal(
        stripe.products.create({ name: 'Plan', default_price_data: { currency: 'xyz', unit_amount: 100 } }),
      ),
    ).toEqual(invalidCurrency('xyz', 'default_price_data[currency]'));
    expect(await refusal(stripe.prices.list({ currency: 'xyz' }))).toEqual(invalidCurrency('xyz'));
    const euros = await stripe.prices.create({ product: id, currency: 'eur', unit_amount: 100 });
    expect(euros.currency).toBe('eur');
  },

  'stripe.currency-lower-case': async () => {
    const { id } = await product();
    expect(await refusal(stripe.prices.create({ product: id, currency: 'USD', unit_amount: 100 }))).toEqual(
      invalidCurrency('USD'),
    );
  },

  'stripe.oauth-unregistered-redirect-uri': async () => {
    const clientId = sandbox.stripe.clientId;
    for (const redirectUri of ['https://attacker.example/callback', `${redirectUris[0]}/`]) {
      const page = await authorize({ response_type: 'code', client_id: clientId, redirect_uri: redirectUri });
      expect(page.status).toBe(400);
      expect(page.headers.get('location')).toBeNull();
      const text = await page.text();
      expect(text).toContain('Invalid redirect URI');
      expect(text).toContain(redirectUri);
      expect(text).not.toContain('Allow access');
      const answer = await consent({ client_id: clientId, redirect_uri: redirectUri, state: 's' });
      expect(answer.status).toBe(400);
      expect(answer.headers.get('location')).toBeNull();
    }
    // A registered one, exactly.
    const page = await authorize({
      response_type: 'code',
      client_id: clientId,
      redirect_uri: redirectUris[1] ?? '',
    });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Allow access');
  },

  'stripe.restricted-key-permission': async () => {
    const { id } = sandbox.stripeState.createAccount({ name: 'Restricted Co' });
    const key = sandbox.stripeState.createRestrictedKey(id, { customers: 'read', products: 'write' });
    const restricted = new Stripe(key, {
      host: sandbox.stripe.host,
      port: sandbox.stripe.port,
      protocol: 'http',
      maxNetworkRetries: 0,
    });
    const permissionRefusal = (needed: string): Answer => ({
      status: 403,
      type: 'invalid_request_error',
      message: expect.stringContaining(
        `Having the '${needed}' permission would allow this request to continue.`,
      ) as unknown as string,
    });
    expect(await refusal(restricted.customers.create({ email: 'w@example.com' }))).toEqual(
      permissionRefusal('customers_write'),
    );
    expect(await refusal(restricted.invoices.list())).toEqual(permissionRefusal('invoices_read'));
    expect(Object.keys(sandbox.stripeState.account(id).objects.customers)).toEqual([]);
    await expect(restricted.customers.list()).resolves.toMatchObject({ object: 'list' });
    await expect(restricted.products.create({ name: 'Write includes read' })).resolves.toMatchObject({
      object: 'product',
    });
  },

  'stripe.revoked-key': async () => {
    const { id } = sandbox.stripeState.createAccount();
    const key = sandbox.stripeState.createRestrictedKey(id, { customers: 'read' });
    sandbox.stripeState.revokeRestrictedKey(key);
    const revoked = new Stripe(key, {
      host: sandbox.stripe.host,
      port: sandbox.stripe.port,
      protocol: 'http',
      maxNetworkRetries: 0,
    });
    const answer = await refusal(revoked.customers.list());
    expect(answer).toMatchObject({
      status: 401,
      message: expect.stringMatching(/^Invalid API Key provided: rk_test_/),
    });
  },

  'stripe.webhook-endpoint-required': async () => {
    expect(
      await refusal(
        stripe.webhookEndpoints.create({
          url: 'https://example.com/hook',
        } as Stripe.WebhookEndpointCreateParams),
      ),
    ).toMatchObject({ status: 400, code: 'parameter_missing', param: 'enabled_events' });
    expect(
      await refusal(
        stripe.webhookEndpoints.create({
          enabled_events: ['*'],
        } as unknown as Stripe.WebhookEndpointCreateParams),
      ),
    ).toMatchObject({ status: 400, code: 'parameter_missing', param: 'url' });
    const created = await stripe.webhookEndpoints.create({
      url: 'https://example.com/hook',
      enabled_events: ['*'],
    });
    expect(created.secret).toMatch(/^whsec_/);
    expect(await stripe.webhookEndpoints.retrieve(created.id)).not.toHaveProperty('secret');
    const listed = await stripe.webhookEndpoints.list();
    expect(listed.data.map((endpoint) => [endpoint.id, 'secret' in endpoint])).toEqual([[created.id, false]]);
  },

  'stripe.oauth-default-redirect-uri': async () => {
    const clientId = sandbox.stripe.clientId;
    const page = await authorize({ response_type: 'code', client_id: clientId, scope: 'read_write' });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(`value="${redirectUris[0]}"`);
    const answer = await consent({ client_id: clientId, state: 'st' });
    expect(answer.status).toBe(302);
    const location = new URL(answer.headers.get('location') ?? '');
    expect(`${location.origin}${location.pathname}`).toBe(redirectUris[0]);
    expect(location.searchParams.get('code')).toMatch(/^ac_/);
    expect(location.searchParams.get('state')).toBe('st');

    const bare = await startSandbox();
    try {
      const refused = await fetch(
        `${bare.stripe.url}/oauth/authorize?response_type=code&client_id=${bare.stripe.clientId}`,
        { redirect: 'manual' },
      );
      expect(refused.status).toBe(400);
      expect(await refused.text()).toContain('no redirect URI registered');
    } finally {
      await bare.close();
    }
  },
};

describe('Stripe’s rules in the stand-in', () => {
  it.each(stripeRules.map((rule) => [rule.id, rule] as const))('%s', async (id, rule) => {
    expect(rule.provider).toBe('stripe');
    const run = cases[id];
    if (!run) throw new Error(`Rule ${id} has no case in stripe-rules.test.ts`);
    await run();
  });

  it('has a rule for every case', () => {
    expect(Object.keys(cases).sort()).toEqual(stripeRules.map((rule) => rule.id).sort());
  });

  it('still accepts what Stripe accepts: known and nested params, expand[], metadata, Idempotency-Key, Stripe-Account', async () => {
    const customer = await stripe.customers.create(
      {
        email: 'valid@example.com',
        address: { city: 'Berlin', country: 'DE' },
        invoice_settings: { footer: 'Thanks' },
        metadata: { anything: 'goes' },
      },
      { idempotencyKey: 'rules-valid-1' },
    );
    const replayed = await stripe.customers.create(
      {
        email: 'valid@example.com',
        address: { city: 'Berlin', country: 'DE' },
        invoice_settings: { footer: 'Thanks' },
        metadata: { anything: 'goes' },
      },
      { idempotencyKey: 'rules-valid-1' },
    );
    expect(replayed.id).toBe(customer.id);
    const { id } = await product();
    const subscription = await stripe.subscriptions.create({
      customer: customer.id,
      items: [
        {
          price_data: { currency: 'usd', product: id, unit_amount: 1200, recurring: { interval: 'month' } },
          quantity: 2,
          metadata: { seat: 'yes' },
        },
      ],
      collection_method: 'send_invoice',
      days_until_due: 30,
      expand: ['latest_invoice', 'items.data.price.product'],
    });
    expect(subscription.items.data[0]?.price.currency).toBe('usd');
    const page = await stripe.subscriptions.list({
      customer: customer.id,
      limit: 1,
      expand: ['data.customer'],
    });
    expect(page.data.map((found) => found.id)).toEqual([subscription.id]);
    const prices = await stripe.prices.list({
      currency: 'usd',
      product: id,
      recurring: { interval: 'month' },
    });
    expect(prices.data).toHaveLength(1);
  });
});
