import { describe, expect, it } from 'vitest';
import {
  acceptsKind,
  fieldMappingsSchema,
  hubspotValueOf,
  parseSource,
  propertyProblem,
  type FieldMapping,
  type HubSpotProperty,
} from './field-mappings.ts';
import { fieldMappingMessages } from './server-messages.ts';
import { destinationSettingsSchema } from './destinations.ts';

const mapping = (overrides: Partial<FieldMapping> = {}): FieldMapping => ({
  id: 'm1',
  object: 'contacts',
  source: 'customer.metadata.region',
  property: 'region',
  ...overrides,
});

const property = (overrides: Partial<HubSpotProperty> = {}): HubSpotProperty => ({
  name: 'region',
  label: 'Region',
  type: 'string',
  fieldType: 'text',
  groupName: 'billbridge',
  options: [],
  readOnly: false,
  ...overrides,
});

const messagesOf = (mappings: FieldMapping[]) => {
  const parsed = fieldMappingsSchema.safeParse(mappings);
  return parsed.success ? [] : parsed.error.issues.map((issue) => issue.message);
};

describe('product sources (decision 078)', () => {
  it('maps a product field or metadata key to deals and line items, never to contacts', () => {
    expect(parseSource('product.metadata.plan_tier')).toEqual({
      of: 'product',
      field: 'metadata.plan_tier',
      kind: 'metadata',
    });
    expect(parseSource('product.active')).toEqual({ of: 'product', field: 'active', kind: 'boolean' });
    expect(
      messagesOf([mapping({ object: 'deals', source: 'product.metadata.plan_tier', property: 'tier' })]),
    ).toEqual([]);
    expect(
      messagesOf([mapping({ object: 'line_items', source: 'product.unit_label', property: 'unit' })]),
    ).toEqual([]);
    expect(messagesOf([mapping({ source: 'product.name' })])).toEqual([
      fieldMappingMessages.fieldMappingSourceNotOfObject,
    ]);
  });
});

describe('parseSource', () => {
  it('reads fields with their kind and metadata keys of any Stripe object', () => {
    expect(parseSource('customer.email')).toEqual({ of: 'customer', field: 'email', kind: 'text' });
    expect(parseSource('price.unit_amount')).toEqual({ of: 'price', field: 'unit_amount', kind: 'amount' });
    expect(parseSource('price.metadata.plan_tier')).toEqual({
      of: 'price',
      field: 'metadata.plan_tier',
      kind: 'metadata',
    });
    expect(parseSource('subscription.trial_end')?.kind).toBe('time');
  });

  it('refuses unknown objects, unknown fields and metadata keys Stripe would refuse', () => {
    expect(parseSource('charge.amount')).toBeUndefined();
    expect(parseSource('customer.secret')).toBeUndefined();
    expect(parseSource('customer')).toBeUndefined();
    expect(parseSource('customer.metadata.')).toBeUndefined();
    expect(parseSource(`customer.metadata.${'k'.repeat(41)}`)).toBeUndefined();
  });
});

describe('fieldMappingsSchema', () => {
  it('takes mappings from the objects each HubSpot object is written from', () => {
    expect(
      messagesOf([
        mapping(),
        mapping({ id: 'm2', object: 'deals', source: 'price.metadata.plan_tier', property: 'plan_tier' }),
        mapping({ id: 'm3', object: 'line_items', source: 'price.nickname', property: 'plan' }),
      ]),
    ).toEqual([]);
  });

  it('refuses a source the object is not written from', () => {
    expect(messagesOf([mapping({ source: 'invoice.number' })])).toEqual([
      fieldMappingMessages.fieldMappingSourceNotOfObject,
    ]);
  });

  it('refuses mapping over the built-in and Billbridge properties', () => {
    for (const [object, name] of [
      ['contacts', 'email'],
      ['contacts', 'firstname'],
      ['deals', 'dealstage'],
      ['deals', 'amount'],
      ['deals', 'billbridge_stripe_id'],
    ] as const) {
      const source = object === 'contacts' ? 'customer.name' : 'subscription.status';
      expect(messagesOf([mapping({ object, source, property: name })])).toEqual([
        fieldMappingMessages.fieldMappingBuiltIn,
      ]);
    }
  });

  it('refuses a property mapped twice for one object, not the same name on two objects', () => {
    expect(messagesOf([mapping(), mapping({ id: 'm2', source: 'customer.metadata.zone' })])).toEqual([
      fieldMappingMessages.fieldMappingTwice,
      fieldMappingMessages.fieldMappingTwice,
    ]);
    expect(
      messagesOf([mapping(), mapping({ id: 'm2', object: 'deals', source: 'subscription.metadata.region' })]),
    ).toEqual([]);
  });

  it('refuses an unknown source and repeated ids', () => {
    expect(messagesOf([mapping({ source: 'customer.password' })])).toEqual([
      fieldMappingMessages.fieldMappingSourceUnknown,
    ]);
    expect(
      messagesOf([mapping(), mapping({ property: 'zone' })]).includes('Field mapping ids must be unique'),
    ).toBe(true);
  });

  it('defaults to none in the destination settings, so settings saved before still parse', () => {
    expect(destinationSettingsSchema.parse({ pipeline_mapping_rules: [] }).field_mappings).toEqual([]);
  });
});

describe('types checked before saving', () => {
  it('sends text to strings, numbers and amounts to numbers, times to dates, booleans to checkboxes', () => {
    expect(acceptsKind(property(), 'text')).toBe(true);
    expect(acceptsKind(property({ type: 'number' }), 'amount')).toBe(true);
    expect(acceptsKind(property({ type: 'number' }), 'text')).toBe(false);
    expect(acceptsKind(property({ type: 'date' }), 'time')).toBe(true);
    expect(acceptsKind(property({ type: 'datetime' }), 'number')).toBe(false);
    expect(acceptsKind(property({ type: 'bool', fieldType: 'booleancheckbox' }), 'boolean')).toBe(true);
    expect(acceptsKind(property({ type: 'string' }), 'time')).toBe(false);
    expect(acceptsKind(property({ type: 'enumeration', fieldType: 'booleancheckbox' }), 'boolean')).toBe(
      true,
    );
  });

  it('names a property gone, read only, or of the wrong type', () => {
    expect(propertyProblem(mapping(), [])).toBe('fieldMappingPropertyGone');
    expect(propertyProblem(mapping(), [property({ readOnly: true })])).toBe('fieldMappingReadOnly');
    expect(propertyProblem(mapping({ source: 'customer.created' }), [property({ type: 'number' })])).toBe(
      'fieldMappingWrongType',
    );
    expect(propertyProblem(mapping(), [property()])).toBeUndefined();
  });
});

describe('hubspotValueOf', () => {
  it('writes a date as midnight UTC of its day and a datetime in milliseconds', () => {
    const time = { kind: 'time' as const, value: String(Date.UTC(2026, 10, 27, 17, 30) / 1000) };
    expect(hubspotValueOf(time, property({ type: 'date', fieldType: 'date' }))).toEqual({
      value: String(Date.UTC(2026, 10, 27)),
    });
    expect(hubspotValueOf(time, property({ type: 'datetime', fieldType: 'date' }))).toEqual({
      value: String(Date.UTC(2026, 10, 27, 17, 30)),
    });
  });

  it('reads metadata as the property asks, naming what does not fit', () => {
    const metadata = (value: string) => ({ kind: 'metadata' as const, value });
    expect(hubspotValueOf(metadata('42.5'), property({ type: 'number' }))).toEqual({ value: '42.5' });
    expect(hubspotValueOf(metadata('lots'), property({ type: 'number' }))).toEqual({ problem: 'notANumber' });
    expect(hubspotValueOf(metadata('TRUE'), property({ type: 'bool' }))).toEqual({ value: 'true' });
    expect(hubspotValueOf(metadata('yes'), property({ type: 'bool' }))).toEqual({ problem: 'notABoolean' });
  });

  it('takes only the options of an enumeration', () => {
    const select = property({
      type: 'enumeration',
      fieldType: 'select',
      options: [
        { value: 'emea', label: 'EMEA' },
        { value: 'apac', label: 'APAC' },
      ],
    });
    expect(hubspotValueOf({ kind: 'metadata', value: 'emea' }, select)).toEqual({ value: 'emea' });
    expect(hubspotValueOf({ kind: 'metadata', value: 'mars' }, select)).toEqual({ problem: 'notAnOption' });
    expect(
      hubspotValueOf({ kind: 'metadata', value: 'emea;apac' }, { ...select, fieldType: 'checkbox' }),
    ).toEqual({ value: 'emea;apac' });
  });
});
