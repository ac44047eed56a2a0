import { Client } from '@hubspot/api-client';
import { FilterOperatorEnum } from '@hubspot/api-client/lib/codegen/crm/contacts/models/Filter.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../index.ts';
import { hubspotRules } from './hubspot-rules.ts';
import type { ProviderRule } from './provider-rule.ts';

let sandbox: Sandbox;

beforeAll(async () => {
  sandbox = await startSandbox({ hubspotSearchIndexDelayMs: 0, hubspotRateLimits: false });
});

afterAll(async () => {
  await sandbox.close();
});

type Problem = { message: string; code: string; context?: { propertyName?: string[] } };
type Refusal = {
  code: number;
  body: { category?: string; message: string; errors?: Problem[]; context?: unknown };
};

/** A portal with a token (every scope unless named) and the official SDK pointed at the stand-in. */
const portal = (scopes?: string[]) => {
  const { id } = sandbox.hubspotState.createPortal({ name: 'Rules CRM' });
  const tokens = sandbox.hubspotState.issueToken(id, scopes ? { scopes } : {});
  return {
    portalId: id,
    ...tokens,
    client: new Client({ accessToken: tokens.accessToken, basePath: sandbox.hubspot.url }),
  };
};

const refusal = async (call: Promise<unknown>): Promise<Refusal> => {
  try {
    await call;
  } catch (error) {
    const failure = error as Refusal;
    return { code: failure.code, body: failure.body };
  }
  throw new Error('expected HubSpot to refuse the call');
};

/** A 400 VALIDATION_ERROR naming `name` with the error code (and message, when given). */
const expectProblem = async (
  call: Promise<unknown>,
  name: string,
  code: string,
  message?: string | RegExp,
) => {
  const { code: status, body } = await refusal(call);
  expect(status).toBe(400);
  expect(body.category).toBe('VALIDATION_ERROR');
  const problem = body.errors?.find((entry) => entry.context?.propertyName?.[0] === name);
  expect(problem?.code).toBe(code);
  if (message) expect(problem?.message).toMatch(message);
  return body;
};

type Crm = ReturnType<typeof portal>;
let emails = 0;

const contactIn = (crm: Crm) =>
  crm.client.crm.contacts.basicApi.create({
    properties: { email: `buyer${(emails += 1)}@example.com` },
    associations: [],
  });

const contactWith = (crm: Crm, properties: Record<string, string>) =>
  crm.client.crm.contacts.basicApi.create({ properties, associations: [] });

const mergeContacts = (crm: Crm, primaryObjectId: string, objectIdToMerge: string) =>
  crm.client.apiRequest({
    method: 'POST',
    path: '/crm/v3/objects/contacts/merge',
    body: { primaryObjectId, objectIdToMerge },
  });

const lineItemIn = (
  crm: Crm,
  properties: Record<string, string> = { name: 'Pro', price: '49', quantity: '2' },
) => crm.client.crm.lineItems.basicApi.create({ properties, associations: [] });

const draft = (crm: Crm, properties: Record<string, string> = {}) =>
  crm.client.crm.commerce.invoices.basicApi.create({
    properties: { hs_currency: 'USD', ...properties },
    associations: [],
  });

const link = (crm: Crm, invoiceId: string, toType: string, toId: string) =>
  crm.client.crm.associations.v4.basicApi.createDefault('invoices', invoiceId, toType, toId);

/** A draft with its contact and one line item (49 × 2), ready to open. */
const openable = async (crm: Crm) => {
  const invoice = await draft(crm);
  await link(crm, invoice.id, 'contacts', (await contactIn(crm)).id);
  await link(crm, invoice.id, 'line_items', (await lineItemIn(crm)).id);
  return invoice;
};

const setStatus = (crm: Crm, id: string, status: string) =>
  crm.client.crm.commerce.invoices.basicApi.update(id, { properties: { hs_invoice_status: status } });

const statusOf = async (crm: Crm, id: string) =>
  (await crm.client.crm.commerce.invoices.basicApi.getById(id, ['hs_invoice_status'])).properties
    .hs_invoice_status;

const form = (path: string, values: Record<string, string>) =>
  new Client({ basePath: sandbox.hubspot.url }).apiRequest({
    method: 'POST',
    path,
    body: new URLSearchParams(values).toString(),
    defaultJson: false,
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
  });

const json = async <T>(response: Response): Promise<T> => (await response.json()) as T;

const cases: Record<string, () => Promise<void>> = {
  'property-values-typed': async () => {
    const crm = portal();
    const properties = crm.client.crm.properties.coreApi;
    const define = (name: string, type: string, fieldType: string, options: string[] = []) =>
      properties.create('contacts', {
        name,
        label: name,
        type: type as never,
        fieldType: fieldType as never,
        groupName: 'contactinformation',
        options: options.map((value, displayOrder) => ({ label: value, value, displayOrder, hidden: false })),
      });
    await define('seats', 'number', 'number');
    await define('vip', 'bool', 'booleancheckbox', ['true', 'false']);
    await define('since', 'date', 'date');
    await define('tier', 'enumeration', 'select', ['gold', 'silver']);
    const write = (values: Record<string, string>) =>
      crm.client.crm.contacts.basicApi.create({
        properties: { email: `typed${(emails += 1)}@example.com`, ...values },
        associations: [],
      });
    await expectProblem(write({ seats: 'twelve' }), 'seats', 'INVALID_LONG');
    await expectProblem(write({ vip: 'yes' }), 'vip', 'INVALID_BOOLEAN');
    await expectProblem(write({ since: String(Date.UTC(2026, 0, 2, 9)) }), 'since', 'INVALID_DATE');
    await expectProblem(write({ tier: 'bronze' }), 'tier', 'INVALID_OPTION', /\[gold, silver\]/);
    await expectProblem(write({ nowhere: 'x' }), 'nowhere', 'PROPERTY_DOESNT_EXIST');
    const written = await write({
      seats: '12',
      vip: 'TRUE',
      since: String(Date.UTC(2026, 0, 2)),
      tier: 'gold',
    });
    const read = await crm.client.crm.contacts.basicApi.getById(written.id, [
      'seats',
      'vip',
      'since',
      'tier',
    ]);
    expect(read.properties).toMatchObject({ seats: '12', vip: 'true', since: '2026-01-02', tier: 'gold' });
  },
  'property-create-in-group': async () => {
    const crm = portal();
    const properties = crm.client.crm.properties;
    const region = {
      name: 'region',
      label: 'Region',
      type: 'string' as never,
      fieldType: 'text' as never,
      groupName: 'billbridge',
    };
    const missingGroup = await refusal(properties.coreApi.create('contacts', region));
    expect(missingGroup.code).toBe(400);
    await properties.groupsApi.create('contacts', {
      name: 'billbridge',
      label: 'Billbridge',
      displayOrder: -1,
    });
    expect(
      (await refusal(properties.groupsApi.create('contacts', { name: 'billbridge', label: 'B' }))).code,
    ).toBe(409);
    const created = await properties.coreApi.create('contacts', region);
    expect(created).toMatchObject({ name: 'region', groupName: 'billbridge', type: 'string' });
    expect((await refusal(properties.coreApi.create('contacts', region))).code).toBe(409);
    const wrongField = await refusal(
      properties.coreApi.create('contacts', { ...region, name: 'count', type: 'number' as never }),
    );
    expect(wrongField.code).toBe(400);
    const readOnly = portal(['crm.objects.contacts.read', 'crm.objects.contacts.write']);
    expect(
      (await refusal(readOnly.client.crm.properties.coreApi.create('contacts', { ...region, name: 'other' })))
        .code,
    ).toBe(403);
  },
  'property-list': async () => {
    const crm = portal();
    const properties = crm.client.crm.properties.coreApi;
    await properties.create('deals', {
      name: 'plan_tier',
      label: 'Plan tier',
      type: 'enumeration' as never,
      fieldType: 'select' as never,
      groupName: 'dealinformation',
      options: [{ label: 'Gold', value: 'gold', displayOrder: 0, hidden: false }],
    });
    const listed = (await properties.getAll('deals')).results;
    expect(listed.find((property) => property.name === 'plan_tier')).toMatchObject({
      type: 'enumeration',
      fieldType: 'select',
      options: [expect.objectContaining({ value: 'gold' })],
      hubspotDefined: false,
    });
    expect(listed.find((property) => property.name === 'dealstage')?.hubspotDefined).toBe(true);
    await properties.archive('deals', 'plan_tier');
    expect((await properties.getAll('deals')).results.some((property) => property.name === 'plan_tier')).toBe(
      false,
    );
    expect(
      (await properties.getAll('deals', true)).results.some((property) => property.name === 'plan_tier'),
    ).toBe(true);
  },
  'invoice-currency-required': async () => {
    const crm = portal();
    const invoices = crm.client.crm.commerce.invoices;
    const missing =
      'Cannot create object with type: INVOICE. The following required properties were missing: [hs_currency]';
    for (const call of [
      invoices.basicApi.create({ properties: { hs_title: 'No currency' }, associations: [] }),
      invoices.batchApi.create({
        inputs: [
          { properties: { hs_currency: 'USD' }, associations: [] },
          { properties: {}, associations: [] },
        ],
      }),
    ]) {
      const body = await expectProblem(call, 'hs_currency', 'REQUIRED_PROPERTY', 'hs_currency is required');
      expect(body.message).toBe(missing);
    }
    await crm.client.crm.properties.coreApi.create('invoices', {
      name: 'stripe_invoice_id',
      label: 'Stripe invoice',
      type: 'string' as never,
      fieldType: 'text' as never,
      groupName: 'invoiceinformation',
      hasUniqueValue: true,
    });
    const upsert = await expectProblem(
      invoices.batchApi.upsert({ inputs: [{ id: 'in_1', idProperty: 'stripe_invoice_id', properties: {} }] }),
      'hs_currency',
      'REQUIRED_PROPERTY',
    );
    expect(upsert.message).toBe(missing);
    expect(sandbox.hubspotState.records(crm.portalId, 'invoices')).toHaveLength(0);
    const created = await invoices.batchApi.upsert({
      inputs: [{ id: 'in_1', idProperty: 'stripe_invoice_id', properties: { hs_currency: 'USD' } }],
    });
    expect(created.results[0]?.properties).toMatchObject({ hs_currency: 'USD', hs_invoice_status: 'draft' });
    await expectProblem(
      invoices.basicApi.update(created.results[0]?.id ?? '', { properties: { hs_currency: '' } }),
      'hs_currency',
      'REQUIRED_PROPERTY',
    );
  },

  'invoice-created-as-draft': async () => {
    const crm = portal();
    await expectProblem(
      draft(crm, { hs_invoice_status: 'open' }),
      'hs_invoice_status',
      'INVALID_INVOICE_STATUS',
    );
    expect((await draft(crm)).properties.hs_invoice_status).toBe('draft');
    expect((await draft(crm, { hs_invoice_status: 'draft' })).properties.hs_invoice_status).toBe('draft');
  },

  'invoice-status-transitions': async () => {
    const crm = portal();
    const refused = async (id: string, to: string) =>
      expectProblem(
        setStatus(crm, id, to),
        'hs_invoice_status',
        'INVALID_INVOICE_STATUS',
        /cannot move from/,
      );
    const fresh = await openable(crm);
    await refused(fresh.id, 'paid');
    await setStatus(crm, fresh.id, 'draft');
    await setStatus(crm, fresh.id, 'open');
    await setStatus(crm, fresh.id, 'open');
    await refused(fresh.id, 'draft');
    const paid = await setStatus(crm, fresh.id, 'paid');
    expect(paid.properties.hs_payment_date).toEqual(expect.any(String));
    for (const to of ['open', 'voided', 'draft']) await refused(fresh.id, to);
    const voidedDraft = await draft(crm);
    await setStatus(crm, voidedDraft.id, 'voided');
    for (const to of ['draft', 'open', 'paid']) await refused(voidedDraft.id, to);
    const voidedOpen = await openable(crm);
    await setStatus(crm, voidedOpen.id, 'open');
    await setStatus(crm, voidedOpen.id, 'voided');
    expect(await statusOf(crm, voidedOpen.id)).toBe('voided');
  },

  'invoice-open-requirements': async () => {
    const crm = portal();
    const invoice = await draft(crm);
    await expectProblem(
      setStatus(crm, invoice.id, 'open'),
      'hs_invoice_status',
      'INVALID_INVOICE_STATUS',
      'The invoice cannot move to open: it needs an associated contact, at least one associated line item.',
    );
    await link(crm, invoice.id, 'contacts', (await contactIn(crm)).id);
    await expectProblem(
      setStatus(crm, invoice.id, 'open'),
      'hs_invoice_status',
      'INVALID_INVOICE_STATUS',
      /line item/,
    );
    await link(crm, invoice.id, 'line_items', (await lineItemIn(crm)).id);
    await link(crm, invoice.id, 'contacts', (await contactIn(crm)).id);
    await expectProblem(
      setStatus(crm, invoice.id, 'open'),
      'hs_invoice_status',
      'INVALID_INVOICE_STATUS',
      /exactly one/,
    );
    const contacts = sandbox.hubspotState.associations(crm.portalId, 'invoices', invoice.id, 'contacts');
    await crm.client.crm.associations.v4.basicApi.archive(
      'invoices',
      invoice.id,
      'contacts',
      contacts[1]?.id ?? '',
    );
    expect((await setStatus(crm, invoice.id, 'open')).properties.hs_invoice_status).toBe('open');
  },

  'invoice-finalized-not-editable': async () => {
    const crm = portal();
    const invoice = await openable(crm);
    await crm.client.crm.commerce.invoices.basicApi.update(invoice.id, {
      properties: { hs_title: 'Editable draft' },
    });
    await setStatus(crm, invoice.id, 'open');
    await expectProblem(
      crm.client.crm.commerce.invoices.basicApi.update(invoice.id, { properties: { hs_title: 'Changed' } }),
      'hs_title',
      'INVOICE_NOT_EDITABLE',
    );
    await crm.client.crm.commerce.invoices.basicApi.update(invoice.id, {
      properties: { hs_title: 'Editable draft', hs_currency: 'USD', hs_invoice_status: 'paid' },
    });
    expect(await statusOf(crm, invoice.id)).toBe('paid');
  },

  'invoice-delete-draft-only': async () => {
    const crm = portal();
    const open = await openable(crm);
    await setStatus(crm, open.id, 'open');
    const removable = await draft(crm);
    const { code, body } = await refusal(
      crm.client.crm.commerce.invoices.batchApi.archive({ inputs: [{ id: removable.id }, { id: open.id }] }),
    );
    expect(code).toBe(400);
    expect(body.message).toBe(`Invoice ${open.id} is open; only draft invoices can be deleted.`);
    expect(sandbox.hubspotState.record(crm.portalId, 'invoices', removable.id)).toBeDefined();
    expect((await refusal(crm.client.crm.commerce.invoices.basicApi.archive(open.id))).code).toBe(400);
    await crm.client.crm.commerce.invoices.basicApi.archive(removable.id);
    expect(sandbox.hubspotState.record(crm.portalId, 'invoices', removable.id)).toBeUndefined();
  },

  'invoice-calculated-amounts': async () => {
    const crm = portal();
    const amounts = [
      'hs_subtotal',
      'hs_amount_billed',
      'hs_amount_paid',
      'hs_balance_due',
      'hs_number',
      'hs_invoice_status',
    ];
    const read = async (id: string) =>
      (await crm.client.crm.commerce.invoices.basicApi.getById(id, amounts)).properties;
    const invoice = await draft(crm);
    expect(invoice.properties).toMatchObject({
      hs_amount_billed: '0',
      hs_balance_due: '0',
      hs_number: 'INV-1001',
    });
    await link(crm, invoice.id, 'contacts', (await contactIn(crm)).id);
    const first = await lineItemIn(crm);
    await link(crm, invoice.id, 'line_items', first.id);
    const second = await crm.client.crm.lineItems.basicApi.create({
      properties: { name: 'Seat', price: '10', quantity: '3' },
      associations: [
        {
          to: { id: invoice.id },
          types: [{ associationCategory: 'HUBSPOT_DEFINED' as never, associationTypeId: 410 }],
        },
      ],
    });
    expect(await read(invoice.id)).toMatchObject({
      hs_subtotal: '128',
      hs_amount_billed: '128',
      hs_amount_paid: '0',
      hs_balance_due: '128',
    });
    await crm.client.crm.lineItems.basicApi.update(second.id, { properties: { quantity: '1' } });
    expect((await read(invoice.id)).hs_amount_billed).toBe('108');
    await setStatus(crm, invoice.id, 'open');
    const paid = await setStatus(crm, invoice.id, 'paid');
    expect(paid.properties).toMatchObject({
      hs_amount_billed: '108',
      hs_amount_paid: '108',
      hs_balance_due: '0',
    });
    expect(paid.properties.hs_payment_date).toEqual(expect.any(String));
    expect((await draft(crm)).properties.hs_number).toBe('INV-1002');
  },

  'read-only-values': async () => {
    const crm = portal();
    const invoice = await draft(crm);
    for (const name of ['hs_amount_billed', 'hs_amount_paid', 'hs_balance_due', 'hs_subtotal'])
      await expectProblem(
        draft(crm, { [name]: '10' }),
        name,
        'READ_ONLY_VALUE',
        `"${name}" is a calculated property; its value cannot be set.`,
      );
    for (const name of ['hs_number', 'hs_invoice_link', 'hs_payment_date', 'hs_lastmodifieddate'])
      await expectProblem(
        crm.client.crm.commerce.invoices.basicApi.update(invoice.id, {
          properties: { [name]: '1767225600000' },
        }),
        name,
        'READ_ONLY_VALUE',
        `"${name}" is a read only property; its value cannot be set.`,
      );
    await expectProblem(
      crm.client.crm.contacts.basicApi.create({
        properties: { email: 'ro@example.com', lastmodifieddate: '1767225600000' },
        associations: [],
      }),
      'lastmodifieddate',
      'READ_ONLY_VALUE',
    );
    const deal = await crm.client.crm.deals.basicApi.create({
      properties: { dealname: 'Id' },
      associations: [],
    });
    await expectProblem(
      crm.client.crm.objects.batchApi.update('deals', {
        inputs: [{ id: deal.id, properties: { hs_object_id: '5' } }],
      }),
      'hs_object_id',
      'READ_ONLY_VALUE',
      '"hs_object_id" is a calculated property; its value cannot be set.',
    );
    const property = (await crm.client.crm.properties.coreApi.getByName(
      'invoices',
      'hs_balance_due',
    )) as unknown as {
      modificationMetadata: { readOnlyValue: boolean };
      calculated: boolean;
    };
    expect(property).toMatchObject({ calculated: true, modificationMetadata: { readOnlyValue: true } });
  },

  'invoice-dates': async () => {
    const crm = portal();
    const before = Date.now();
    const defaulted = await draft(crm);
    expect(Date.parse(defaulted.properties.hs_invoice_date ?? '')).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(defaulted.properties.hs_due_date ?? '')).toBeGreaterThanOrEqual(before - 1000);
    const set = await draft(crm, { hs_invoice_date: '1767225600000', hs_due_date: '2026-01-31T12:30:00Z' });
    expect(set.properties).toMatchObject({
      hs_invoice_date: '2026-01-01T00:00:00.000Z',
      hs_due_date: '2026-01-31T12:30:00.000Z',
    });
    await expectProblem(draft(crm, { hs_due_date: 'next week' }), 'hs_due_date', 'INVALID_DATE');
  },

  'line-item-billing-frequency': async () => {
    const crm = portal();
    for (const frequency of [
      'weekly',
      'biweekly',
      'monthly',
      'quarterly',
      'per_six_months',
      'annually',
      'per_two_years',
      'per_three_years',
      'per_four_years',
      'per_five_years',
    ])
      expect(
        (await lineItemIn(crm, { name: 'x', price: '1', recurringbillingfrequency: frequency })).properties
          .recurringbillingfrequency,
      ).toBe(frequency);
    for (const frequency of ['month', 'Monthly', 'yearly'])
      await expectProblem(
        lineItemIn(crm, { name: 'x', price: '1', recurringbillingfrequency: frequency }),
        'recurringbillingfrequency',
        'INVALID_OPTION',
      );
  },

  'line-item-term': async () => {
    const crm = portal();
    const term = (hs_recurring_billing_period: string, recurringbillingfrequency = 'monthly') =>
      lineItemIn(crm, { name: 'Plan', price: '10', recurringbillingfrequency, hs_recurring_billing_period });
    for (const [period, frequency] of [
      ['P12M', 'monthly'],
      ['P1Y', 'annually'],
      ['P1Y6M', 'quarterly'],
      ['P12W', 'weekly'],
      ['P4W', 'biweekly'],
    ] as const)
      expect((await term(period, frequency)).properties.hs_recurring_billing_period).toBe(period);
    for (const [period, frequency] of [
      ['monthly', 'monthly'],
      ['P0M', 'monthly'],
      ['12', 'monthly'],
      ['P', 'monthly'],
      ['P1M', 'weekly'],
      ['P2W', 'monthly'],
      ['P30D', 'monthly'],
    ] as const)
      await expectProblem(
        term(period, frequency),
        'hs_recurring_billing_period',
        'INVALID_RECURRING_BILLING_DURATION',
      );
  },

  'product-term': async () => {
    const crm = portal();
    const product = (hs_recurring_billing_period: string) =>
      crm.client.crm.products.basicApi.create({
        properties: { name: 'Pro', price: '49', hs_recurring_billing_period },
        associations: [],
      });
    expect((await product('P12M')).properties.hs_recurring_billing_period).toBe('P12M');
    for (const period of ['P1Y', 'P2W', 'P0M', 'monthly'])
      await expectProblem(
        product(period),
        'hs_recurring_billing_period',
        'INVALID_RECURRING_BILLING_DURATION',
      );
  },

  'line-item-start-date': async () => {
    const crm = portal();
    const start = (hs_recurring_billing_start_date: string) =>
      lineItemIn(crm, { name: 'Plan', price: '10', hs_recurring_billing_start_date });
    expect((await start('2026-02-01')).properties.hs_recurring_billing_start_date).toBe('2026-02-01');
    expect((await start('1769904000000')).properties.hs_recurring_billing_start_date).toBe('2026-02-01');
    for (const value of ['1769947200000', '2026-02-01T12:00:00Z', 'tomorrow'])
      await expectProblem(start(value), 'hs_recurring_billing_start_date', 'INVALID_DATE');
  },

  'line-item-price': async () => {
    const crm = portal();
    await expectProblem(lineItemIn(crm, { name: 'Refund', price: '-5' }), 'price', 'INVALID_PRICE');
    expect((await lineItemIn(crm, { name: 'Free', price: '0' })).properties.price).toBe('0');
  },

  'currency-enabled': async () => {
    const crm = portal();
    const expectRefused = (call: Promise<unknown>, name: string, value: string) =>
      expectProblem(
        call,
        name,
        'INVALID_OPTION',
        `"${value}" is not a part of the current effective currency codes for portal ${crm.portalId}`,
      );
    await expectRefused(
      crm.client.crm.deals.basicApi.create({
        properties: { dealname: 'EU', deal_currency_code: 'EUR' },
        associations: [],
      }),
      'deal_currency_code',
      'EUR',
    );
    await expectRefused(
      lineItemIn(crm, { name: 'x', price: '1', hs_line_item_currency_code: 'usd' }),
      'hs_line_item_currency_code',
      'usd',
    );
    await expectRefused(draft(crm, { hs_currency: 'XYZ' }), 'hs_currency', 'XYZ');
    sandbox.hubspotState.enableCurrency(crm.portalId, 'EUR', 1.08);
    expect(sandbox.hubspotState.currencies(crm.portalId)).toEqual(['USD', 'EUR']);
    expect((await draft(crm, { hs_currency: 'EUR' })).properties.hs_currency).toBe('EUR');
    expect(
      (await lineItemIn(crm, { name: 'x', price: '1', hs_line_item_currency_code: 'EUR' })).properties
        .hs_line_item_currency_code,
    ).toBe('EUR');
    await expectRefused(draft(crm, { hs_currency: 'eur' }), 'hs_currency', 'eur');
    sandbox.hubspotState.disableCurrency(crm.portalId, 'EUR');
    await expectRefused(
      crm.client.crm.deals.basicApi.create({
        properties: { dealname: 'EU', deal_currency_code: 'EUR' },
        associations: [],
      }),
      'deal_currency_code',
      'EUR',
    );
  },

  'settings-company-currency': async () => {
    const crm = portal();
    const response = await crm.client.apiRequest({ path: '/settings/v3/currencies/company-currency' });
    expect(response.status).toBe(200);
    expect(await json(response)).toEqual({ id: 'USD', createdAt: expect.any(String) });
    sandbox.hubspotState.setCurrencies(crm.portalId, ['GBP', 'USD']);
    const versioned = await crm.client.apiRequest({ path: '/settings/currencies/2026-03/company-currency' });
    expect(await json(versioned)).toMatchObject({ id: 'GBP' });
    const quotes = portal(['oauth', 'crm.objects.quotes.read']);
    expect(
      (await quotes.client.apiRequest({ path: '/settings/v3/currencies/company-currency' })).status,
    ).toBe(200);
    const none = portal(['oauth', 'crm.objects.contacts.read']);
    const refused = await none.client.apiRequest({ path: '/settings/v3/currencies/company-currency' });
    expect(refused.status).toBe(403);
    expect(await json(refused)).toMatchObject({ category: 'MISSING_SCOPES' });
  },

  'settings-exchange-rates': async () => {
    const crm = portal();
    const current = async () =>
      json<{ results: Record<string, unknown>[] }>(
        await crm.client.apiRequest({ path: '/settings/v3/currencies/exchange-rates/current' }),
      );
    expect(await current()).toEqual({ results: [] });
    sandbox.hubspotState.enableCurrency(crm.portalId, 'EUR', 1.08);
    const { results } = await current();
    expect(results).toEqual([
      expect.objectContaining({ fromCurrencyCode: 'USD', toCurrencyCode: 'USD', conversionRate: 1 }),
      {
        id: expect.any(String),
        fromCurrencyCode: 'EUR',
        toCurrencyCode: 'USD',
        conversionRate: 1.08,
        visibleInUI: true,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
        effectiveAt: expect.any(String),
      },
    ]);
  },

  'settings-add-currency': async () => {
    const crm = portal();
    const post = (client: Client, path: string, body: unknown) =>
      client.apiRequest({ method: 'POST', path: `/settings/v3/currencies${path}`, body });
    const added = await post(crm.client, '/exchange-rates', {
      fromCurrencyCode: 'EUR',
      conversionRate: 1.2345678,
      effectiveAt: '2026-01-01T00:00:00Z',
    });
    expect(added.status).toBe(200);
    expect(await json(added)).toMatchObject({
      fromCurrencyCode: 'EUR',
      toCurrencyCode: 'USD',
      conversionRate: 1.234568,
      effectiveAt: '2026-01-01T00:00:00.000Z',
    });
    const central = await post(crm.client, '/central-fx-rates/add-currency', { currencyCode: 'GBP' });
    expect(await json(central)).toMatchObject({ fromCurrencyCode: 'GBP', toCurrencyCode: 'USD' });
    expect(sandbox.hubspotState.currencies(crm.portalId)).toEqual(['USD', 'EUR', 'GBP']);
    for (const body of [
      { fromCurrencyCode: 'XYZ', conversionRate: 1 },
      { fromCurrencyCode: 'USD', conversionRate: 1 },
      { fromCurrencyCode: 'CHF', conversionRate: 0 },
    ])
      expect(await json(await post(crm.client, '/exchange-rates', body))).toMatchObject({
        category: 'VALIDATION_ERROR',
      });
    const reader = portal(['oauth', 'settings.currencies.read']);
    expect(
      (await post(reader.client, '/exchange-rates', { fromCurrencyCode: 'CHF', conversionRate: 1 })).status,
    ).toBe(403);
    expect(sandbox.hubspotState.currencies(crm.portalId)).toEqual(['USD', 'EUR', 'GBP']);
  },

  'oauth-currencies-scope': async () => {
    const redirectUri = 'http://localhost:3000/hubspot/callback';
    const { id } = sandbox.hubspotState.createPortal({ name: 'Consent' });
    const consent = await fetch(`${sandbox.hubspot.url}/oauth/authorize`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        client_id: sandbox.hubspot.clientId,
        redirect_uri: redirectUri,
        scope: 'oauth crm.objects.deals.read',
        optional_scope: 'settings.currencies.read',
        portal: String(id),
        decision: 'allow',
      }).toString(),
      redirect: 'manual',
    });
    const code = new URL(consent.headers.get('location') ?? '').searchParams.get('code') ?? '';
    const tokens = await new Client({ basePath: sandbox.hubspot.url }).oauth.tokensApi.create(
      'authorization_code',
      code,
      redirectUri,
      sandbox.hubspot.clientId,
      sandbox.hubspot.clientSecret,
    );
    const client = new Client({ accessToken: tokens.accessToken, basePath: sandbox.hubspot.url });
    expect((await client.apiRequest({ path: '/settings/v3/currencies/company-currency' })).status).toBe(200);
  },

  'batch-duplicate-ids': async () => {
    const crm = portal();
    const deal = await crm.client.crm.deals.basicApi.create({
      properties: { dealname: 'Once' },
      associations: [],
    });
    const { code, body } = await refusal(
      crm.client.crm.objects.batchApi.update('deals', {
        inputs: [
          { id: deal.id, properties: { dealname: 'First' } },
          { id: deal.id, properties: { dealname: 'Second' } },
        ],
      }),
    );
    expect(code).toBe(400);
    expect(body).toMatchObject({
      category: 'VALIDATION_ERROR',
      message: `Duplicate IDs found in batch input: [${deal.id}]. IDs must be unique`,
      context: { ids: [deal.id] },
    });
    expect(sandbox.hubspotState.record(crm.portalId, 'deals', deal.id)?.properties.dealname).toBe('Once');
    const upsert = await refusal(
      crm.client.crm.contacts.batchApi.upsert({
        inputs: [
          { id: 'twice@example.com', idProperty: 'email', properties: {} },
          { id: 'TWICE@example.com', idProperty: 'email', properties: {} },
        ],
      }),
    );
    expect(upsert.body.message).toMatch(/^Duplicate IDs found in batch input/);
  },

  'batch-all-or-nothing': async () => {
    const crm = portal();
    const deal = await crm.client.crm.deals.basicApi.create({
      properties: { dealname: 'Kept' },
      associations: [],
    });
    const other = await crm.client.crm.deals.basicApi.create({
      properties: { dealname: 'Other' },
      associations: [],
    });
    await expectProblem(
      crm.client.crm.deals.batchApi.update({
        inputs: [
          { id: deal.id, properties: { dealname: 'Changed' } },
          { id: other.id, properties: { deal_currency_code: 'EUR' } },
        ],
      }),
      'deal_currency_code',
      'INVALID_OPTION',
    );
    expect(sandbox.hubspotState.record(crm.portalId, 'deals', deal.id)?.properties.dealname).toBe('Kept');
    await expectProblem(
      crm.client.crm.contacts.batchApi.upsert({
        inputs: [
          { id: 'good@example.com', idProperty: 'email', properties: { firstname: 'Good' } },
          { id: 'bad@example.com', idProperty: 'email', properties: { lifecyclestage: 'nope' } },
        ],
      }),
      'lifecyclestage',
      'INVALID_OPTION',
    );
    expect(sandbox.hubspotState.records(crm.portalId, 'contacts')).toHaveLength(0);
    const updated = await crm.client.crm.deals.batchApi.update({
      inputs: [
        { id: deal.id, properties: { dealname: 'Changed' } },
        { id: other.id, properties: { dealname: 'Also changed' } },
      ],
    });
    expect(updated.results.map((entry) => entry.properties.dealname).sort()).toEqual([
      'Also changed',
      'Changed',
    ]);
  },

  'search-in-lowercase': async () => {
    const crm = portal();
    await crm.client.crm.contacts.basicApi.create({
      properties: { email: 'Ada@Example.com', firstname: 'Ada' },
      associations: [],
    });
    await crm.client.crm.contacts.basicApi.create({
      properties: { email: 'bob@example.com', firstname: 'Bob' },
      associations: [],
    });
    const search = (operator: FilterOperatorEnum, propertyName: string, values: string[]) =>
      crm.client.crm.contacts.searchApi.doSearch({
        filterGroups: [{ filters: [{ propertyName, operator, values }] }],
        sorts: [],
        properties: ['email'],
        limit: 10,
        after: '0',
      });
    const refused = await refusal(search(FilterOperatorEnum.In, 'firstname', ['Ada']));
    expect(refused).toMatchObject({ code: 400, body: { category: 'VALIDATION_ERROR' } });
    expect((await refusal(search(FilterOperatorEnum.NotIn, 'firstname', ['BOB']))).code).toBe(400);
    expect(
      (await search(FilterOperatorEnum.In, 'firstname', ['ada'])).results.map(
        (entry) => entry.properties.email,
      ),
    ).toEqual(['ada@example.com']);
    expect((await search(FilterOperatorEnum.NotIn, 'firstname', ['ada'])).total).toBe(1);
  },

  'search-rate-limit': async () => {
    const crm = portal();
    const call = (path: string, body?: unknown) =>
      fetch(`${sandbox.hubspot.url}${path}`, {
        method: body ? 'POST' : 'GET',
        headers: { Authorization: `Bearer ${crm.accessToken}`, 'Content-Type': 'application/json' },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
    const search = (body: unknown = { limit: 1 }) => call('/crm/v3/objects/contacts/search', body);
    sandbox.hubspotState.setRateLimits(true);
    try {
      const answers = await Promise.all(Array.from({ length: 6 }, () => search()));
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 200, 200, 200, 200, 429]);
      const refused = answers.find((answer) => answer.status === 429);
      expect(refused?.headers.get('retry-after')).toBe('1');
      expect(refused?.headers.get('x-hubspot-ratelimit-remaining')).toBeNull();
      expect(await refused?.json()).toMatchObject({ errorType: 'RATE_LIMIT', policyName: 'SECONDLY' });
      // The searches took nothing of the 110 requests per 10 seconds.
      const reads = await Promise.all(Array.from({ length: 110 }, () => call('/crm/v3/objects/contacts')));
      expect(reads.filter((answer) => answer.status !== 200)).toEqual([]);
    } finally {
      sandbox.hubspotState.setRateLimits(false);
    }
    expect((await search({ limit: 201 })).status).toBe(400);
    expect((await search({ limit: 200 })).status).toBe(200);
  },

  'contact-email-unique': async () => {
    const crm = portal();
    const contacts = crm.client.crm.contacts;
    const ada = await contactWith(crm, { email: 'ada@example.com' });
    const grace = await contactWith(crm, { email: 'grace@example.com' });
    const taken = {
      code: 409,
      body: { category: 'CONFLICT', message: `Contact already exists. Existing ID: ${ada.id}` },
    };
    expect(
      await refusal(contacts.basicApi.create({ properties: { email: 'Ada@Example.com' }, associations: [] })),
    ).toMatchObject(taken);
    expect(
      await refusal(contacts.basicApi.update(grace.id, { properties: { email: 'ada@example.com' } })),
    ).toMatchObject(taken);
    expect(
      await refusal(
        contacts.batchApi.update({
          inputs: [
            { id: ada.id, properties: { firstname: 'Ada' } },
            { id: grace.id, properties: { email: 'ada@example.com' } },
          ],
        }),
      ),
    ).toMatchObject(taken);
    expect(
      sandbox.hubspotState.record(crm.portalId, 'contacts', ada.id)?.properties.firstname,
    ).toBeUndefined();
    expect(sandbox.hubspotState.record(crm.portalId, 'contacts', grace.id)?.properties.email).toBe(
      'grace@example.com',
    );
  },

  'unique-value-conflict': async () => {
    const crm = portal();
    const contacts = crm.client.crm.contacts;
    await crm.client.crm.properties.coreApi.create('contacts', {
      name: 'stripe_customer',
      label: 'Stripe customer',
      type: 'string' as never,
      fieldType: 'text' as never,
      groupName: 'contactinformation',
      hasUniqueValue: true,
    });
    const first = await contactWith(crm, { email: 'one@example.com', stripe_customer: 'cus_1' });
    const second = await contactWith(crm, { email: 'two@example.com' });
    const conflict = { code: 409, body: { category: 'CONFLICT', context: { existingId: [first.id] } } };
    expect(
      await refusal(
        contacts.basicApi.create({
          properties: { email: 'three@example.com', stripe_customer: 'cus_1' },
          associations: [],
        }),
      ),
    ).toMatchObject(conflict);
    expect(
      await refusal(contacts.basicApi.update(second.id, { properties: { stripe_customer: 'cus_1' } })),
    ).toMatchObject(conflict);
    expect(
      await refusal(
        contacts.batchApi.upsert({
          inputs: [{ id: 'two@example.com', idProperty: 'email', properties: { stripe_customer: 'cus_1' } }],
        }),
      ),
    ).toMatchObject(conflict);
    await contacts.basicApi.archive(first.id);
    const freed = await contacts.basicApi.update(second.id, { properties: { stripe_customer: 'cus_1' } });
    expect(freed.properties.stripe_customer).toBe('cus_1');
  },

  'contacts-merge': async () => {
    const crm = portal();
    const primary = await contactWith(crm, { email: 'lead@example.com', firstname: 'Lead' });
    const secondary = await contactWith(crm, {
      email: 'buyer@example.com',
      firstname: 'Buyer',
      lastname: 'King',
    });
    const deal = await crm.client.crm.deals.basicApi.create({
      properties: { dealname: 'Deal' },
      associations: [],
    });
    await crm.client.crm.associations.v4.basicApi.createDefault('deals', deal.id, 'contacts', secondary.id);
    const merge = (primaryObjectId: string, objectIdToMerge: string) =>
      mergeContacts(crm, primaryObjectId, objectIdToMerge);
    expect((await merge(primary.id, primary.id)).status).toBe(400);
    expect((await merge(primary.id, '999999999')).status).toBe(404);
    const answer = await merge(primary.id, secondary.id);
    expect(answer.status).toBe(200);
    const merged = await json<{ id: string; properties: Record<string, string> }>(answer);
    expect(merged.id).not.toBe(primary.id);
    expect(merged.id).not.toBe(secondary.id);
    expect(merged.properties).toMatchObject({
      email: 'lead@example.com',
      firstname: 'Lead',
      lastname: 'King',
      hs_additional_emails: 'buyer@example.com',
      hs_merged_object_ids: `${primary.id};${secondary.id}`,
    });
    expect(sandbox.hubspotState.records(crm.portalId, 'contacts').map((record) => record.id)).toEqual([
      merged.id,
    ]);
    expect(sandbox.hubspotState.associations(crm.portalId, 'deals', deal.id, 'contacts')).toEqual([
      expect.objectContaining({ id: merged.id }),
    ]);
  },

  'merged-id-reads': async () => {
    const crm = portal();
    const contacts = crm.client.crm.contacts;
    const primary = await contactWith(crm, { email: 'p@example.com' });
    const secondary = await contactWith(crm, { email: 's@example.com' });
    const merged = await json<{ id: string }>(await mergeContacts(crm, primary.id, secondary.id));
    expect((await contacts.basicApi.getById(secondary.id, ['email'])).id).toBe(merged.id);
    const read = await contacts.batchApi.read({
      inputs: [{ id: primary.id }, { id: secondary.id }],
      properties: ['hs_merged_object_ids'],
      propertiesWithHistory: [],
    });
    expect(read.results.map((record) => record.id)).toEqual([merged.id, merged.id]);
    expect(read.results[0]?.properties.hs_merged_object_ids).toBe(`${primary.id};${secondary.id}`);
    const updated = await contacts.basicApi.update(primary.id, { properties: { firstname: 'Ada' } });
    expect(updated.id).toBe(merged.id);
    const page = await contacts.basicApi.getPage(100);
    expect(page.results.map((record) => record.id)).toEqual([merged.id]);
  },

  'oauth-revoke': async () => {
    const crm = portal();
    const revoke = (values: Record<string, string>) =>
      form('/oauth/2026-03/token/revoke', {
        client_id: sandbox.hubspot.clientId,
        client_secret: sandbox.hubspot.clientSecret,
        token_type_hint: 'refresh_token',
        ...values,
      });
    const badClient = await revoke({ token: crm.refreshToken, client_secret: 'wrong' });
    expect(badClient.status).toBe(400);
    expect(await json(badClient)).toMatchObject({
      status: 'error',
      category: 'VALIDATION_ERROR',
      errors: [{ code: 'BAD_CLIENT_SECRET' }],
    });
    const accessToken = await revoke({ token: crm.accessToken });
    expect(await json(accessToken)).toMatchObject({ errors: [{ code: 'BAD_REFRESH_TOKEN' }] });
    const revoked = await revoke({ token: crm.refreshToken });
    expect(revoked.status).toBe(200);
    expect(await revoked.text()).toBe('');
    await expect(crm.client.crm.contacts.basicApi.getPage()).rejects.toMatchObject({ code: 401 });
    const refresh = await form('/oauth/2026-03/token', {
      grant_type: 'refresh_token',
      refresh_token: crm.refreshToken,
      client_id: sandbox.hubspot.clientId,
      client_secret: sandbox.hubspot.clientSecret,
    });
    expect(await json(refresh)).toMatchObject({ errors: [{ code: 'BAD_REFRESH_TOKEN' }] });
    const again = await revoke({ token: crm.refreshToken });
    expect(again.status).toBe(400);
  },

  'company-by-domain': async () => {
    const crm = portal();
    const made = await crm.client.crm.companies.batchApi.create({
      inputs: [
        { properties: { name: 'Acme', domain: 'acme.example' }, associations: [] },
        { properties: { name: 'Acme again', domain: 'acme.example' }, associations: [] },
      ],
    });
    expect(made.results).toHaveLength(2);
    const found = await crm.client.crm.companies.searchApi.doSearch({
      filterGroups: [
        { filters: [{ propertyName: 'domain', operator: FilterOperatorEnum.In, values: ['acme.example'] }] },
      ],
      properties: ['domain', 'name'],
      limit: 100,
    });
    expect(found.results.map((company) => company.properties.name).sort()).toEqual(['Acme', 'Acme again']);
    const readOnly = portal(['crm.objects.contacts.read', 'crm.objects.contacts.write']);
    expect(
      (
        await refusal(
          readOnly.client.crm.companies.basicApi.create({
            properties: { domain: 'b.example' },
            associations: [],
          }),
        )
      ).code,
    ).toBe(403);
  },

  'company-default-associations': async () => {
    const crm = portal();
    const company = await crm.client.crm.companies.basicApi.create({
      properties: { name: 'Beta', domain: 'beta.example' },
      associations: [],
    });
    const contact = await contactIn(crm);
    const deal = await crm.client.crm.deals.basicApi.create({
      properties: { dealname: 'Beta deal' },
      associations: [],
    });
    const v4 = crm.client.crm.associations.v4.batchApi;
    await v4.createDefault('contacts', 'companies', {
      inputs: [{ _from: { id: contact.id }, to: { id: company.id } }],
    });
    await v4.createDefault('deals', 'companies', {
      inputs: [{ _from: { id: deal.id }, to: { id: company.id } }],
    });
    const typesTo = async (toType: string) =>
      (await v4.getPage('companies', toType, { inputs: [{ id: company.id }] })).results[0]?.to ?? [];
    expect((await typesTo('contacts')).map((to) => String(to.toObjectId))).toEqual([contact.id]);
    expect((await typesTo('deals')).map((to) => String(to.toObjectId))).toEqual([deal.id]);
    const contactTypes = (await v4.getPage('contacts', 'companies', { inputs: [{ id: contact.id }] }))
      .results[0]?.to[0]?.associationTypes;
    expect(contactTypes?.map((type) => type.typeId)).toContain(279);
    const unknown = await refusal(
      v4.createDefault('deals', 'companies', {
        inputs: [{ _from: { id: '999999999' }, to: { id: company.id } }],
      }),
    );
    expect(unknown.code).toBe(207);
    expect(JSON.stringify(unknown.body)).toContain('999999999');
  },

  'oauth-v1-revoke': async () => {
    const crm = portal();
    const oauth = new Client({ basePath: sandbox.hubspot.url }).oauth;
    await oauth.refreshTokensApi.archive(crm.refreshToken);
    await expect(crm.client.crm.contacts.basicApi.getPage()).rejects.toMatchObject({ code: 401 });
    await expect(
      oauth.tokensApi.create(
        'refresh_token',
        undefined,
        undefined,
        sandbox.hubspot.clientId,
        sandbox.hubspot.clientSecret,
        crm.refreshToken,
      ),
    ).rejects.toMatchObject({ code: 400, body: { status: 'BAD_REFRESH_TOKEN' } });
  },
  'activity-needs-association': async () => {
    const crm = portal();
    const contact = await crm.client.crm.contacts.basicApi.create({
      properties: { email: 'noted@example.com' },
      associations: [],
    });
    const note = (associations: { to: { id: string }; types: object[] }[]) =>
      crm.client.crm.objects.batchApi.create('notes', {
        inputs: [
          {
            properties: { hs_timestamp: '2026-12-01T10:00:00Z', hs_note_body: 'Payment failed' },
            associations: associations as never,
          },
        ],
      });
    const alone = await refusal(note([]));
    expect(alone.code).toBe(400);
    expect(alone.body.category).toBe('VALIDATION_ERROR');
    const onContact = [
      { to: { id: contact.id }, types: [{ associationCategory: 'HUBSPOT_DEFINED', associationTypeId: 202 }] },
    ];
    const [created] = (await note(onContact)).results;
    const notes = await crm.client.crm.associations.v4.basicApi.getPage('contacts', contact.id, 'notes');
    expect(notes.results.map((each) => String(each.toObjectId))).toEqual([created?.id]);
    const task = await crm.client.crm.objects.batchApi.create('tasks', {
      inputs: [
        {
          properties: { hs_timestamp: '2026-12-01T10:00:00Z', hs_task_subject: 'Call the customer' },
          associations: [
            {
              to: { id: contact.id },
              types: [{ associationCategory: 'HUBSPOT_DEFINED' as never, associationTypeId: 204 }],
            },
          ],
        },
      ],
    });
    expect(task.results).toHaveLength(1);
    const withoutContacts = portal(['crm.objects.deals.read', 'crm.objects.deals.write']);
    expect(
      (await refusal(withoutContacts.client.crm.objects.batchApi.create('notes', { inputs: [] }))).code,
    ).toBe(403);
  },
  'owner-property-options': async () => {
    const crm = portal();
    const owned = await crm.client.crm.deals.basicApi.create({
      properties: { dealname: 'Owned', hubspot_owner_id: '71001' },
      associations: [],
    });
    expect(owned.properties.hubspot_owner_id).toBe('71001');
    await expectProblem(
      crm.client.crm.deals.basicApi.create({
        properties: { dealname: 'Unowned', hubspot_owner_id: '99999' },
        associations: [],
      }),
      'hubspot_owner_id',
      'INVALID_OPTION',
    );
  },
};

describe('HubSpot’s rules, walked through the official SDK', () => {
  it.each(hubspotRules.map((entry) => [entry.id, entry] as const))('%s', async (id, entry: ProviderRule) => {
    expect(entry.provider).toBe('hubspot');
    expect(entry.source).not.toBe('');
    const walk = cases[id];
    if (!walk) throw new Error(`Rule ${id} has no case in hubspot-rules.test.ts`);
    await walk();
  });

  it('has a rule for every case', () => {
    expect(Object.keys(cases).sort()).toEqual(hubspotRules.map((entry) => entry.id).sort());
  });

  it('walks the whole invoice lifecycle: draft → contact and line item → open → paid', async () => {
    const crm = portal();
    const invoice = await openable(crm);
    const open = await setStatus(crm, invoice.id, 'open');
    expect(open.properties).toMatchObject({
      hs_invoice_status: 'open',
      hs_amount_billed: '98',
      hs_balance_due: '98',
    });
    const paid = await setStatus(crm, invoice.id, 'paid');
    expect(paid.properties).toMatchObject({
      hs_invoice_status: 'paid',
      hs_amount_paid: '98',
      hs_balance_due: '0',
    });
  });
});
