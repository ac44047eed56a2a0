import { inArray } from 'drizzle-orm';
import Stripe from 'stripe';
import type { FieldMapping } from '@billbridge/contract';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { source, type SourceRow } from '../../db/schema.ts';
import { sourceStripeClient } from '../../providers/stripe-client.ts';
import { TransientError } from '../../providers/retry.ts';
import { loseRevokedKey } from '../connections/key-source-lost.ts';
import {
  knownProducts,
  knownProductOf,
  noProducts,
  productIdsOf,
  readsProducts,
  rememberMissingProduct,
  rememberProducts,
  type KnownProduct,
  type KnownProducts,
} from '../inbox/known-products.ts';

/** A Stripe object and the source it came from. */
export type SourcedObject = { sourceId: string | null; object: unknown };

/** The product ids each source's billing subscriptions name. */
const wantedOf = (named: readonly SourcedObject[]): Map<string, string[]> => {
  const wanted = new Map<string, string[]>();
  for (const { sourceId, object } of named) {
    const ids = productIdsOf(object);
    if (sourceId && ids.length) wanted.set(sourceId, [...(wanted.get(sourceId) ?? []), ...ids]);
  }
  return wanted;
};

/**
 * One product read from the source's account and kept; one Stripe has not is kept as deleted, so
 * neither is asked for again. A revoked key loses its source (nothing is read); Stripe out of reach
 * is a transient error, as for the customers a round fetches. Kept through the caller's `db`: a
 * round's session (one connection on PGlite) must not wait on a write through another.
 */
const fetchProduct = async (
  context: AppContext,
  db: Db,
  row: SourceRow,
  productId: string,
): Promise<KnownProduct | 'lost' | undefined> => {
  const settings = context.providers.stripe;
  if (!settings || !row.accountId) return 'lost';
  const { stripe, options } = sourceStripeClient(settings, context.secretBox, row);
  try {
    const product = await stripe.products.retrieve(productId, {}, options);
    await rememberProducts(db, row.id, [product]);
    return knownProductOf(product);
  } catch (error) {
    if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) {
      await rememberMissingProduct(db, row.id, productId);
      return undefined;
    }
    if (await loseRevokedKey(context, row, error)) return 'lost';
    throw new TransientError(`Stripe is unavailable: ${(error as Error).message}`);
  }
};

/**
 * The products that the billing subscriptions among `named` name, for mappings that read products
 * (decision 078): as kept, and those never seen read once from Stripe and kept from then on.
 */
export const productsNamedBy = async (
  context: AppContext,
  db: Db,
  named: readonly SourcedObject[],
  mappings: readonly FieldMapping[],
): Promise<KnownProducts> => {
  if (!readsProducts(mappings)) return noProducts;
  const { known, missing } = await knownProducts(db, wantedOf(named));
  if (missing.size === 0) return known;
  const rows = await db
    .select()
    .from(source)
    .where(inArray(source.id, [...missing.keys()]));
  for (const row of rows) {
    for (const productId of missing.get(row.id) ?? []) {
      const product = await fetchProduct(context, db, row, productId);
      if (product === 'lost') break;
      if (product) known.set(productId, product);
    }
  }
  return known;
};
