import http from 'node:http';
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

  it('changes a customer’s e-mail address, sending customer.updated', async () => {
    const account = sandbox.stripeState.createConnectedAccount({ name: 'Moving Co' });
    const base = `/_sandbox/stripe/${account.id}`;
    const customer = sandbox.stripeState.createCustomer(account.id, {
      name: 'Ada',
      email: 'ada@example.com',
    });
    const changed = await submit(`${base}/customers/${customer.id}/email`, { email: 'ada.king@example.com' });
    expect(decodeURIComponent(changed.headers.get('location') ?? '')).toContain(
      `Changed the e-mail of ${customer.id} to ada.king@example.com.`,
    );
    expect(sandbox.stripeState.account(account.id).objects.customers[customer.id]?.email).toBe(
      'ada.king@example.com',
    );
    await sandbox.webhooksIdle();
    expect(receiver.types()).toContain('customer.updated');
  });

  it('drops the webhooks of chosen event types of one account until the rule is removed', async () => {
    const account = sandbox.stripeState.createConnectedAccount({ name: 'Lost Co' });
    const base = `/_sandbox/stripe/${account.id}`;
    const added = await submit('/_sandbox/webhook-faults', { type: 'customer.*', tenant: account.id });
    const id = /fault_\w+/.exec(decodeURIComponent(added.headers.get('location') ?? ''))?.[0] ?? '';
    expect(id).not.toBe('');
    expect(await (await fetch(sandbox.controlUrl)).text()).toContain(id);
    await submit(`${base}/customers`, { name: 'Lost', email: 'lost@example.com' });
    await sandbox.webhooksIdle();
    await submit(`/_sandbox/faults/${id}/remove`, {});
    await submit(`${base}/customers`, { name: 'Found', email: 'found@example.com' });
    await sandbox.webhooksIdle();
    const names = receiver.received
      .map((webhook) => JSON.parse(webhook.body) as { account?: string; data: { object: { name?: string } } })
      .filter((event) => event.account === account.id)
      .map((event) => event.data.object.name);
    expect(names).toEqual(['Found']);
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

  it('points the Stripe.js stand-in at the origin the browser loaded it from', async () => {
    const { port } = new URL(sandbox.stripe.url);
    const body = await new Promise<string>((resolve, reject) => {
      http
        .get(
          { host: '127.0.0.1', port, path: '/sandbox.js', headers: { host: `localhost:${port}` } },
          (response) => {
            let text = '';
            response.setEncoding('utf8');
            response.on('data', (chunk: string) => (text += chunk));
            response.on('end', () => resolve(text));
          },
        )
        .on('error', reject);
    });
    expect(body).toContain(`var BASE = "http://localhost:${port}";`);
  });

  it('revokes the platform’s access to an account, sending account.application.deauthorized first', async () => {
    const account = sandbox.stripeState.createConnectedAccount({ name: 'Leaving Co' });
    expect((await submit(`/_sandbox/stripe/${account.id}/revoke-platform`, {})).status).toBe(302);
    await sandbox.webhooksIdle();
    const delivered = receiver.received.map(
      (hook) => JSON.parse(hook.body) as { account?: string; type: string },
    );
    expect(delivered.filter((event) => event.account === account.id).map((event) => event.type)).toContain(
      'account.application.deauthorized',
    );
    expect(sandbox.stripeState.account(account.id).connectedTo).toBeNull();
  });

  it('turns a portal’s currencies on and off, by form and by the JSON API', async () => {
    const portal = sandbox.hubspotState.createPortal({ name: 'Currency CRM' });
    const base = `/_sandbox/hubspot/${portal.id}/currencies`;
    expect((await submit(base, { code: 'EUR', rate: '1.1' })).status).toBe(302);
    expect(sandbox.hubspotState.currencies(portal.id)).toEqual(['USD', 'EUR']);
    const page = await (await fetch(`${sandbox.controlUrl}/hubspot/${portal.id}`)).text();
    expect(page).toContain('Remove EUR');
    const refused = await submit(base, { code: 'XYZ' });
    expect(decodeURIComponent(refused.headers.get('location') ?? '')).toContain('Failed');
    await submit(`${base}/EUR/remove`, {});
    expect(sandbox.hubspotState.currencies(portal.id)).toEqual(['USD']);
    const api = `${sandbox.controlUrl}/api/hubspot/portals/${portal.id}/currencies`;
    const put = await fetch(api, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ currencies: ['GBP', 'USD'] }),
    });
    expect(await put.json()).toEqual({ currencies: ['GBP', 'USD'] });
    expect(await (await fetch(api)).json()).toEqual({ currencies: ['GBP', 'USD'] });
  });

  it('uninstalls the app from a portal: its tokens stop working and refreshing is refused', async () => {
    const portal = sandbox.hubspotState.createPortal({ name: 'Leaving CRM' });
    const { accessToken, refreshToken } = sandbox.hubspotState.issueToken(portal.id);
    expect((await submit(`/_sandbox/hubspot/${portal.id}/uninstall`, {})).status).toBe(302);
    const call = await fetch(`${sandbox.hubspot.url}/crm/v3/objects/contacts`, {
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(call.status).toBe(401);
    const refresh = await fetch(`${sandbox.hubspot.url}/oauth/v1/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: refreshToken,
        client_id: sandbox.hubspot.clientId,
        client_secret: sandbox.hubspot.clientSecret,
      }).toString(),
    });
    expect(refresh.status).toBe(400);
    expect(((await refresh.json()) as { status: string }).status).toBe('BAD_REFRESH_TOKEN');
  });

  it('deletes a deal stage no deal is in, as a portal user may; one that holds deals is refused', async () => {
    const portal = sandbox.hubspotState.createPortal({ name: 'Pruned CRM' });
    const { accessToken } = sandbox.hubspotState.issueToken(portal.id);
    const headers = { authorization: `Bearer ${accessToken}`, 'Content-Type': 'application/json' };
    const deal = await fetch(`${sandbox.hubspot.url}/crm/v3/objects/deals`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ properties: { dealname: 'Held', pipeline: 'default', dealstage: 'closedwon' } }),
    });
    expect(deal.status).toBe(201);
    const stage = (id: string) => `/_sandbox/hubspot/${portal.id}/pipelines/default/stages/${id}/delete`;
    expect((await submit(stage('contractsent'), {})).headers.get('location')).toContain(
      encodeURIComponent('Deleted stage contractsent.'),
    );
    expect((await submit(stage('closedwon'), {})).headers.get('location')).toContain(
      encodeURIComponent('Failed: Move the 1 deal(s) out of Closed Won first.'),
    );
    const listed = await fetch(`${sandbox.hubspot.url}/crm/v3/pipelines/deals`, { headers });
    const [pipeline] = (
      (await listed.json()) as { results: { stages: { id: string; archived: boolean }[] }[] }
    ).results;
    const live = pipeline?.stages.filter((entry) => !entry.archived).map((entry) => entry.id);
    expect(live).toContain('closedwon');
    expect(live).not.toContain('contractsent');
  });
});
