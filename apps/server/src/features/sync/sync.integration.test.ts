import { Client } from '@hubspot/api-client';
import { FilterOperatorEnum } from '@hubspot/api-client/lib/codegen/crm/deals/index.js';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '@billbridge/sandbox';
import { activity, crmLink, stripeEvent, usage } from '../../db/schema.ts';
import { startWorker } from '../../main/start-worker.ts';
import {
  listenForWebhooks,
  postWebhook,
  ruleOf,
  seedDestination,
  seedMonthlyPrice,
  seedSyncedWorkspace,
  seedSource,
  stripeEventOf,
} from '../../testing/sync.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { signUpUser } from '../../testing/users.ts';
import { waitFor } from '../../testing/wait.ts';
import { seedWorkspace } from '../../testing/workspaces.ts';

/**
 * The whole path against the embedded stand-ins: objects created in a sandbox Stripe account send
 * their webhooks to the app, the worker syncs them into a sandbox HubSpot portal.
 */
describe('sync from Stripe into HubSpot', () => {
  let t: TestApp;
  let sandbox: Sandbox;
  let stopWorker: () => void;
  let subscriptionId: string;
  let account: string;
  let portalId: number;

  const activitiesOf = async (eventId: string) =>
    t.context.database.db.select().from(activity).where(eq(activity.eventId, eventId));
  const contacts = () => sandbox.hubspotState.records(portalId, 'contacts');
  const deals = () => sandbox.hubspotState.records(portalId, 'deals');

  beforeAll(async () => {
    t = await createTestApp();
    sandbox = t.context.providers.sandbox as Sandbox;
    await listenForWebhooks(t);
    stopWorker = await startWorker(t.context);
    const owner = await signUpUser(t.app);
    subscriptionId = await seedWorkspace(t.context.database.db, owner.id, [], { planId: 'pro' });
    account = sandbox.stripeState.createConnectedAccount().id;
    await seedSource(t.context, subscriptionId, account);
    ({ portalId } = await seedDestination(t.context, subscriptionId, [
      ruleOf('active', 'closedwon'),
      ruleOf('past_due', 'contractsent'),
    ]));
  });
  afterAll(async () => {
    stopWorker();
    await t.close();
  });

  it('turns a new customer into a contact and logs one successful activity', async () => {
    sandbox.stripeState.createCustomer(account, { email: 'Grace@Example.com', name: 'Grace Hopper' });
    const contact = await waitFor(
      () => contacts().find((record) => record.properties.email === 'grace@example.com'),
      { what: 'the contact in HubSpot' },
    );
    expect(contact.properties).toMatchObject({ firstname: 'Grace', lastname: 'Hopper' });
    const [event] = await t.context.database.db
      .select()
      .from(stripeEvent)
      .where(eq(stripeEvent.type, 'customer.created'));
    await waitFor(async () => (await activitiesOf(event?.eventId ?? ''))[0]?.status === 'success', {
      what: 'the activity to succeed',
    });
  });

  it('turns a billing subscription into a deal in the mapped stage, with line items, its contact and its invoice', async () => {
    const customer = sandbox.stripeState.createCustomer(account, { email: 'alan@example.com' });
    sandbox.stripeState.addCard(account, customer.id, '4242424242424242');
    const product = sandbox.stripeState.createProduct(account, { name: 'Pro plan' });
    const price = sandbox.stripeState.createPrice(account, {
      product: product.id,
      unit_amount: 4900,
      currency: 'usd',
      recurring: { interval: 'month' },
    });
    const billing = sandbox.stripeState.createSubscription(account, {
      customer: customer.id,
      items: [{ price: price.id, quantity: 2 }],
    });
    const deal = await waitFor(
      () => deals().find((record) => record.properties.billbridge_stripe_id === billing.id),
      { what: 'the deal in HubSpot' },
    );
    expect(deal.properties).toMatchObject({ amount: '98', dealstage: 'closedwon', pipeline: 'default' });
    const contact = contacts().find((record) => record.properties.email === 'alan@example.com');
    expect(contact).toBeDefined();
    await waitFor(
      () =>
        sandbox.hubspotState
          .associations(portalId, 'deals', deal.id, 'contacts')
          .some((a) => a.id === contact?.id),
      { what: 'the deal associated with its contact' },
    );
    // The deal is created with its contact; its line items follow in the same round.
    const lineItems = await waitFor(
      () => {
        const items = sandbox.hubspotState.associations(portalId, 'deals', deal.id, 'line_items');
        return items.length > 0 && items;
      },
      { what: 'the deal’s line items' },
    );
    expect(lineItems).toHaveLength(1);
    const invoice = await waitFor(
      () =>
        sandbox.hubspotState
          .records(portalId, 'invoices')
          .find((record) => record.properties.hs_amount_billed === '98'),
      { what: 'the invoice in HubSpot' },
    );
    await waitFor(
      () =>
        sandbox.hubspotState
          .associations(portalId, 'invoices', invoice.id, 'deals')
          .some((a) => a.id === deal.id),
      { what: 'the invoice associated with its deal' },
    );
  });

  it('archives the line item of an item removed from the billing subscription, and keeps the others', async () => {
    const customer = sandbox.stripeState.createCustomer(account, { email: 'items@example.com' });
    sandbox.stripeState.addCard(account, customer.id, '4242424242424242');
    const product = sandbox.stripeState.createProduct(account, { name: 'Seats' });
    const priceOf = (unit_amount: number) =>
      sandbox.stripeState.createPrice(account, {
        product: product.id,
        unit_amount,
        currency: 'usd',
        recurring: { interval: 'month' },
      });
    const billing = sandbox.stripeState.createSubscription(account, {
      customer: customer.id,
      items: [{ price: priceOf(1000).id }, { price: priceOf(500).id }],
    });
    const lineItemsOfDeal = () => {
      const deal = deals().find((record) => record.properties.billbridge_stripe_id === billing.id);
      return deal ? sandbox.hubspotState.associations(portalId, 'deals', deal.id, 'line_items') : [];
    };
    await waitFor(() => lineItemsOfDeal().length === 2, { what: 'two line items on the deal' });
    const [kept, removed] = billing.items.data;
    sandbox.stripeState.updateSubscription(account, billing.id, {
      items: [{ id: removed?.id, deleted: true }],
    });
    await waitFor(() => lineItemsOfDeal().length === 1, { what: 'the removed item gone from the deal' });
    const remaining = sandbox.hubspotState
      .records(portalId, 'line_items')
      .filter((record) => [kept?.id, removed?.id].includes(record.properties.hs_sku ?? ''));
    expect(remaining.map((record) => record.properties.hs_sku)).toEqual([kept?.id]);
    const deal = deals().find((record) => record.properties.billbridge_stripe_id === billing.id);
    expect(deal?.properties.amount).toBe('10');
  });

  it('keys deals by name and invoices by external id in a portal that granted no schema scope, without duplicates', async () => {
    const world = await seedSyncedWorkspace(t, { scopes: [] });
    const customer = sandbox.stripeState.createCustomer(world.account, { email: 'noscope@example.com' });
    sandbox.stripeState.addCard(world.account, customer.id, '4242424242424242');
    const price = seedMonthlyPrice(sandbox, world.account, 700);
    const billing = sandbox.stripeState.createSubscription(world.account, {
      customer: customer.id,
      items: [{ price: price.id }],
    });
    const dealsNamed = () =>
      sandbox.hubspotState
        .records(world.portalId, 'deals')
        .filter((record) => record.properties.dealname === `Subscription ${billing.id}`);
    const [deal] = await waitFor(() => dealsNamed().length === 1 && dealsNamed(), { what: 'the deal' });
    expect(deal?.properties.billbridge_stripe_id).toBeUndefined();
    const invoice = await waitFor(
      () =>
        sandbox.hubspotState
          .records(world.portalId, 'invoices')
          .find((record) => record.properties.hs_external_invoice_id === billing.latest_invoice),
      { what: 'the invoice keyed by its external id' },
    );
    expect(invoice.properties.billbridge_stripe_id).toBeUndefined();

    // Even with its links lost (a crash before the commit, say), the deal is found, not duplicated,
    // once HubSpot's search has it: search lags new records (decision 022), as the stand-in's does.
    const search = new Client({
      accessToken: sandbox.hubspotState.issueToken(world.portalId).accessToken,
      basePath: t.context.providers.hubspot?.apiUrl,
    });
    const dealName = {
      propertyName: 'dealname',
      operator: FilterOperatorEnum.Eq,
      value: `Subscription ${billing.id}`,
    };
    let searchedAt = 0;
    // A search a second at most, a refused one tried again: HubSpot allows a portal 5 searches a
    // second, and the sync searches this portal too.
    await waitFor(
      async () => {
        if (Date.now() - searchedAt < 1_000) return false;
        searchedAt = Date.now();
        try {
          const found = await search.crm.deals.searchApi.doSearch({
            filterGroups: [{ filters: [dealName] }],
            limit: 1,
          });
          return found.total === 1;
        } catch (error) {
          if ((error as { code?: number }).code === 429) return false;
          throw error;
        }
      },
      { what: 'the deal in HubSpot’s search' },
    );
    await t.context.database.db.delete(crmLink).where(eq(crmLink.destinationId, world.destinationId));
    sandbox.stripeState.setSubscriptionStatus(world.account, billing.id, 'past_due');
    await waitFor(() => dealsNamed()[0]?.properties.dealstage === 'contractsent', {
      what: 'the deal moved to past due',
    });
    expect(dealsNamed()).toHaveLength(1);
  });

  it('never lets an older state overwrite a newer one: past_due (newer) before active (older) stays past_due', async () => {
    const customer = sandbox.stripeState.createCustomer(account, { email: 'order@example.com' });
    const object = (status: string) => ({
      id: 'sub_OrderTest000001',
      object: 'subscription',
      status,
      currency: 'usd',
      customer: customer.id,
      start_date: 1_700_000_000,
      items: {
        data: [
          { id: 'si_OrderTest01', quantity: 1, price: { id: 'price_x', unit_amount: 1000, recurring: null } },
        ],
      },
    });
    const now = Math.floor(Date.now() / 1000);
    const newer = stripeEventOf({
      account,
      type: 'customer.subscription.updated',
      object: object('past_due'),
      created: now,
    });
    const older = stripeEventOf({
      account,
      type: 'customer.subscription.updated',
      object: object('active'),
      created: now - 10,
    });
    expect((await postWebhook(t, JSON.stringify(newer))).statusCode).toBe(200);
    await waitFor(
      () => deals().find((record) => record.properties.billbridge_stripe_id === 'sub_OrderTest000001'),
      {
        what: 'the past_due deal',
      },
    );
    expect((await postWebhook(t, JSON.stringify(older))).statusCode).toBe(200);
    await waitFor(async () => (await activitiesOf(older.id))[0]?.status === 'success', {
      what: 'the older event settled',
    });
    const deal = deals().find((record) => record.properties.billbridge_stripe_id === 'sub_OrderTest000001');
    expect(deal?.properties.dealstage).toBe('contractsent');
  });

  it('syncs the same event delivered 5 times in a row and 5 times at once exactly once', async () => {
    const customer = sandbox.stripeState.createCustomer(account, { email: 'twice@example.com' });
    const object = {
      id: 'sub_DuplicateTest01',
      object: 'subscription',
      status: 'active',
      currency: 'usd',
      customer: customer.id,
      start_date: 1_700_000_000,
      items: {
        data: [
          { id: 'si_Duplicate01', quantity: 1, price: { id: 'price_y', unit_amount: 500, recurring: null } },
        ],
      },
    };
    const [row] = await t.context.database.db
      .select()
      .from(usage)
      .where(eq(usage.subscriptionId, subscriptionId));
    const usedBefore = row?.events ?? 0;
    const body = JSON.stringify(stripeEventOf({ account, type: 'customer.subscription.created', object }));
    for (let i = 0; i < 5; i++) await postWebhook(t, body);
    await Promise.all(Array.from({ length: 5 }, () => postWebhook(t, body)));
    await waitFor(
      () => deals().some((record) => record.properties.billbridge_stripe_id === 'sub_DuplicateTest01'),
      {
        what: 'the deal',
      },
    );
    await waitFor(async () => (await activitiesOf(JSON.parse(body).id))[0]?.status === 'success', {
      what: 'the activity',
    });
    expect(
      deals().filter((record) => record.properties.billbridge_stripe_id === 'sub_DuplicateTest01'),
    ).toHaveLength(1);
    expect(contacts().filter((record) => record.properties.email === 'twice@example.com')).toHaveLength(1);
    expect(await activitiesOf(JSON.parse(body).id)).toHaveLength(1);
    const [after] = await t.context.database.db
      .select()
      .from(usage)
      .where(eq(usage.subscriptionId, subscriptionId));
    // This event, plus the customer.created of `twice@` which arrived on its own.
    await waitFor(
      async () => {
        const [now] = await t.context.database.db
          .select()
          .from(usage)
          .where(eq(usage.subscriptionId, subscriptionId));
        return (now?.events ?? 0) - usedBefore === 2;
      },
      { what: 'two counted events' },
    );
    expect(after).toBeDefined();
  });
});
