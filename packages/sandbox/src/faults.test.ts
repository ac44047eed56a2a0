import { Client } from '@hubspot/api-client';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSandbox, startWebhookReceiver, type Sandbox } from './index.ts';

let sandbox: Sandbox;
let hubspot: Client;
let stripe: Stripe;

beforeAll(async () => {
  sandbox = await startSandbox({ hubspotRateLimits: false });
  const portal = sandbox.hubspotState.createPortal();
  hubspot = new Client({
    accessToken: sandbox.hubspotState.issueToken(portal.id).accessToken,
    basePath: sandbox.hubspot.url,
  });
  stripe = new Stripe(sandbox.stripe.secretKey, {
    host: sandbox.stripe.host,
    port: sandbox.stripe.port,
    protocol: 'http',
    maxNetworkRetries: 0,
  });
});

afterAll(async () => {
  await sandbox.close();
});

beforeEach(() => {
  sandbox.faults.clear();
});

describe('fault injection', () => {
  it('touches only the tenant it names: one HubSpot portal, one Stripe account', async () => {
    const other = sandbox.hubspotState.createPortal();
    const otherClient = new Client({
      accessToken: sandbox.hubspotState.issueToken(other.id).accessToken,
      basePath: sandbox.hubspot.url,
    });
    sandbox.faults.add({
      service: 'hubspot',
      path: '/crm/v3/objects/:type',
      status: 400,
      tenant: String(other.id),
    });
    await expect(otherClient.crm.contacts.basicApi.getPage()).rejects.toMatchObject({ code: 400 });
    await expect(hubspot.crm.contacts.basicApi.getPage()).resolves.toMatchObject({ results: [] });

    const connected = sandbox.stripeState.createConnectedAccount({ name: 'Faulty Co' });
    sandbox.faults.add({ service: 'stripe', path: '/v1/customers', status: 503, tenant: connected.id });
    await expect(
      stripe.customers.create({ email: 'x@example.com' }, { stripeAccount: connected.id }),
    ).rejects.toMatchObject({ statusCode: 503 });
    await expect(stripe.customers.create({ email: 'x@example.com' })).resolves.toMatchObject({
      object: 'customer',
    });
  });

  it('delays the matching route only', async () => {
    sandbox.faults.add({ service: 'hubspot', method: 'GET', path: '/crm/v3/objects/deals', latencyMs: 300 });
    const started = Date.now();
    await hubspot.crm.contacts.basicApi.getPage();
    const fast = Date.now() - started;
    await hubspot.crm.deals.basicApi.getPage();
    expect(Date.now() - started - fast).toBeGreaterThanOrEqual(290);
  });

  it('answers with a 5xx in the provider’s error shape', async () => {
    sandbox.faults.add({ service: 'stripe', path: '/v1/customers', status: 503, times: 1 });
    await expect(stripe.customers.create({ email: 'x@example.com' })).rejects.toMatchObject({
      type: 'StripeAPIError',
      statusCode: 503,
    });
    await expect(stripe.customers.create({ email: 'x@example.com' })).resolves.toMatchObject({
      object: 'customer',
    });
    sandbox.faults.add({ service: 'hubspot', path: '/crm/v3/objects/:type', status: 502, times: 1 });
    await expect(hubspot.crm.contacts.basicApi.getPage()).rejects.toMatchObject({
      code: 502,
      body: { status: 'error' },
    });
  });

  it('sends bursts of 429s with HubSpot’s rate-limit body, then recovers', async () => {
    sandbox.faults.add({
      service: 'hubspot',
      path: '/crm/v3/objects/*',
      status: 429,
      times: 3,
      headers: { 'Retry-After': '1' },
    });
    const statuses: number[] = [];
    for (let index = 0; index < 4; index += 1) {
      const response = await fetch(`${sandbox.hubspot.url}/crm/v3/objects/contacts`, {
        headers: {
          Authorization: `Bearer ${sandbox.hubspotState.issueToken(sandbox.hubspotState.portals()[0]?.id ?? 0).accessToken}`,
        },
      });
      statuses.push(response.status);
      if (response.status === 429) {
        expect(response.headers.get('retry-after')).toBe('1');
        expect(await response.json()).toMatchObject({
          policyName: 'TEN_SECONDLY_ROLLING',
          errorType: 'RATE_LIMIT',
        });
      }
    }
    expect(statuses).toEqual([429, 429, 429, 200]);
  });

  it('drops the connection without an answer', async () => {
    sandbox.faults.add({ service: 'hubspot', path: '/crm/v3/objects/contacts', drop: true, times: 1 });
    await expect(hubspot.crm.contacts.basicApi.getPage()).rejects.toThrow();
    await expect(hubspot.crm.contacts.basicApi.getPage()).resolves.toBeDefined();
    sandbox.faults.add({ service: 'stripe', path: '/v1/customers', drop: true, times: 2 });
    await expect(stripe.customers.list()).rejects.toMatchObject({ type: 'StripeConnectionError' });
  });

  it('lists, counts hits and clears rules', () => {
    const id = sandbox.faults.add({ path: /^\/v1\//, status: 500 });
    expect(sandbox.faults.list()).toEqual([expect.objectContaining({ id, hits: 0 })]);
    sandbox.faults.remove(id);
    expect(sandbox.faults.list()).toEqual([]);
  });

  it('loses the webhooks of one object’s events, and only those, while Stripe keeps the events', async () => {
    const receiver = await startWebhookReceiver();
    sandbox.addStripeWebhookEndpoint({ url: receiver.url, secret: 'whsec_faults', connect: true });
    const account = sandbox.stripeState.createConnectedAccount({ name: 'Lossy Co' }).id;
    const lost = sandbox.stripeState.createCustomer(account, { email: 'lost@example.com' });
    const kept = sandbox.stripeState.createCustomer(account, { email: 'kept@example.com' });
    await sandbox.webhooksIdle();
    const fault = sandbox.faults.dropWebhooks({ objectId: lost.id, type: 'customer.*' });
    await stripe.customers.update(lost.id, { name: 'Lost' }, { stripeAccount: account });
    await stripe.customers.update(kept.id, { name: 'Kept' }, { stripeAccount: account });
    await sandbox.webhooksIdle();
    const updated = receiver.received
      .map((entry) => JSON.parse(entry.body) as Stripe.Event)
      .filter((event) => event.type === 'customer.updated')
      .map((event) => (event.data.object as Stripe.Customer).id);
    expect(updated).toEqual([kept.id]);
    expect(sandbox.faults.webhookFaults().find((rule) => rule.id === fault)?.hits).toBe(1);
    const events = await stripe.events.list({ type: 'customer.updated' }, { stripeAccount: account });
    expect(events.data.map((event) => (event.data.object as Stripe.Customer).id)).toContain(lost.id);
    sandbox.stripeState.webhooks.removeEndpoint(receiver.url);
    await receiver.close();
  });
});
