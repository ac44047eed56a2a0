import { and, eq } from 'drizzle-orm';
import { Client } from '@hubspot/api-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '@billbridge/sandbox';
import { activity, crmLink, source, type ActivityRow } from '../../db/schema.ts';
import { startWorker } from '../../main/start-worker.ts';
import {
  billingSubscriptionOf,
  failedChargeOf,
  invoiceOf,
  listenForWebhooks,
  postWebhook,
  seedSyncedWorkspace,
  stripeEventOf,
  type SyncedWorkspace,
} from '../../testing/sync.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { callFunction } from '../../testing/users.ts';
import { waitFor } from '../../testing/wait.ts';

/**
 * One HubSpot contact per Stripe customer, whatever changes on either side: an e-mail change, an
 * address another contact has, a lead that was there first, a merge or a deletion in HubSpot, a
 * workspace that never saw the contact made.
 */
describe('One contact per customer, whatever changes', () => {
  let t: TestApp;
  let sandbox: Sandbox;
  let stopWorker: () => void;
  let world: SyncedWorkspace;
  let hubspot: Client;
  let created = 1_700_000_000;

  /** Posts one signed event of `account` and waits until its activity settles. */
  const sync = async (
    type: string,
    object: Record<string, unknown>,
    account = world.account,
  ): Promise<ActivityRow> => {
    created += 10;
    const event = stripeEventOf({ account, type, object, created });
    expect((await postWebhook(t, JSON.stringify(event))).statusCode).toBe(200);
    return waitFor(
      async () => {
        const [row] = await t.context.database.db
          .select()
          .from(activity)
          .where(eq(activity.eventId, event.id));
        return row && row.status !== 'pending' ? row : undefined;
      },
      { what: `the ${type} activity to settle` },
    );
  };
  const customer = (id: string, email: string, name = 'Ada Lovelace') => ({
    id,
    object: 'customer',
    email,
    name,
  });
  const contacts = (portalId = world.portalId) => sandbox.hubspotState.records(portalId, 'contacts');
  const contactsOf = (customerId: string, portalId = world.portalId) =>
    contacts(portalId).filter((record) => record.properties.billbridge_stripe_customer_id === customerId);
  const withEmail = (email: string) => contacts().filter((record) => record.properties.email === email);
  const linkedContact = async (customerId: string, destinationId = world.destinationId) => {
    const [link] = await t.context.database.db
      .select({ id: crmLink.crmObjectId })
      .from(crmLink)
      .where(
        and(
          eq(crmLink.destinationId, destinationId),
          eq(crmLink.stripeObjectId, customerId),
          eq(crmLink.crmObjectType, 'contacts'),
        ),
      );
    return link?.id;
  };
  const dealContacts = (subscriptionId: string) => {
    const deal = sandbox.hubspotState
      .records(world.portalId, 'deals')
      .find((record) => record.properties.billbridge_stripe_id === subscriptionId);
    return sandbox.hubspotState
      .associations(world.portalId, 'deals', deal?.id ?? '', 'contacts')
      .map((association) => association.id);
  };
  /** The ids of `toType` records associated with a record, as HubSpot's association API answers. */
  const associatedWith = async (fromType: string, id: string, toType: string) =>
    (await hubspot.crm.associations.v4.basicApi.getPage(fromType, id, toType)).results.map((result) =>
      String(result.toObjectId),
    );
  const lead = async (email: string, firstname: string) =>
    (await hubspot.crm.contacts.basicApi.create({ properties: { email, firstname }, associations: [] })).id;
  const merge = async (primaryObjectId: string, objectIdToMerge: string) => {
    const answer = await hubspot.apiRequest({
      method: 'POST',
      path: '/crm/v3/objects/contacts/merge',
      body: { primaryObjectId, objectIdToMerge },
    });
    return ((await answer.json()) as { id: string }).id;
  };

  beforeAll(async () => {
    t = await createTestApp();
    sandbox = t.context.providers.sandbox as Sandbox;
    await listenForWebhooks(t);
    stopWorker = await startWorker(t.context);
    world = await seedSyncedWorkspace(t);
    hubspot = new Client({
      accessToken: sandbox.hubspotState.issueToken(world.portalId).accessToken,
      basePath: sandbox.hubspot.url,
    });
  });
  afterAll(async () => {
    stopWorker();
    await t.close();
  });

  it('gives a changed e-mail address to the same contact, whose deal stays on it', async () => {
    await sync('customer.created', customer('cus_ada', 'ada@example.com'));
    await sync('customer.subscription.created', billingSubscriptionOf('sub_ada', 'cus_ada'));
    const [before] = contactsOf('cus_ada');
    expect(before?.properties.email).toBe('ada@example.com');

    expect(await sync('customer.updated', customer('cus_ada', 'ada.king@example.com'))).toMatchObject({
      status: 'success',
    });
    expect(contactsOf('cus_ada')).toEqual([
      expect.objectContaining({
        id: before?.id,
        properties: expect.objectContaining({ email: 'ada.king@example.com' }),
      }),
    ]);
    expect(withEmail('ada@example.com')).toEqual([]);
    expect(dealContacts('sub_ada')).toEqual([before?.id]);
  });

  it('keeps the link when the new address is another contact’s, writes the rest and names both', async () => {
    await sync('customer.created', customer('cus_grace', 'grace@example.com', 'Grace'));
    const [own] = contactsOf('cus_grace');
    const other = await lead('hopper@example.com', 'Someone');

    const settled = await sync(
      'customer.updated',
      customer('cus_grace', 'hopper@example.com', 'Grace Hopper'),
    );
    expect(settled.status).toBe('warning');
    expect(settled.reason).toContain(`HubSpot contact ${other}`);
    expect(settled.reason).toContain(`contact ${own?.id} kept its own address`);
    expect(contactsOf('cus_grace')).toEqual([
      expect.objectContaining({
        id: own?.id,
        properties: expect.objectContaining({
          email: 'grace@example.com',
          firstname: 'Grace',
          lastname: 'Hopper',
        }),
      }),
    ]);
    const [untouched, ...more] = withEmail('hopper@example.com');
    expect(more).toEqual([]);
    expect(untouched?.id).toBe(other);
    expect(untouched?.properties.firstname).toBe('Someone');
    expect(untouched?.properties.billbridge_stripe_customer_id).toBeUndefined();
  });

  it('gives a lead already in HubSpot the billing data instead of making a second contact', async () => {
    const leadId = await lead('lin@example.com', 'Lin');

    expect((await sync('customer.created', customer('cus_lin', 'lin@example.com', 'Lin Wei'))).status).toBe(
      'success',
    );
    expect(withEmail('lin@example.com')).toEqual([
      expect.objectContaining({
        id: leadId,
        properties: expect.objectContaining({ billbridge_stripe_customer_id: 'cus_lin', lastname: 'Wei' }),
      }),
    ]);
    expect(await linkedContact('cus_lin')).toBe(leadId);
  });

  it('finds the contact by its Stripe customer id where the product has no HubSpot id for it', async () => {
    await sync('customer.created', customer('cus_moved', 'moved@example.com'));
    const [contact] = contactsOf('cus_moved');
    // A second workspace syncing the same Stripe customer to the same portal has never linked it.
    const second = await seedSyncedWorkspace(t, { portalId: world.portalId });

    expect(
      (await sync('customer.updated', customer('cus_moved', 'moved.on@example.com'), second.account)).status,
    ).toBe('success');
    expect(contactsOf('cus_moved')).toEqual([
      expect.objectContaining({
        id: contact?.id,
        properties: expect.objectContaining({ email: 'moved.on@example.com' }),
      }),
    ]);
    expect(await linkedContact('cus_moved', second.destinationId)).toBe(contact?.id);
  });

  it('follows a contact merged in HubSpot to the merged record, with its deal', async () => {
    await sync('customer.created', customer('cus_merged', 'merged@example.com'));
    await sync('customer.subscription.created', billingSubscriptionOf('sub_merged', 'cus_merged'));
    const [own] = contactsOf('cus_merged');
    const survivor = await merge(await lead('merged.lead@example.com', 'Lead'), own?.id ?? '');

    expect(
      (await sync('customer.updated', customer('cus_merged', 'merged@example.com', 'Mia Merged'))).status,
    ).toBe('success');
    expect(contactsOf('cus_merged')).toEqual([
      expect.objectContaining({
        id: survivor,
        properties: expect.objectContaining({ firstname: 'Mia', email: 'merged@example.com' }),
      }),
    ]);
    expect(await linkedContact('cus_merged')).toBe(survivor);
    expect(
      (await sync('customer.subscription.updated', billingSubscriptionOf('sub_merged', 'cus_merged'))).status,
    ).toBe('success');
    expect(dealContacts('sub_merged')).toEqual([survivor]);
  });

  it('creates a contact deleted in HubSpot again on the customer’s next change, says so, and moves its deal, invoice and payment note to it', async () => {
    await sync('customer.created', customer('cus_gone', 'gone@example.com'));
    await sync('customer.subscription.created', billingSubscriptionOf('sub_gone', 'cus_gone'));
    await sync('invoice.paid', invoiceOf('in_gone', 'cus_gone', 'sub_gone', 'paid'));
    await sync('charge.failed', failedChargeOf('cus_gone'));
    const [deleted] = contactsOf('cus_gone');
    const deal = await associatedWith('contacts', deleted?.id ?? '', 'deals');
    const invoice = await associatedWith('contacts', deleted?.id ?? '', 'invoices');
    const note = await associatedWith('contacts', deleted?.id ?? '', 'notes');
    expect([deal.length, invoice.length, note.length]).toEqual([1, 1, 1]);
    await hubspot.crm.contacts.basicApi.archive(deleted?.id ?? '');

    const settled = await sync('customer.updated', customer('cus_gone', 'gone@example.com', 'Gone Again'));
    const [again] = contactsOf('cus_gone');
    expect(again?.id).not.toBe(deleted?.id);
    expect(settled).toMatchObject({
      status: 'warning',
      reason: `HubSpot contact ${deleted?.id} was deleted in HubSpot, so the customer's contact was created again as ${again?.id}`,
    });
    expect(await linkedContact('cus_gone')).toBe(again?.id);
    // In the same round, without a change of the deal or the invoice: read back over HubSpot's API.
    expect(await associatedWith('contacts', again?.id ?? '', 'deals')).toEqual(deal);
    expect(await associatedWith('contacts', again?.id ?? '', 'invoices')).toEqual(invoice);
    expect(await associatedWith('deals', deal[0] ?? '', 'contacts')).toEqual([again?.id]);
    expect(await associatedWith('invoices', invoice[0] ?? '', 'contacts')).toEqual([again?.id]);
    expect(await associatedWith('contacts', again?.id ?? '', 'notes')).toEqual(note);
    expect(await associatedWith('notes', note[0] ?? '', 'contacts')).toEqual([again?.id]);
  });

  it('matches the same way when a source is imported: a lead by e-mail, a contact by its customer id', async () => {
    const imported = await seedSyncedWorkspace(t, { portalId: world.portalId });
    const { db } = t.context.database;
    await db.update(source).set({ enabled: false }).where(eq(source.id, imported.sourceId));
    const stripe = sandbox.stripeState;
    const leadCustomer = stripe.createCustomer(imported.account, {
      name: 'Lea Lead',
      email: 'lea@example.com',
    });
    const known = stripe.createCustomer(imported.account, {
      name: 'Kim Known',
      email: 'kim.new@example.com',
    });
    const leadId = await lead('lea@example.com', 'Lea');
    const knownId = (
      await hubspot.crm.contacts.basicApi.create({
        properties: { email: 'kim.old@example.com', billbridge_stripe_customer_id: known.id },
        associations: [],
      })
    ).id;

    const saved = await callFunction(
      t.app,
      'saveSource',
      {
        subscriptionId: imported.subscriptionId,
        sourceId: imported.sourceId,
        name: 'Stripe',
        enabled: true,
        settings: {},
      },
      imported.owner,
    );
    expect(saved.status).toBe(200);
    // The first import waits for the preview's "Import" (decision 070).
    const input = { subscriptionId: imported.subscriptionId, sourceId: imported.sourceId };
    expect((await callFunction(t.app, 'startBackfill', input, imported.owner)).status).toBe(200);
    await waitFor(async () => (await linkedContact(known.id, imported.destinationId)) === knownId, {
      what: 'the imported customer to be linked to the contact holding its id',
    });
    await waitFor(async () => (await linkedContact(leadCustomer.id, imported.destinationId)) === leadId, {
      what: 'the imported customer to be linked to the lead',
    });
    expect(contactsOf(known.id)).toEqual([
      expect.objectContaining({
        id: knownId,
        properties: expect.objectContaining({ email: 'kim.new@example.com', firstname: 'Kim' }),
      }),
    ]);
    expect(withEmail('lea@example.com')).toEqual([
      expect.objectContaining({
        id: leadId,
        properties: expect.objectContaining({ billbridge_stripe_customer_id: leadCustomer.id }),
      }),
    ]);
  });

  it('follows an e-mail change by the remembered id where the portal has no customer id property', async () => {
    const plain = await seedSyncedWorkspace(t, {
      scopes: ['crm.schemas.deals.write', 'crm.schemas.invoices.write'],
    });
    await sync('customer.created', customer('cus_plain', 'plain@example.com'), plain.account);
    const [before] = contacts(plain.portalId);

    expect(
      (await sync('customer.updated', customer('cus_plain', 'plain.new@example.com'), plain.account)).status,
    ).toBe('success');
    expect(contacts(plain.portalId)).toEqual([
      expect.objectContaining({
        id: before?.id,
        properties: expect.objectContaining({ email: 'plain.new@example.com' }),
      }),
    ]);
    expect(before?.properties.billbridge_stripe_customer_id).toBeUndefined();
  });
});
