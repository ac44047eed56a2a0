import { z } from 'zod';
import { fieldMappingMessages } from './server-messages.ts';

/**
 * Field mappings (issue 34 §1): a Stripe field or metadata key written to a HubSpot property of
 * the record it becomes. The catalogue, the checks and the conversions live here once, for the
 * server (save, sync) and the browser (editor) alike.
 */

/** The HubSpot objects a destination maps fields to (companies join once the sync writes them). */
export const fieldMappingObjects = ['contacts', 'deals', 'line_items', 'invoices'] as const;
export type FieldMappingObject = (typeof fieldMappingObjects)[number];

/** What a Stripe value is, which decides the HubSpot property types it may go to. */
export type ValueKind = 'text' | 'number' | 'amount' | 'time' | 'boolean' | 'metadata';

/**
 * The Stripe objects whose values reach each HubSpot object (the price of a deal is its first
 * item's, the product that price's product: decision 078).
 */
export const sourcesOfObject: Record<FieldMappingObject, readonly StripeSource[]> = {
  contacts: ['customer'],
  deals: ['subscription', 'price', 'product'],
  line_items: ['price', 'product', 'subscription'],
  invoices: ['invoice'],
};

export const stripeSources = ['customer', 'subscription', 'price', 'product', 'invoice'] as const;
export type StripeSource = (typeof stripeSources)[number];

/** The fields of each Stripe object that can be mapped, with their kind (dots reach nested fields). */
export const stripeFields: Record<StripeSource, Readonly<Record<string, Exclude<ValueKind, 'metadata'>>>> = {
  customer: {
    id: 'text',
    name: 'text',
    email: 'text',
    phone: 'text',
    description: 'text',
    currency: 'text',
    created: 'time',
    balance: 'amount',
    delinquent: 'boolean',
    'address.line1': 'text',
    'address.line2': 'text',
    'address.city': 'text',
    'address.state': 'text',
    'address.postal_code': 'text',
    'address.country': 'text',
    preferred_locales: 'text',
    tax_exempt: 'text',
  },
  subscription: {
    id: 'text',
    status: 'text',
    collection_method: 'text',
    currency: 'text',
    created: 'time',
    start_date: 'time',
    trial_start: 'time',
    trial_end: 'time',
    cancel_at: 'time',
    canceled_at: 'time',
    ended_at: 'time',
    cancel_at_period_end: 'boolean',
    days_until_due: 'number',
    description: 'text',
  },
  price: {
    id: 'text',
    nickname: 'text',
    lookup_key: 'text',
    product: 'text',
    currency: 'text',
    unit_amount: 'amount',
    'recurring.interval': 'text',
    'recurring.interval_count': 'number',
    type: 'text',
  },
  product: {
    id: 'text',
    name: 'text',
    description: 'text',
    unit_label: 'text',
    statement_descriptor: 'text',
    url: 'text',
    type: 'text',
    tax_code: 'text',
    active: 'boolean',
    created: 'time',
  },
  invoice: {
    id: 'text',
    number: 'text',
    status: 'text',
    currency: 'text',
    created: 'time',
    due_date: 'time',
    amount_due: 'amount',
    amount_paid: 'amount',
    amount_remaining: 'amount',
    total: 'amount',
    subtotal: 'amount',
    hosted_invoice_url: 'text',
    billing_reason: 'text',
    collection_method: 'text',
  },
};

/**
 * The properties the sync writes itself, per object: mapping over them would fight the product
 * (e-mail, names, stage, amount…), and `billbridge_*` are the product's own.
 */
export const builtInProperties: Record<FieldMappingObject, readonly string[]> = {
  contacts: ['email', 'firstname', 'lastname', 'phone'],
  deals: ['dealname', 'amount', 'deal_currency_code', 'pipeline', 'dealstage', 'closedate'],
  line_items: [
    'hs_sku',
    'name',
    'description',
    'quantity',
    'price',
    'hs_line_item_currency_code',
    'recurringbillingfrequency',
    'hs_recurring_billing_period',
    'hs_recurring_billing_start_date',
    'hs_product_id',
  ],
  invoices: ['hs_currency', 'hs_invoice_date', 'hs_due_date', 'hs_external_invoice_id', 'hs_invoice_status'],
};

export const isBuiltInProperty = (object: FieldMappingObject, property: string): boolean =>
  property.startsWith('billbridge_') || builtInProperties[object].includes(property);

/** Stripe's metadata keys: up to 40 characters, no square brackets. */
const metadataKey = /^[^[\]]{1,40}$/;

export type ParsedSource = { of: StripeSource; field: string; kind: ValueKind };

/**
 * `customer.email`, `price.recurring.interval`, `customer.metadata.region`: the Stripe object, the
 * field (or `metadata.<key>`), and the kind of value it holds. Undefined: not something we map.
 */
export const parseSource = (source: string): ParsedSource | undefined => {
  const dot = source.indexOf('.');
  const of = source.slice(0, dot) as StripeSource;
  const field = source.slice(dot + 1);
  if (dot < 0 || !stripeSources.includes(of)) return undefined;
  if (field.startsWith('metadata.')) {
    return metadataKey.test(field.slice('metadata.'.length)) ? { of, field, kind: 'metadata' } : undefined;
  }
  const kind = stripeFields[of][field];
  return kind ? { of, field, kind } : undefined;
};

export type FieldMappingMessageKey = keyof typeof fieldMappingMessages;

export const maxFieldMappings = 100;

export const fieldMappingSchema = z.object({
  id: z.string().min(1).max(64),
  object: z.enum(fieldMappingObjects),
  /** `<stripe object>.<field>` or `<stripe object>.metadata.<key>`: see `parseSource`. */
  source: z.string().min(3).max(100),
  /** The HubSpot property's internal name. */
  property: z.string().regex(/^[a-z0-9_]{1,100}$/i),
});
export type FieldMapping = z.infer<typeof fieldMappingSchema>;

/** The first problem of a mapping the contract alone can see, as a message key. */
export const fieldMappingProblem = (
  mapping: FieldMapping,
  others: readonly FieldMapping[],
): FieldMappingMessageKey | undefined => {
  const parsed = parseSource(mapping.source);
  if (!parsed) return 'fieldMappingSourceUnknown';
  if (!sourcesOfObject[mapping.object].includes(parsed.of)) return 'fieldMappingSourceNotOfObject';
  if (isBuiltInProperty(mapping.object, mapping.property)) return 'fieldMappingBuiltIn';
  const twice = others.some(
    (other) =>
      other.id !== mapping.id && other.object === mapping.object && other.property === mapping.property,
  );
  return twice ? 'fieldMappingTwice' : undefined;
};

export const fieldMappingsSchema = z
  .array(fieldMappingSchema)
  .max(maxFieldMappings)
  .superRefine((mappings, ctx) => {
    const ids = new Set<string>();
    mappings.forEach((mapping, index) => {
      if (ids.has(mapping.id))
        ctx.addIssue({ code: 'custom', path: [index, 'id'], message: 'Field mapping ids must be unique' });
      ids.add(mapping.id);
      const problem = fieldMappingProblem(mapping, mappings);
      if (problem) ctx.addIssue({ code: 'custom', path: [index], message: fieldMappingMessages[problem] });
    });
  });

/** A portal's property as the editor and the writer see it (HubSpot's properties API, trimmed). */
export const hubspotPropertySchema = z.object({
  name: z.string(),
  label: z.string(),
  /** HubSpot's `type`: string, number, date, datetime, enumeration, bool (others are taken as text). */
  type: z.string(),
  fieldType: z.string(),
  groupName: z.string(),
  options: z.array(z.object({ value: z.string(), label: z.string() })),
  /** Calculated or otherwise read-only: no value can be written. */
  readOnly: z.boolean(),
});
export type HubSpotProperty = z.infer<typeof hubspotPropertySchema>;

/** The kinds of value each HubSpot property type takes (metadata is a string converted at sync time). */
const kindsOfType: Record<string, readonly ValueKind[]> = {
  string: ['text', 'metadata'],
  number: ['number', 'amount', 'metadata'],
  date: ['time'],
  datetime: ['time'],
  bool: ['boolean', 'metadata'],
  enumeration: ['text', 'metadata'],
};

/** Whether a property of this type may receive a value of `kind` (`booleancheckbox` enumerations take booleans). */
export const acceptsKind = (
  property: Pick<HubSpotProperty, 'type' | 'fieldType'>,
  kind: ValueKind,
): boolean =>
  (kindsOfType[property.type] ?? kindsOfType.string ?? []).includes(kind) ||
  (kind === 'boolean' && property.fieldType === 'booleancheckbox');

/** The checks of a saved mapping that need the portal's live properties of its object. */
export const propertyProblem = (
  mapping: FieldMapping,
  properties: readonly HubSpotProperty[],
): FieldMappingMessageKey | undefined => {
  const property = properties.find((candidate) => candidate.name === mapping.property);
  if (!property) return 'fieldMappingPropertyGone';
  if (property.readOnly) return 'fieldMappingReadOnly';
  const parsed = parseSource(mapping.source);
  return parsed && !acceptsKind(property, parsed.kind) ? 'fieldMappingWrongType' : undefined;
};

/** A Stripe value read for a mapping: numbers and amounts as decimal strings, times in epoch seconds. */
export type SourceValue = { kind: ValueKind; value: string };

const millisecondsPerDay = 86_400_000;

/**
 * A value as HubSpot takes it into `property`, or why not. Dates are midnight UTC of the time's UTC
 * day in epoch milliseconds (HubSpot refuses any other time of day), datetimes epoch milliseconds;
 * an enumeration takes only its options (a checkbox several, separated by `;`); metadata, always a
 * string in Stripe, is read as the property's type asks.
 */
export const hubspotValueOf = (
  { kind, value }: SourceValue,
  property: Pick<HubSpotProperty, 'type' | 'fieldType' | 'options'>,
): { value: string } | { problem: 'notANumber' | 'notABoolean' | 'notAnOption' | 'notATime' } => {
  switch (property.type) {
    case 'number':
      return value.trim() !== '' && Number.isFinite(Number(value))
        ? { value: value.trim() }
        : { problem: 'notANumber' };
    case 'bool': {
      const lowered = value.trim().toLowerCase();
      return lowered === 'true' || lowered === 'false' ? { value: lowered } : { problem: 'notABoolean' };
    }
    case 'date':
    case 'datetime': {
      const seconds = Number(value);
      if (kind !== 'time' || !Number.isInteger(seconds)) return { problem: 'notATime' };
      const ms = seconds * 1000;
      return { value: String(property.type === 'date' ? ms - (ms % millisecondsPerDay) : ms) };
    }
    case 'enumeration': {
      const allowed = property.options.map((option) => option.value);
      const chosen = property.fieldType === 'checkbox' ? value.split(';') : [value];
      return chosen.every((one) => allowed.includes(one)) ? { value } : { problem: 'notAnOption' };
    }
    default:
      return { value };
  }
};
