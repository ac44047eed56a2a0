import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import type { PipelineMappingRule } from '@billbridge/contract';
import { mapCustomer, mapEvent, mapInvoice, mapSubscription } from './map-stripe.ts';

const rule = (overrides: Partial<PipelineMappingRule> = {}): PipelineMappingRule => ({
  id: 'r1',
  stripe_subscription_status: 'active',
  price_ids: { mode: 'none', ids: [] },
  hubspot_pipeline: 'default',
  hubspot_stage: 'closedwon',
  ...overrides,
});

const subscription = (status: string, prices: { id: string; amount: number; quantity?: number }[]) =>
  ({
    id: 'sub_1',
    object: 'subscription',
    status,
    currency: 'usd',
    customer: 'cus_1',
    start_date: 1_700_000_000,
    items: {
      data: prices.map((price, index) => ({
        id: `si_${index}`,
        quantity: price.quantity ?? 1,
        price: {
          id: price.id,
          unit_amount: price.amount,
          nickname: null,
          product: 'prod_1',
          recurring: { interval: 'month', interval_count: 1 },
        },
      })),
    },
  }) as unknown as Stripe.Subscription;

describe('mapCustomer', () => {
  it('upserts a contact by the lower-cased e-mail with first and last name', () => {
    const mapped = mapCustomer({
      id: 'cus_1',
      email: ' Ada@Example.com ',
      name: 'Ada King Lovelace',
      phone: null,
    } as Stripe.Customer);
    expect(mapped.records).toEqual([
      {
        objectType: 'contacts',
        idProperty: 'email',
        id: 'ada@example.com',
        stripeObjectId: 'cus_1',
        properties: { email: 'ada@example.com', firstname: 'Ada', lastname: 'King Lovelace' },
      },
    ]);
  });

  it('warns and writes nothing for a customer without an e-mail', () => {
    const mapped = mapCustomer({ id: 'cus_2', email: null, name: 'Nobody' } as Stripe.Customer);
    expect(mapped.records).toEqual([]);
    expect(mapped.warnings[0]).toMatch(/no e-mail/);
  });
});

describe('mapSubscription', () => {
  it('writes a deal in the first matching rule’s stage, with line items and associations', () => {
    const rules = [rule({ stripe_subscription_status: 'past_due', hubspot_stage: 'late' }), rule()];
    const mapped = mapSubscription(
      subscription('active', [{ id: 'price_a', amount: 1500, quantity: 2 }]),
      rules,
    );
    const deal = mapped.records.find((record) => record.objectType === 'deals');
    expect(deal?.properties).toMatchObject({
      billbridge_stripe_id: 'sub_1',
      amount: '30',
      deal_currency_code: 'USD',
      pipeline: 'default',
      dealstage: 'closedwon',
    });
    expect(mapped.records.filter((record) => record.objectType === 'line_items')).toHaveLength(1);
    expect(mapped.associations).toEqual([
      {
        from: { objectType: 'deals', stripeObjectId: 'sub_1' },
        to: { objectType: 'contacts', stripeObjectId: 'cus_1' },
      },
    ]);
    expect(mapped.records.find((record) => record.objectType === 'line_items')).toMatchObject({
      idProperty: 'hs_sku',
      properties: { hs_sku: 'si_0', quantity: '2', price: '15' },
      parent: { objectType: 'deals', stripeObjectId: 'sub_1' },
    });
  });

  it.each([
    ['none ignores prices', { mode: 'none' as const, ids: [] }, ['price_x'], true],
    ['any needs one listed id', { mode: 'any' as const, ids: ['price_a', 'price_b'] }, ['price_b'], true],
    ['any fails without one', { mode: 'any' as const, ids: ['price_a'] }, ['price_c'], false],
    [
      'all needs every listed id',
      { mode: 'all' as const, ids: ['price_a', 'price_b'] },
      ['price_a', 'price_b'],
      true,
    ],
    ['all fails with one missing', { mode: 'all' as const, ids: ['price_a', 'price_b'] }, ['price_a'], false],
  ])('price ids: %s', (_label, priceIds, prices, matches) => {
    const mapped = mapSubscription(
      subscription(
        'active',
        prices.map((id) => ({ id, amount: 100 })),
      ),
      [rule({ price_ids: priceIds })],
    );
    expect(mapped.records.some((record) => record.objectType === 'deals')).toBe(matches);
    if (!matches)
      expect(mapped.warnings[0]).toMatch(/No mapping rule for status "active" matches the prices/);
  });

  it('warns with the reason and writes no deal when no rule has the status', () => {
    const mapped = mapSubscription(subscription('trialing', [{ id: 'price_a', amount: 100 }]), [rule()]);
    expect(mapped.records).toEqual([]);
    expect(mapped.warnings).toEqual(['No mapping rule for status "trialing": no deal was written']);
  });
});

describe('mapInvoice', () => {
  it('writes the invoice in major units, associated with the contact and the deal', () => {
    const mapped = mapInvoice({
      id: 'in_1',
      number: 'A-1',
      currency: 'eur',
      created: 1_700_000_000,
      due_date: null,
      status: 'void',
      total: 1999,
      amount_paid: 0,
      amount_remaining: 1999,
      hosted_invoice_url: 'https://pay.example/in_1',
      status_transitions: { paid_at: null },
      customer: 'cus_1',
      parent: { subscription_details: { subscription: 'sub_1' } },
    } as unknown as Stripe.Invoice);
    expect(mapped.records[0]?.properties).toMatchObject({
      hs_number: 'A-1',
      hs_currency: 'EUR',
      hs_amount_billed: '19.99',
      hs_invoice_status: 'voided',
      hs_invoice_date: '1700000000000',
    });
    expect(mapped.associations.map((association) => association.to.objectType)).toEqual([
      'contacts',
      'deals',
    ]);
  });
});

describe('mapEvent', () => {
  it('maps nothing for payments and prices: the invoice carries what was paid', () => {
    expect(mapEvent('payment_intent.succeeded', {}, [])).toBeUndefined();
    expect(mapEvent('price.updated', {}, [])).toBeUndefined();
  });
});
