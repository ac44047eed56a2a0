import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import { stripeFields, type FieldMapping } from '@billbridge/contract';
import type { Db } from '../../db/client.ts';
import { source, stripeProduct } from '../../db/schema.ts';

/**
 * What the sync keeps of a Stripe product (decision 078): the fields a mapping can name and its
 * metadata. The mapper reads it as a subscription price's `product`.
 */
export type KnownProduct = Record<string, unknown> & {
  id: string;
  object: 'product';
  metadata: Record<string, string>;
};

/** Known products by id (product ids are Stripe's own, unique across accounts). */
export type KnownProducts = ReadonlyMap<string, KnownProduct>;

export const noProducts: KnownProducts = new Map();

/** The top-level fields a mapping can read of a product. */
const keptFields = [...new Set(Object.keys(stripeFields.product).map((field) => field.split('.')[0] ?? ''))];

export const knownProductOf = (product: Stripe.Product): KnownProduct => ({
  ...Object.fromEntries(
    keptFields.map((field) => [field, (product as unknown as Record<string, unknown>)[field]]),
  ),
  id: product.id,
  object: 'product',
  metadata: product.metadata,
});

/** Whether any mapping reads a product: only then does a round look products up. */
export const readsProducts = (mappings: readonly FieldMapping[]): boolean =>
  mappings.some((mapping) => mapping.source.startsWith('product.'));

/** The product ids a billing subscription's items name by id (an expanded product carries itself). */
export const productIdsOf = (object: unknown): string[] => {
  const subscription = object as Partial<Stripe.Subscription> | null;
  if (subscription?.object !== 'subscription') return [];
  return (subscription.items?.data ?? []).flatMap((item) =>
    typeof item.price?.product === 'string' ? [item.price.product] : [],
  );
};

/**
 * Keeps products of a source; a state older than the one kept (Stripe's `updated`) changes nothing,
 * and a deleted product stays deleted.
 */
export const rememberProducts = async (
  db: Db,
  sourceId: string,
  products: readonly Stripe.Product[],
  { deleted = false }: { deleted?: boolean } = {},
): Promise<void> => {
  if (products.length === 0) return;
  await db
    .insert(stripeProduct)
    .values(
      products.map((product) => ({
        sourceId,
        productId: product.id,
        fields: knownProductOf(product),
        stripeUpdated: product.updated ?? product.created ?? 0,
        deleted,
      })),
    )
    .onConflictDoUpdate({
      target: [stripeProduct.sourceId, stripeProduct.productId],
      set: {
        fields: sql`excluded.fields`,
        stripeUpdated: sql`excluded.stripe_updated`,
        deleted: sql`excluded.deleted`,
        updatedAt: sql`now()`,
      },
      setWhere: sql`not ${stripeProduct.deleted} and (excluded.deleted or excluded.stripe_updated >= ${stripeProduct.stripeUpdated})`,
    });
};

/** A product webhook, as the ingest stored it for the source of `accountId`. */
export const rememberProductEvent = async (db: Db, accountId: string, event: Stripe.Event): Promise<void> => {
  if (!event.type.startsWith('product.') || event.data.object.object !== 'product') return;
  const [from] = await db.select({ id: source.id }).from(source).where(eq(source.accountId, accountId));
  if (!from) return;
  await rememberProducts(db, from.id, [event.data.object], { deleted: event.type === 'product.deleted' });
};

/** A product Stripe does not have: remembered so that it is not asked for again. */
export const rememberMissingProduct = (db: Db, sourceId: string, productId: string): Promise<void> =>
  rememberProducts(
    db,
    sourceId,
    [{ id: productId, object: 'product', metadata: {}, updated: 0 } as unknown as Stripe.Product],
    { deleted: true },
  );

/**
 * The kept products among `wanted` (product ids per source), and those not kept at all. A deleted
 * product is known, without values: a mapping reads nothing of it.
 */
export const knownProducts = async (
  db: Db,
  wanted: ReadonlyMap<string, readonly string[]>,
): Promise<{ known: Map<string, KnownProduct>; missing: Map<string, string[]> }> => {
  const conditions = [...wanted].flatMap(([sourceId, ids]) =>
    ids.length ? [and(eq(stripeProduct.sourceId, sourceId), inArray(stripeProduct.productId, [...ids]))] : [],
  );
  const rows = conditions.length
    ? await db
        .select()
        .from(stripeProduct)
        .where(or(...conditions))
    : [];
  const known = new Map<string, KnownProduct>();
  const kept = new Set<string>();
  for (const row of rows) {
    kept.add(`${row.sourceId} ${row.productId}`);
    if (!row.deleted) known.set(row.productId, row.fields as KnownProduct);
  }
  const missing = new Map<string, string[]>();
  for (const [sourceId, ids] of wanted) {
    const absent = [...new Set(ids)].filter((id) => !kept.has(`${sourceId} ${id}`));
    if (absent.length) missing.set(sourceId, absent);
  }
  return { known, missing };
};
