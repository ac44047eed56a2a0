import { describe, expect, it } from 'vitest';
import type { FieldMapping, PipelineMappingRule } from '@billbridge/contract';
import { billingSubscriptionOf, ruleOf } from '../../testing/fixtures.ts';
import { mapWithFields } from './field-values.ts';

const rules: PipelineMappingRule[] = [ruleOf('active', 'closedwon')];

const mapping = (object: FieldMapping['object'], source: string, property: string): FieldMapping => ({
  id: property,
  object,
  source,
  property,
});

/** A billing subscription in `currency` whose price carries metadata, as Stripe sends it. */
const billing = (currency: string) => {
  const subscription = billingSubscriptionOf('sub_1', 'cus_1', 'active', [
    { id: 'price_1', amount: 1999 },
    { id: 'price_2', amount: 500 },
  ]);
  return {
    ...subscription,
    currency,
    metadata: { region: 'EMEA' },
    items: {
      data: subscription.items.data.map((item, index) => ({
        ...item,
        price: { ...item.price, currency, metadata: { plan_tier: index === 0 ? 'gold' : 'addon' } },
      })),
    },
  };
};

const mappedOf = (type: string, object: unknown, mappings: FieldMapping[], objectType: string) =>
  mapWithFields(type, object, rules, mappings)?.records.filter((record) => record.objectType === objectType);

describe('mapWithFields', () => {
  it('reads a customer field and a metadata key into the contact, a value Stripe lacks left out', () => {
    const customer = {
      id: 'cus_1',
      object: 'customer',
      email: 'ada@example.com',
      name: 'Ada Lovelace',
      created: 1_700_000_000,
      address: { city: 'London', country: null },
      metadata: { region: 'EMEA' },
    };
    const [contact] =
      mappedOf(
        'customer.created',
        customer,
        [
          mapping('contacts', 'customer.metadata.region', 'region'),
          mapping('contacts', 'customer.created', 'customer_since'),
          mapping('contacts', 'customer.address.city', 'city_of_billing'),
          mapping('contacts', 'customer.address.country', 'country_of_billing'),
          mapping('contacts', 'customer.metadata.absent', 'absent'),
        ],
        'contacts',
      ) ?? [];
    expect(contact?.mapped).toEqual([
      { kind: 'metadata', value: 'EMEA', property: 'region', source: 'customer.metadata.region' },
      { kind: 'time', value: '1700000000', property: 'customer_since', source: 'customer.created' },
      { kind: 'text', value: 'London', property: 'city_of_billing', source: 'customer.address.city' },
    ]);
  });

  it('converts amounts with the currency exponent: JPY has no minor unit', () => {
    const mappings = [mapping('deals', 'price.unit_amount', 'list_price')];
    const [usd] = mappedOf('customer.subscription.created', billing('usd'), mappings, 'deals') ?? [];
    const [jpy] = mappedOf('customer.subscription.created', billing('jpy'), mappings, 'deals') ?? [];
    expect(usd?.mapped?.[0]).toMatchObject({ kind: 'amount', value: '19.99' });
    expect(jpy?.mapped?.[0]).toMatchObject({ kind: 'amount', value: '1999' });
  });

  it('gives a deal its first price and each line item its own', () => {
    const mappings = [
      mapping('deals', 'price.metadata.plan_tier', 'plan_tier'),
      mapping('deals', 'subscription.metadata.region', 'region'),
      mapping('line_items', 'price.metadata.plan_tier', 'plan_tier'),
    ];
    const object = billing('usd');
    const [deal] = mappedOf('customer.subscription.updated', object, mappings, 'deals') ?? [];
    expect(deal?.mapped?.map((value) => value.value)).toEqual(['gold', 'EMEA']);
    const items = mappedOf('customer.subscription.updated', object, mappings, 'line_items') ?? [];
    expect(items.map((item) => item.mapped?.[0]?.value)).toEqual(['gold', 'addon']);
  });

  it('reads each price’s product as kept, and nothing of a product it does not know', () => {
    const base = billing('usd');
    const productIds = ['prod_pro', 'prod_unknown'];
    const object = {
      ...base,
      items: {
        data: base.items.data.map((item, index) => ({
          ...item,
          price: { ...item.price, product: productIds[index] },
        })),
      },
    };
    const mappings = [
      mapping('deals', 'product.metadata.plan_tier', 'plan_tier'),
      mapping('line_items', 'product.name', 'product_name'),
    ];
    const products = new Map([
      [
        'prod_pro',
        { id: 'prod_pro', object: 'product' as const, name: 'Pro', metadata: { plan_tier: 'gold' } },
      ],
    ]);
    const mapped = mapWithFields('customer.subscription.updated', object, rules, mappings, products);
    const [deal] = mapped?.records.filter((record) => record.objectType === 'deals') ?? [];
    expect(deal?.mapped).toEqual([
      { kind: 'metadata', value: 'gold', property: 'plan_tier', source: 'product.metadata.plan_tier' },
    ]);
    const items = mapped?.records.filter((record) => record.objectType === 'line_items') ?? [];
    expect(items.map((item) => item.mapped?.[0]?.value)).toEqual(['Pro', undefined]);
  });

  it('leaves the records as the mapper made them when nothing is mapped to their object', () => {
    const object = billing('usd');
    const plain = mapWithFields('customer.subscription.created', object, rules, []);
    const mapped = mapWithFields('customer.subscription.created', object, rules, [
      mapping('contacts', 'customer.metadata.region', 'region'),
    ]);
    expect(mapped).toEqual(plain);
  });
});
