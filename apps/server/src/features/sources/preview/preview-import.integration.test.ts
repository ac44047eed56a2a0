import { Client } from '@hubspot/api-client';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportPreview } from '@billbridge/contract';
import type { Sandbox } from '@billbridge/sandbox';
import { backfill, source, stripeEvent } from '../../../db/schema.ts';
import {
  ruleOf,
  seedMonthlyPrice,
  seedSyncedWorkspace,
  syncBed,
  type SyncedWorkspace,
} from '../../../testing/sync.ts';
import type { TestApp } from '../../../testing/test-app.ts';
import { callFunction } from '../../../testing/users.ts';

/**
 * The preview before a source's first import (decision 070): a seeded Stripe account counted, its
 * customers' e-mails matched with the portal's contacts, the deals' stages and the unmapped billing
 * subscriptions told, a sample mapped as the sync maps it, and nothing written anywhere.
 */
describe('previewImport', () => {
  let t: TestApp;
  let sandbox: Sandbox;
  let stop: () => Promise<void>;

  beforeAll(async () => {
    ({ t, sandbox, stop } = await syncBed({ webhooks: false }));
  });
  afterAll(() => stop());

  const preview = (world: SyncedWorkspace, caller = world.owner, subscriptionId = world.subscriptionId) =>
    callFunction(t.app, 'previewImport', { subscriptionId, sourceId: world.sourceId }, caller);

  /** An account of 120 customers with e-mails (two already contacts in the portal), one without. */
  const seedAccount = async (world: SyncedWorkspace) => {
    const emails = Array.from({ length: 120 }, (_, n) => `preview${n}@example.com`);
    const customers = emails.map((email, n) =>
      sandbox.stripeState.createCustomer(world.account, { email, name: `Customer ${n}` }),
    );
    sandbox.stripeState.createCustomer(world.account, { name: 'No e-mail' });
    const hubspot = new Client({
      accessToken: sandbox.hubspotState.issueToken(world.portalId).accessToken,
      basePath: sandbox.hubspot.url,
    });
    for (const email of ['Preview0@example.com', 'preview1@example.com', 'someone.else@example.com'])
      await hubspot.crm.contacts.basicApi.create({ properties: { email }, associations: [] });
    const price = seedMonthlyPrice(sandbox, world.account, 2500, 'Team');
    const subscribe = (n: number) => {
      const customer = customers[n]?.id ?? '';
      sandbox.stripeState.addCard(world.account, customer, '4242424242424242');
      return sandbox.stripeState.createSubscription(world.account, {
        customer,
        items: [{ price: price.id, quantity: 1 }],
      });
    };
    const active = [subscribe(2), subscribe(3)];
    const late = sandbox.stripeState.setSubscriptionStatus(world.account, subscribe(4).id, 'past_due');
    const ended = sandbox.stripeState.cancelSubscription(world.account, subscribe(5).id);
    return { customers, active, late, ended };
  };

  it('counts a seeded account, matches e-mails with existing contacts, tells stages and unmapped subscriptions, and writes nothing', async () => {
    const world = await seedSyncedWorkspace(t, {
      rules: [ruleOf('active', 'closedwon'), ruleOf('past_due', 'contractsent')],
    });
    const { db } = t.context.database;
    await db.update(source).set({ enabled: false }).where(eq(source.id, world.sourceId));
    const { active, ended } = await seedAccount(world);
    const contactsBefore = sandbox.hubspotState.records(world.portalId, 'contacts').length;
    const logBefore = sandbox.hubspotState.requestLog(world.portalId).length;

    const { status, body } = await preview(world);
    expect(status, JSON.stringify(body)).toBe(200);
    const result = (body.result as { preview: ImportPreview }).preview;
    // Each billing subscription's first invoice, and the cancellation's final one.
    const invoiceCount = Object.keys(sandbox.stripeState.account(world.account).objects.invoices).length;
    expect(invoiceCount).toBeGreaterThanOrEqual(4);
    expect(result).toMatchObject({
      counts: { customers: 121, subscriptions: 4, invoices: invoiceCount },
      passing: { customers: 121, subscriptions: 4, invoices: invoiceCount },
      contacts: { with_email: 120, existing: 2 },
      unmapped: {
        count: 1,
        subscriptions: [
          { id: ended.id, status: 'canceled', reason: 'No mapping rule for status "canceled"' },
        ],
      },
    });
    expect(result.stages).toEqual(
      expect.arrayContaining([
        { hubspot_pipeline: 'default', hubspot_stage: 'closedwon', deals: 2 },
        { hubspot_pipeline: 'default', hubspot_stage: 'contractsent', deals: 1 },
      ]),
    );
    expect(result.stages).toHaveLength(2);

    // Ten records as the sync would write them: every kind taken in turn.
    expect(result.sample).toHaveLength(10);
    const kinds = new Set(result.sample.map((record) => record.object_type));
    expect([...kinds]).toEqual(expect.arrayContaining(['contacts', 'deals', 'invoices']));
    for (const contact of result.sample.filter((record) => record.object_type === 'contacts'))
      expect(contact.properties.email).toMatch(/^preview\d+@example\.com$/);
    const deal = result.sample.find((record) => record.object_type === 'deals');
    expect(active.map((subscription) => subscription.id).concat(deal?.stripe_id ?? '')).toContain(
      deal?.stripe_id,
    );
    expect(deal?.properties).toMatchObject({
      dealname: `Subscription ${deal?.stripe_id}`,
      amount: '25',
      pipeline: 'default',
    });

    // Nothing written: no record, no import, no stored event; HubSpot was only read.
    expect(sandbox.hubspotState.records(world.portalId, 'contacts')).toHaveLength(contactsBefore);
    expect(sandbox.hubspotState.records(world.portalId, 'deals')).toEqual([]);
    const calls = sandbox.hubspotState.requestLog(world.portalId).slice(logBefore);
    expect(calls.length).toBeGreaterThan(0);
    expect(calls.filter((call) => call.method !== 'GET' && !call.path.endsWith('/batch/read'))).toEqual([]);
    expect(await db.select().from(backfill).where(eq(backfill.sourceId, world.sourceId))).toEqual([]);
    expect(await db.select().from(stripeEvent).where(eq(stripeEvent.sourceId, world.sourceId))).toEqual([]);
  });

  it('counts what the source’s filters let through: customers that pass, with their subscriptions and invoices', async () => {
    const world = await seedSyncedWorkspace(t, { rules: [ruleOf('active', 'closedwon')] });
    const { db } = t.context.database;
    const [row] = await db.select().from(source).where(eq(source.id, world.sourceId));
    const filters = { live_subscription: true, has_paid: false, metadata: null, exclude_test_clocks: false };
    await db
      .update(source)
      .set({ enabled: false, settings: { ...row?.settings, filters } })
      .where(eq(source.id, world.sourceId));
    const { active, late } = await seedAccount(world);

    const { status, body } = await preview(world);
    expect(status, JSON.stringify(body)).toBe(200);
    const result = (body.result as { preview: ImportPreview }).preview;
    // Two active and one past-due billing subscription are live; the canceled one's customer is not.
    const live = new Set([...active, late].map((subscription) => subscription.customer));
    const invoices = Object.values(sandbox.stripeState.account(world.account).objects.invoices);
    expect(result.counts).toMatchObject({ customers: 121, subscriptions: 4, invoices: invoices.length });
    expect(result.passing).toEqual({
      customers: 3,
      subscriptions: 3,
      invoices: invoices.filter((invoice) => live.has(invoice.customer)).length,
    });
  });

  it('refuses a caller of another workspace and a source of another workspace, changing nothing', async () => {
    const world = await seedSyncedWorkspace(t);
    const other = await seedSyncedWorkspace(t);
    const foreign = await preview(world, other.owner);
    expect(foreign.status).toBe(403);
    const elsewhere = await preview(world, other.owner, other.subscriptionId);
    expect(elsewhere.status).toBe(404);
    expect(elsewhere.body.error).toMatchObject({ details: { messageKey: 'sourceNotFound' } });
  });

  it('asks for a connected HubSpot destination first', async () => {
    const world = await seedSyncedWorkspace(t);
    const { destination } = await import('../../../db/schema.ts');
    await t.context.database.db
      .update(destination)
      .set({ enabled: false })
      .where(eq(destination.id, world.destinationId));
    const { status, body } = await preview(world);
    expect(status).toBe(400);
    expect(body.error).toMatchObject({
      status: 'FAILED_PRECONDITION',
      details: { messageKey: 'previewNeedsDestination' },
    });
  });
});
