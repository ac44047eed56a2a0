import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import type { PipelineMappingRule } from '@billbridge/contract';
import { mapEvent } from '../event-types.ts';
import { mapCustomer, mapInvoice, mapSubscription } from './map-stripe.ts';

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

  it('gives line items HubSpot’s billing frequency, the start date, and a term only for a subscription that ends', () => {
    const renewing = mapSubscription(subscription('active', [{ id: 'price_a', amount: 100 }]), [rule()]);
    expect(renewing.records[1]?.properties).toMatchObject({
      recurringbillingfrequency: 'monthly',
      hs_recurring_billing_start_date: '2023-11-14',
    });
    expect(renewing.records[1]?.properties).not.toHaveProperty('hs_recurring_billing_period');
    const ending = mapSubscription(
      {
        ...subscription('active', [{ id: 'price_a', amount: 100 }]),
        cancel_at: 1_700_000_000 + 365 * 86_400,
      },
      [rule()],
    );
    expect(ending.records[1]?.properties).toMatchObject({ hs_recurring_billing_period: 'P12M' });
  });

  const withPrice = (price: Partial<Stripe.Price>, quantity = 1, extra: Record<string, unknown> = {}) => {
    const base = subscription('active', [{ id: 'price_a', amount: 100 }]);
    const [item] = base.items.data;
    if (item) Object.assign(item, { quantity, price: { ...item.price, ...price } });
    return mapSubscription({ ...base, ...extra } as Stripe.Subscription, [rule()]).records[1]?.properties;
  };
  const every = (interval: string, count: number) =>
    ({ interval, interval_count: count, usage_type: 'licensed' }) as Stripe.Price.Recurring;

  it('writes an interval HubSpot has no frequency for at the nearest one, its price scaled, and says so', () => {
    expect(withPrice({ unit_amount: 2000, recurring: every('month', 2) })).toMatchObject({
      recurringbillingfrequency: 'monthly',
      price: '10',
      description: expect.stringMatching(/^Billed every 2 months/),
    });
    expect(withPrice({ unit_amount: 3000, recurring: every('week', 3) })).toMatchObject({
      recurringbillingfrequency: 'weekly',
      price: '10',
    });
    // 3 seats at 10.00 every 3 weeks: 10.00 a week, which 3 seats do not share exactly.
    expect(withPrice({ unit_amount: 1000, recurring: every('week', 3) }, 3)).toMatchObject({
      quantity: '1',
      price: '10',
    });
    expect(withPrice({ unit_amount: 3000, recurring: every('month', 3) })).toMatchObject({
      recurringbillingfrequency: 'quarterly',
      price: '30',
    });
  });

  it('writes a metered price at quantity 0, so HubSpot counts no revenue for it', () => {
    expect(
      withPrice({ unit_amount: 5, recurring: { ...every('month', 1), usage_type: 'metered' } }),
    ).toMatchObject({
      quantity: '0',
      price: '0.05',
      description: expect.stringMatching(/^Usage-based: 0.05 USD per unit/),
    });
  });

  it('prices a tiered item by its tiers, split over its units when they share it exactly', () => {
    const tiers = [
      { up_to: 5, unit_amount: 1000, flat_amount: null },
      { up_to: null, unit_amount: 800, flat_amount: 333 },
    ] as Stripe.Price.Tier[];
    const tiered = { billing_scheme: 'tiered', tiers, unit_amount: null } as Partial<Stripe.Price>;
    // Volume: all 10 at the second tier, 80.00 + 3.33 flat = 83.33, 8.333 a unit.
    expect(withPrice({ ...tiered, tiers_mode: 'volume' }, 10)).toMatchObject({
      quantity: '10',
      price: '8.333',
    });
    // Graduated: 5 × 10.00 + 2 × 8.00 + 3.33 = 69.33, which 7 units do not share: one unit of it.
    expect(withPrice({ ...tiered, tiers_mode: 'graduated' }, 7)).toMatchObject({
      quantity: '1',
      price: '69.33',
    });
    expect(withPrice({ ...tiered, tiers_mode: 'graduated' }, 4)).toMatchObject({
      quantity: '4',
      price: '10',
    });
  });

  it('gives each unit its share of the coupons as a unit discount, a fixed amount off taken in item order', () => {
    const coupons = {
      discounts: [
        { source: { coupon: { percent_off: 20, amount_off: null } } },
        { source: { coupon: { percent_off: null, amount_off: 1000, currency: 'usd' } } },
      ],
    };
    // 3 × 50.00 = 150.00, − 20 % = 120.00, − 10.00 = 110.00: 40.00 off, which 3 units do not share.
    expect(withPrice({ unit_amount: 5000 }, 3, coupons)).toMatchObject({
      quantity: '1',
      price: '150',
      discount: '40',
    });
    // 4 units share 200.00 − 20 % − 10.00 = 150.00: 12.50 off each.
    expect(withPrice({ unit_amount: 5000 }, 4, coupons)).toMatchObject({
      quantity: '4',
      price: '50',
      discount: '12.5',
    });
    const legacy = { discount: { coupon: { percent_off: 50, amount_off: null } } };
    expect(withPrice({ unit_amount: 5000 }, 1, legacy)).toMatchObject({ price: '50', discount: '25' });
    expect(withPrice({ unit_amount: 5000 }, 1)).not.toHaveProperty('discount');
  });

  it('warns with the reason and writes no deal when no rule has the status', () => {
    const mapped = mapSubscription(subscription('trialing', [{ id: 'price_a', amount: 100 }]), [rule()]);
    expect(mapped.records).toEqual([]);
    expect(mapped.warnings).toEqual(['No mapping rule for status "trialing": no deal was written']);
  });
});

const invoice = (overrides: Record<string, unknown> = {}) =>
  ({
    id: 'in_1',
    number: 'A-1',
    currency: 'eur',
    created: Date.UTC(2026, 10, 24, 15, 30) / 1000,
    due_date: null,
    status: 'paid',
    total: 3998,
    customer: 'cus_1',
    parent: { subscription_details: { subscription: 'sub_1' } },
    lines: {
      has_more: false,
      data: [
        {
          id: 'il_1',
          amount: 3998,
          currency: 'eur',
          description: '2 × Pro (at €19.99 / month)',
          quantity: 2,
          period: { start: Date.UTC(2026, 10, 24) / 1000, end: Date.UTC(2026, 11, 24) / 1000 },
          pricing: { unit_amount_decimal: '1999' },
        },
      ],
    },
    ...overrides,
  }) as unknown as Stripe.Invoice;

describe('mapInvoice', () => {
  it('writes a draft in its currency with its dates and no amounts, to reach the status after', () => {
    const [record] = mapInvoice(invoice()).records;
    expect(record).toMatchObject({ objectType: 'invoices', status: 'paid' });
    expect(record?.properties).toEqual({
      billbridge_stripe_id: 'in_1',
      hs_currency: 'EUR',
      hs_invoice_date: String(Date.UTC(2026, 10, 24, 15, 30)),
      hs_due_date: String(Date.UTC(2026, 10, 24, 15, 30)),
      hs_external_invoice_id: 'in_1',
    });
  });

  it('writes one line item per Stripe line, under the invoice, with quantity, unit price and period', () => {
    const lines = mapInvoice(invoice()).records.filter((record) => record.objectType === 'line_items');
    expect(lines).toEqual([
      {
        objectType: 'line_items',
        idProperty: 'hs_sku',
        id: 'il_1',
        stripeObjectId: 'il_1',
        parent: { objectType: 'invoices', stripeObjectId: 'in_1' },
        properties: {
          hs_sku: 'il_1',
          name: '2 × Pro (at €19.99 / month)',
          description: '2 × Pro (at €19.99 / month) (2026-11-24 – 2026-12-24)',
          quantity: '2',
          price: '19.99',
          hs_line_item_currency_code: 'EUR',
          hs_recurring_billing_start_date: '2026-11-24',
        },
      },
    ]);
  });

  it('converts zero- and three-decimal currencies exactly', () => {
    const yen = mapInvoice(
      invoice({
        currency: 'jpy',
        lines: {
          has_more: false,
          data: [
            {
              id: 'il_2',
              amount: 1500,
              currency: 'jpy',
              quantity: 1,
              period: { start: 1, end: 1 },
              pricing: null,
            },
          ],
        },
      }),
    );
    expect(yen.records[1]?.properties).toMatchObject({ price: '1500', hs_line_item_currency_code: 'JPY' });
    const dinar = mapInvoice(
      invoice({
        currency: 'kwd',
        lines: {
          has_more: false,
          data: [
            {
              id: 'il_3',
              amount: 1001,
              currency: 'kwd',
              quantity: 3,
              period: { start: 1, end: 1 },
              pricing: null,
            },
          ],
        },
      }),
    );
    expect(dinar.records[1]?.properties).toMatchObject({ price: '1.001', quantity: '1' });
  });

  it.each([
    ['draft', 'draft'],
    ['open', 'open'],
    ['paid', 'paid'],
    ['void', 'voided'],
    ['uncollectible', 'open'],
  ])('a Stripe invoice %s is %s in HubSpot', (status, lifecycle) => {
    expect(mapInvoice(invoice({ status })).records[0]?.status).toBe(lifecycle);
  });

  it('says why an uncollectible invoice stays open', () => {
    expect(mapInvoice(invoice({ status: 'uncollectible' })).warnings[0]).toMatch(/no such status/);
  });

  it('is associated with the contact and the deal', () => {
    expect(mapInvoice(invoice()).associations.map((association) => association.to.objectType)).toEqual([
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
