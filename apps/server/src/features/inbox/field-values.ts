import type Stripe from 'stripe';
import {
  parseSource,
  type FieldMapping,
  type MappedValue,
  type PipelineMappingRule,
  type RecordWrite,
  type StripeSource,
} from '@billbridge/contract';
import { mapEvent } from './event-types.ts';
import { noProducts, type KnownProducts } from './known-products.ts';
import type { Mapped } from './mapping/map-stripe.ts';
import { majorUnits } from './mapping/money.ts';

type StripeObject = { object?: string; currency?: string | null; metadata?: Record<string, string> | null };
type Sources = Partial<Record<StripeSource, StripeObject>>;

/** A price's product: expanded in the price, or as the sync keeps it (decision 078). */
const productOf = (price: Stripe.Price, products: KnownProducts): StripeObject | undefined =>
  typeof price.product === 'string'
    ? products.get(price.product)
    : ((price.product as StripeObject | null) ?? undefined);

/** Which Stripe objects a record was written from: a deal's price is its first item's. */
const sourcesOf = (
  object: StripeObject,
  record: Pick<RecordWrite, 'objectType' | 'stripeObjectId'>,
  products: KnownProducts,
): Sources => {
  if (object.object === 'customer') return { customer: object };
  if (object.object === 'invoice') return record.objectType === 'invoices' ? { invoice: object } : {};
  if (object.object !== 'subscription') return {};
  const subscription = object as Stripe.Subscription;
  const item =
    record.objectType === 'line_items'
      ? subscription.items.data.find((candidate) => candidate.id === record.stripeObjectId)
      : subscription.items.data[0];
  const product = item && productOf(item.price, products);
  return { subscription: object, ...(item ? { price: item.price } : {}), ...(product ? { product } : {}) };
};

const at = (object: StripeObject, path: string): unknown =>
  path.split('.').reduce<unknown>((value, key) => (value as Record<string, unknown> | null)?.[key], object);

/** One mapped Stripe value as text of its kind, or undefined when Stripe has none. */
const valueOf = (mapping: FieldMapping, sources: Sources): MappedValue | undefined => {
  const parsed = parseSource(mapping.source);
  const object = parsed && sources[parsed.of];
  if (!parsed || !object) return undefined;
  const raw = at(object, parsed.field);
  if (raw === null || raw === undefined || raw === '') return undefined;
  const text = Array.isArray(raw) ? raw.join(';') : String(raw);
  const value = parsed.kind === 'amount' && object.currency ? majorUnits(text, object.currency) : text;
  return { kind: parsed.kind, value, property: mapping.property, source: mapping.source };
};

/**
 * Adds the destination's field-mapped values to the records a Stripe object maps to (`mapped`,
 * converted for the portal's properties by the writer). Amounts leave here in major units of the
 * object's currency (JPY has no minor unit), times in epoch seconds.
 */
export const withFieldValues = (
  mapped: Mapped,
  object: unknown,
  mappings: readonly FieldMapping[],
  /** The products the object's prices name, as kept (`known-products.ts`). */
  products: KnownProducts = noProducts,
): Mapped => {
  if (mappings.length === 0) return mapped;
  return {
    ...mapped,
    records: mapped.records.map((record) => {
      const sources = sourcesOf(object as StripeObject, record, products);
      const values = mappings
        .filter((mapping) => mapping.object === record.objectType)
        .flatMap((mapping) => valueOf(mapping, sources) ?? []);
      return values.length ? { ...record, mapped: values } : record;
    }),
  };
};

/**
 * An event's object as the destination writes it: the records of its type's mapper with the
 * destination's field mappings. The live path, imports and reconciliation all map through here.
 */
export const mapWithFields = (
  type: string,
  object: unknown,
  rules: readonly PipelineMappingRule[],
  mappings: readonly FieldMapping[],
  products: KnownProducts = noProducts,
): Mapped | undefined => {
  const mapped = mapEvent(type, object, rules);
  return mapped && withFieldValues(mapped, object, mappings, products);
};
