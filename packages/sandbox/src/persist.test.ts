import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from '@hubspot/api-client';
import Stripe from 'stripe';
import { afterAll, describe, expect, it } from 'vitest';
import { startSandbox } from './index.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'sandbox-persist-'));

afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

describe('persistence in DATA_DIR', () => {
  it('keeps Stripe and HubSpot state, keys and tokens across a restart', async () => {
    const first = await startSandbox({ dataDir });
    const account = first.stripeState.createConnectedAccount({ name: 'Survivor' });
    const customer = first.stripeState.createCustomer(account.id, { email: 'kept@example.com' });
    first.stripeState.advanceClock(2 * 86_400);
    const portal = first.hubspotState.createPortal({ name: 'Kept CRM' });
    const token = first.hubspotState.issueToken(portal.id);
    const contact = await new Client({
      accessToken: token.accessToken,
      basePath: first.hubspot.url,
    }).crm.contacts.basicApi.create({
      properties: { email: 'kept@example.com' },
      associations: [],
    });
    const clock = first.stripeState.now();
    await first.close();

    const second = await startSandbox({ dataDir });
    try {
      const stripe = new Stripe(account.secretKey, {
        host: second.stripe.host,
        port: second.stripe.port,
        protocol: 'http',
      });
      expect((await stripe.customers.retrieve(customer.id)).id).toBe(customer.id);
      expect(second.stripeState.now()).toBeGreaterThanOrEqual(clock);
      expect((await stripe.events.list({ type: 'customer.created' })).data).toHaveLength(1);
      const hubspot = new Client({ accessToken: token.accessToken, basePath: second.hubspot.url });
      expect((await hubspot.crm.contacts.basicApi.getById(contact.id, ['email'])).properties.email).toBe(
        'kept@example.com',
      );
      const next = await hubspot.crm.contacts.basicApi.create({
        properties: { email: 'new@example.com' },
        associations: [],
      });
      expect(Number(next.id)).toBeGreaterThan(Number(contact.id));
    } finally {
      await second.close();
    }
  });

  it('keeps what changed after stopSaving in memory only', async () => {
    const own = mkdtempSync(path.join(tmpdir(), 'sandbox-unsaved-'));
    try {
      const first = await startSandbox({ dataDir: own });
      const saved = first.stripeState.createConnectedAccount({ name: 'Saved' });
      first.stopSaving();
      const unsaved = first.stripeState.createConnectedAccount({ name: 'Unsaved' });
      expect(first.stripeState.account(unsaved.id).account.id).toBe(unsaved.id);
      await first.close();

      const second = await startSandbox({ dataDir: own });
      try {
        expect(second.stripeState.account(saved.id).account.id).toBe(saved.id);
        expect(() => second.stripeState.account(unsaved.id)).toThrow();
      } finally {
        await second.close();
      }
    } finally {
      rmSync(own, { recursive: true, force: true });
    }
  });
});
