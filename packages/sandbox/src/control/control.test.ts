import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, startWebhookReceiver, type Sandbox, type WebhookReceiver } from '../index.ts';

let sandbox: Sandbox;
let receiver: WebhookReceiver;

const submit = (path: string, values: Record<string, string>) =>
  fetch(`${sandbox.stripe.url}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(values).toString(),
    redirect: 'manual',
  });

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  sandbox = await startSandbox({ stripeWebhooks: [{ url: receiver.url, secret: 'whsec', connect: true }] });
});

afterAll(async () => {
  await sandbox.close();
  await receiver.close();
});

describe('the control page', () => {
  it('shows both stand-ins at its URL', async () => {
    const response = await fetch(sandbox.controlUrl);
    expect(response.status).toBe(200);
    const page = await response.text();
    expect(page).toContain('Stripe accounts');
    expect(page).toContain('HubSpot portals');
  });

  it('creates a customer, a product with a price and a billing subscription, sending their webhooks', async () => {
    const account = sandbox.stripeState.createConnectedAccount({ name: 'Control Co' });
    const base = `/_sandbox/stripe/${account.id}`;
    expect(
      (
        await submit(`${base}/customers`, {
          name: 'Jenny',
          email: 'jenny@example.com',
          number: '4242424242424242',
        })
      ).status,
    ).toBe(302);
    expect(
      (
        await submit(`${base}/products`, {
          name: 'Pro',
          unit_amount: '4900',
          currency: 'usd',
          interval: 'month',
        })
      ).status,
    ).toBe(302);
    const objects = sandbox.stripeState.account(account.id).objects;
    const customer = Object.values(objects.customers)[0];
    const price = Object.values(objects.prices)[0];
    const created = await submit(`${base}/subscriptions`, {
      customer: customer?.id ?? '',
      price: price?.id ?? '',
      quantity: '1',
      payment_behavior: 'allow_incomplete',
    });
    expect(decodeURIComponent(created.headers.get('location') ?? '')).toContain('(active)');
    const subscription = Object.values(objects.subscriptions)[0];
    await submit(`${base}/subscriptions/${subscription?.id ?? ''}/status`, { status: 'past_due' });
    expect(objects.subscriptions[subscription?.id ?? '']?.status).toBe('past_due');
    await submit('/_sandbox/clock', { days: '1' });
    await sandbox.webhooksIdle();
    expect(receiver.types()).toEqual(
      expect.arrayContaining([
        'customer.created',
        'product.created',
        'price.created',
        'customer.subscription.created',
        'invoice.paid',
        'invoice.payment_failed',
      ]),
    );
    const page = await (await fetch(`${sandbox.stripe.url}${base}`)).text();
    expect(page).toContain('jenny@example.com');
    expect(page).toContain(subscription?.id ?? 'missing');
  });

  it('browses a portal’s contacts, deals by stage and their associations', async () => {
    const portal = sandbox.hubspotState.createPortal({ name: 'Browse CRM' });
    const { accessToken } = sandbox.hubspotState.issueToken(portal.id);
    const post = (path: string, body: unknown) =>
      fetch(`${sandbox.hubspot.url}${path}`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${accessToken}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      }).then((response) => response.json() as Promise<{ id: string }>);
    const contact = await post('/crm/v3/objects/contacts', { properties: { email: 'browse@example.com' } });
    await post('/crm/v3/objects/deals', {
      properties: { dealname: 'Browse deal', dealstage: 'contractsent' },
      associations: [
        { to: { id: contact.id }, types: [{ associationCategory: 'HUBSPOT_DEFINED', associationTypeId: 3 }] },
      ],
    });
    const page = await (await fetch(`${sandbox.controlUrl}/hubspot/${portal.id}`)).text();
    expect(page).toContain('browse@example.com');
    expect(page).toContain('Contract Sent');
    expect(page).toContain('Browse deal');
    expect(page).toContain(contact.id);
  });

  it('offers a JSON API for tests in other processes', async () => {
    const portal = (await (
      await fetch(`${sandbox.controlUrl}/api/hubspot/portals`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: '{"name":"API CRM"}',
      })
    ).json()) as { id: number };
    const token = (await (
      await fetch(`${sandbox.controlUrl}/api/hubspot/portals/${portal.id}/tokens`, { method: 'POST' })
    ).json()) as { accessToken: string };
    await fetch(`${sandbox.hubspot.url}/crm/v3/objects/contacts`, {
      headers: { Authorization: `Bearer ${token.accessToken}` },
    });
    const log = (await (
      await fetch(`${sandbox.controlUrl}/api/hubspot/portals/${portal.id}/requests`)
    ).json()) as { requests: unknown[] };
    expect(log.requests).toHaveLength(1);
    const fault = await fetch(`${sandbox.controlUrl}/api/faults`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ service: 'hubspot', path: '/crm/*', status: 500 }),
    });
    expect(((await fault.json()) as { id: string }).id).toMatch(/^fault_/);
    expect(
      (
        await fetch(`${sandbox.hubspot.url}/crm/v3/objects/contacts`, {
          headers: { Authorization: `Bearer ${token.accessToken}` },
        })
      ).status,
    ).toBe(500);
    await fetch(`${sandbox.controlUrl}/api/faults`, { method: 'DELETE' });
    const before = sandbox.stripeState.now();
    await fetch(`${sandbox.controlUrl}/api/clock/advance`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"seconds":3600}',
    });
    expect(sandbox.stripeState.now()).toBeGreaterThanOrEqual(before + 3600);
  });

  it('serves a Stripe.js stand-in script that defines window.Stripe', async () => {
    const response = await fetch(`${sandbox.stripe.url}/sandbox.js`);
    expect(response.headers.get('content-type')).toContain('javascript');
    const script = await response.text();
    const window: { Stripe?: (key: string) => Record<string, unknown> } = {};
    new Function('window', script)(window);
    const stripe = window.Stripe?.('pk_test_sandbox_platform');
    expect(Object.keys(stripe ?? {})).toEqual(
      expect.arrayContaining([
        'elements',
        'createPaymentMethod',
        'confirmSetup',
        'confirmCardSetup',
        'confirmPayment',
      ]),
    );
  });
});
