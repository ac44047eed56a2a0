import { Client } from '@hubspot/api-client';
import { AssociationSpecAssociationCategoryEnum } from '@hubspot/api-client/lib/codegen/crm/associations/v4/models/AssociationSpec.js';
import { FilterOperatorEnum } from '@hubspot/api-client/lib/codegen/crm/contacts/models/Filter.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../index.ts';

let sandbox: Sandbox;
let portalId: number;
let hubspot: Client;

const defined = AssociationSpecAssociationCategoryEnum.HubspotDefined;

const apiError = async (call: Promise<unknown>): Promise<{ code: number; body: Record<string, unknown> }> => {
  try {
    await call;
  } catch (error) {
    const failure = error as { code: number; body: Record<string, unknown> };
    return { code: failure.code, body: failure.body };
  }
  throw new Error('expected the call to fail');
};

beforeAll(async () => {
  sandbox = await startSandbox({ hubspotSearchIndexDelayMs: 0 });
  portalId = sandbox.hubspotState.createPortal({ name: 'Contract portal' }).id;
  hubspot = new Client({
    accessToken: sandbox.hubspotState.issueToken(portalId).accessToken,
    basePath: sandbox.hubspot.url,
  });
});

afterAll(async () => {
  await sandbox.close();
});

describe('HubSpot stand-in through @hubspot/api-client 14', () => {
  it('creates, reads, updates and archives contacts', async () => {
    const created = await hubspot.crm.contacts.basicApi.create({
      properties: { email: 'Ada@Example.com', firstname: 'Ada' },
      associations: [],
    });
    expect(created.id).toMatch(/^\d+$/);
    expect(created.createdAt).toBeInstanceOf(Date);
    expect(created.properties).toMatchObject({
      email: 'ada@example.com',
      firstname: 'Ada',
      hs_object_id: created.id,
    });
    const read = await hubspot.crm.contacts.basicApi.getById(created.id, ['email', 'lastname']);
    expect(read.properties).toMatchObject({ email: 'ada@example.com', lastname: null });
    const byEmail = await hubspot.crm.contacts.basicApi.getById(
      'ada@example.com',
      undefined,
      undefined,
      undefined,
      false,
      'email',
    );
    expect(byEmail.id).toBe(created.id);
    const updated = await hubspot.crm.contacts.basicApi.update(created.id, {
      properties: { lastname: 'Lovelace' },
    });
    expect(updated.properties.lastname).toBe('Lovelace');
    const page = await hubspot.crm.contacts.basicApi.getPage(10);
    expect(page.results.map((contact) => contact.id)).toContain(created.id);
    await hubspot.crm.contacts.basicApi.archive(created.id);
    expect((await apiError(hubspot.crm.contacts.basicApi.getById(created.id))).code).toBe(404);
  });

  it('refuses a duplicate e-mail on plain create with 409 "Contact already exists"', async () => {
    const first = await hubspot.crm.contacts.basicApi.create({
      properties: { email: 'dup@example.com' },
      associations: [],
    });
    const conflict = await apiError(
      hubspot.crm.contacts.basicApi.create({ properties: { email: 'DUP@example.com' }, associations: [] }),
    );
    expect(conflict.code).toBe(409);
    expect(conflict.body).toMatchObject({
      status: 'error',
      message: `Contact already exists. Existing ID: ${first.id}`,
      category: 'CONFLICT',
    });
    expect(conflict.body.correlationId).toEqual(expect.any(String));
  });

  it('frees an e-mail that a contact changes or loses to archiving, and takes the new one', async () => {
    const contact = await hubspot.crm.contacts.basicApi.create({
      properties: { email: 'moving@example.com' },
      associations: [],
    });
    const byEmail = (email: string) =>
      hubspot.crm.contacts.basicApi.getById(email, undefined, undefined, undefined, false, 'email');
    expect((await byEmail('moving@example.com')).id).toBe(contact.id);
    await hubspot.crm.contacts.basicApi.update(contact.id, { properties: { email: 'moved@example.com' } });
    expect((await apiError(byEmail('moving@example.com'))).code).toBe(404);
    expect((await byEmail('MOVED@example.com')).id).toBe(contact.id);
    const taken = await apiError(
      hubspot.crm.contacts.basicApi.create({ properties: { email: 'moved@example.com' }, associations: [] }),
    );
    expect(taken.body.message).toBe(`Contact already exists. Existing ID: ${contact.id}`);
    const newcomer = await hubspot.crm.contacts.basicApi.create({
      properties: { email: 'moving@example.com' },
      associations: [],
    });
    await hubspot.crm.contacts.basicApi.archive(contact.id);
    const successor = await hubspot.crm.contacts.basicApi.create({
      properties: { email: 'moved@example.com' },
      associations: [],
    });
    expect((await byEmail('moved@example.com')).id).toBe(successor.id);
    expect((await byEmail('moving@example.com')).id).toBe(newcomer.id);
  });

  it('batch creates, reads, updates and upserts contacts by e-mail', async () => {
    const created = await hubspot.crm.contacts.batchApi.create({
      inputs: [
        { properties: { email: 'b1@example.com' }, associations: [] },
        { properties: { email: 'b2@example.com' }, associations: [] },
      ],
    });
    expect(created.status).toBe('COMPLETE');
    expect(created.results).toHaveLength(2);
    const ids = created.results.map((contact) => contact.id);
    const read = await hubspot.crm.contacts.batchApi.read({
      inputs: ids.map((id) => ({ id })),
      properties: ['email'],
      propertiesWithHistory: [],
    });
    expect(read.results.map((contact) => contact.properties.email).sort()).toEqual([
      'b1@example.com',
      'b2@example.com',
    ]);
    const updated = await hubspot.crm.contacts.batchApi.update({
      inputs: ids.map((id) => ({ id, properties: { lifecyclestage: 'customer' } })),
    });
    expect(updated.results.every((contact) => contact.properties.lifecyclestage === 'customer')).toBe(true);
    const upserted = await hubspot.crm.contacts.batchApi.upsert({
      inputs: [
        { id: 'b1@example.com', idProperty: 'email', properties: { firstname: 'Existing' } },
        { id: 'b3@example.com', idProperty: 'email', properties: { firstname: 'New' } },
      ],
    });
    expect(upserted.results.map((contact) => [contact.properties.email, contact._new])).toEqual([
      ['b1@example.com', false],
      ['b3@example.com', true],
    ]);
  });

  it('searches with filters, sorting and paging', async () => {
    for (const [email, lastname] of [
      ['s1@search.test', 'Cole'],
      ['s2@search.test', 'Abbot'],
      ['s3@search.test', 'Brook'],
    ] as const) {
      await hubspot.crm.contacts.basicApi.create({ properties: { email, lastname }, associations: [] });
    }
    const request = (after: string) =>
      hubspot.crm.contacts.searchApi.doSearch({
        filterGroups: [
          {
            filters: [
              { propertyName: 'email', operator: FilterOperatorEnum.ContainsToken, value: '*@search.test' },
            ],
          },
        ],
        sorts: [{ propertyName: 'lastname', direction: 'ASCENDING' } as unknown as string],
        properties: ['email', 'lastname'],
        limit: 2,
        after,
      });
    const first = await request('0');
    expect(first.total).toBe(3);
    expect(first.results.map((contact) => contact.properties.lastname)).toEqual(['Abbot', 'Brook']);
    expect(first.paging?.next?.after).toBe('2');
    const second = await request(first.paging?.next?.after ?? '');
    expect(second.results.map((contact) => contact.properties.lastname)).toEqual(['Cole']);
    const exact = await hubspot.crm.contacts.searchApi.doSearch({
      filterGroups: [
        { filters: [{ propertyName: 'email', operator: FilterOperatorEnum.Eq, value: 'S2@SEARCH.TEST' }] },
      ],
      sorts: [],
      properties: ['email'],
      limit: 10,
      after: '0',
    });
    expect(exact.results.map((contact) => contact.properties.email)).toEqual(['s2@search.test']);
  });

  it('creates deals in the default pipeline, line items from products, and invoices', async () => {
    const deal = await hubspot.crm.deals.basicApi.create({
      properties: { dealname: 'Pro plan', amount: '49', dealstage: 'closedwon', pipeline: 'default' },
      associations: [],
    });
    expect(deal.properties).toMatchObject({
      dealname: 'Pro plan',
      dealstage: 'closedwon',
      pipeline: 'default',
    });
    const badStage = await apiError(
      hubspot.crm.deals.basicApi.create({
        properties: { dealname: 'x', dealstage: 'nope' },
        associations: [],
      }),
    );
    expect(badStage.code).toBe(400);
    expect(badStage.body.category).toBe('VALIDATION_ERROR');
    const product = await hubspot.crm.products.basicApi.create({
      properties: { name: 'Pro', price: '49' },
      associations: [],
    });
    const lineItem = await hubspot.crm.lineItems.basicApi.create({
      properties: { hs_product_id: product.id, quantity: '2' },
      associations: [
        { to: { id: deal.id }, types: [{ associationCategory: defined, associationTypeId: 20 }] },
      ],
    });
    expect(lineItem.properties).toMatchObject({ name: 'Pro', price: '49', quantity: '2', amount: '98' });
    const invoice = await hubspot.crm.commerce.invoices.basicApi.create({
      properties: { hs_currency: 'USD', hs_invoice_date: '1767225600000' },
      associations: [],
    });
    expect(invoice.properties).toMatchObject({
      hs_invoice_date: '2026-01-01T00:00:00.000Z',
      hs_invoice_status: 'draft',
      hs_amount_billed: '0',
    });
    const dealItems = await hubspot.crm.associations.v4.basicApi.getPage('deals', deal.id, 'line_items');
    expect(dealItems.results.map((result) => String(result.toObjectId))).toEqual([lineItem.id]);
    const unknown = await apiError(
      hubspot.crm.deals.basicApi.create({
        properties: { dealname: 'x', no_such_property: '1' },
        associations: [],
      }),
    );
    expect(unknown.body.message).toContain('PROPERTY_DOESNT_EXIST');
  });

  it('batch creates deals with their contacts associated inline, refusing the whole batch for a bad association', async () => {
    const contact = await hubspot.crm.contacts.basicApi.create({
      properties: { email: 'inline@example.com' },
      associations: [],
    });
    const toContact = (id: string, associationTypeId = 3) => [
      { to: { id }, types: [{ associationCategory: defined, associationTypeId }] },
    ];
    const created = await hubspot.crm.deals.batchApi.create({
      inputs: [
        { properties: { dealname: 'Inline 1' }, associations: toContact(contact.id) },
        { properties: { dealname: 'Inline 2' }, associations: toContact(contact.id) },
      ],
    });
    expect(created.results).toHaveLength(2);
    for (const deal of created.results) {
      const linked = await hubspot.crm.associations.v4.basicApi.getPage('deals', deal.id, 'contacts');
      expect(linked.results.map((result) => String(result.toObjectId))).toEqual([contact.id]);
    }
    const before = sandbox.hubspotState.records(portalId, 'deals').length;
    // 4 is contact-to-deal: it does not start from a deal. A contact that does not exist is refused too.
    for (const associations of [toContact(contact.id, 4), toContact('999999999')]) {
      const refused = await apiError(
        hubspot.crm.deals.batchApi.create({
          inputs: [
            { properties: { dealname: 'Fine' }, associations: toContact(contact.id) },
            { properties: { dealname: 'Bad' }, associations },
          ],
        }),
      );
      expect(refused.code).toBe(400);
      expect(refused.body.category).toBe('VALIDATION_ERROR');
    }
    expect(sandbox.hubspotState.records(portalId, 'deals')).toHaveLength(before);
  });

  it('lists and creates properties, enforcing hasUniqueValue (duplicate → 409)', async () => {
    const listed = await hubspot.crm.properties.coreApi.getAll('contacts');
    expect(listed.results.map((property) => property.name)).toContain('email');
    const created = await hubspot.crm.properties.coreApi.create('contacts', {
      name: 'stripe_customer_id',
      label: 'Stripe customer ID',
      type: 'string' as never,
      fieldType: 'text' as never,
      groupName: 'contactinformation',
      hasUniqueValue: true,
    });
    expect(created).toMatchObject({ name: 'stripe_customer_id', hasUniqueValue: true });
    const again = await apiError(
      hubspot.crm.properties.coreApi.create('contacts', {
        name: 'stripe_customer_id',
        label: 'Again',
        type: 'string' as never,
        fieldType: 'text' as never,
        groupName: 'contactinformation',
      }),
    );
    expect(again.code).toBe(409);
    await hubspot.crm.contacts.basicApi.create({
      properties: { stripe_customer_id: 'cus_1' },
      associations: [],
    });
    const conflict = await apiError(
      hubspot.crm.contacts.basicApi.create({ properties: { stripe_customer_id: 'cus_1' }, associations: [] }),
    );
    expect(conflict.code).toBe(409);
    const upserted = await hubspot.crm.contacts.batchApi.upsert({
      inputs: [{ id: 'cus_1', idProperty: 'stripe_customer_id', properties: { firstname: 'Via unique' } }],
    });
    expect(upserted.results[0]?._new).toBe(false);
  });

  it('lists the default deal pipeline with its stages and adds pipelines', async () => {
    const pipelines = await hubspot.crm.pipelines.pipelinesApi.getAll('deals');
    const sales = pipelines.results.find((pipeline) => pipeline.id === 'default');
    expect(sales?.stages.map((stage) => stage.id)).toEqual([
      'appointmentscheduled',
      'qualifiedtobuy',
      'presentationscheduled',
      'decisionmakerboughtin',
      'contractsent',
      'closedwon',
      'closedlost',
    ]);
    expect(sales?.stages[0]).toMatchObject({
      label: 'Appointment Scheduled',
      displayOrder: 0,
      metadata: { probability: '0.2', isClosed: 'false' },
    });
    const created = await hubspot.crm.pipelines.pipelinesApi.create('deals', {
      label: 'Subscriptions',
      displayOrder: 1,
      stages: [
        { label: 'Active', displayOrder: 0, metadata: { probability: '1.0' } },
        { label: 'Past due', displayOrder: 1, metadata: { probability: '0.5' } },
      ],
    });
    expect(created.stages).toHaveLength(2);
    const deal = await hubspot.crm.deals.basicApi.create({
      properties: {
        dealname: 'In new pipeline',
        pipeline: created.id,
        dealstage: created.stages[1]?.id ?? '',
      },
      associations: [],
    });
    expect(deal.properties.dealstage).toBe(created.stages[1]?.id);
  });

  it('associates with v4 defaults, labels and batches', async () => {
    const contact = await hubspot.crm.contacts.basicApi.create({
      properties: { email: 'assoc@example.com' },
      associations: [],
    });
    const deal = await hubspot.crm.deals.basicApi.create({
      properties: { dealname: 'Assoc' },
      associations: [],
    });
    const single = await hubspot.crm.associations.v4.basicApi.createDefault(
      'contact',
      contact.id,
      'deal',
      deal.id,
    );
    expect(single.results.map((result) => result.associationSpec.associationTypeId).sort()).toEqual([3, 4]);
    const labels = await hubspot.crm.associations.v4.schema.definitionsApi.create('deals', 'contacts', {
      label: 'Billing contact',
      name: 'billing_contact',
      inverseLabel: 'Billed deal',
    });
    const billing = labels.results.find((label) => label.label === 'Billing contact');
    expect(billing?.category).toBe('USER_DEFINED');
    const labeled = await hubspot.crm.associations.v4.basicApi.create(
      'deals',
      deal.id,
      'contacts',
      contact.id,
      [
        {
          associationCategory: AssociationSpecAssociationCategoryEnum.UserDefined,
          associationTypeId: billing?.typeId ?? 0,
        },
      ],
    );
    expect(labeled.labels).toEqual(['Billing contact']);
    const other = await hubspot.crm.contacts.basicApi.create({
      properties: { email: 'assoc2@example.com' },
      associations: [],
    });
    const batch = await hubspot.crm.associations.v4.batchApi.create('deals', 'contacts', {
      inputs: [
        {
          _from: { id: deal.id },
          to: { id: other.id },
          types: [{ associationCategory: defined, associationTypeId: 3 }],
        },
        {
          _from: { id: deal.id },
          to: { id: '1' },
          types: [{ associationCategory: defined, associationTypeId: 3 }],
        },
      ],
    });
    expect(batch.results).toHaveLength(1);
    expect('numErrors' in batch ? batch.numErrors : 0).toBe(1);
    const defaults = await hubspot.crm.associations.v4.batchApi.createDefault('invoices', 'contacts', {
      inputs: [],
    });
    expect(defaults.status).toBe('COMPLETE');
    const read = await hubspot.crm.associations.v4.batchApi.getPage('deals', 'contacts', {
      inputs: [{ id: deal.id, after: undefined as unknown as string }],
    });
    const targets = read.results[0]?.to.map((entry) => String(entry.toObjectId)).sort();
    expect(targets).toEqual([contact.id, other.id].sort());
    const withAssociations = await hubspot.crm.deals.basicApi.getById(deal.id, undefined, undefined, [
      'contacts',
    ]);
    expect(withAssociations.associations?.contacts?.results.map((entry) => entry.id)).toContain(contact.id);
    await hubspot.crm.associations.v4.basicApi.archive('deals', deal.id, 'contacts', other.id);
    expect(
      sandbox.hubspotState.associations(portalId, 'deals', deal.id, 'contacts').map((entry) => entry.id),
    ).toEqual([contact.id]);
  });
});
