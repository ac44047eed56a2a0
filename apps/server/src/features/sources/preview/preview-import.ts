import {
  backfillMessages,
  importPreviewSampleSize,
  keyedError,
  type ImportPreview,
} from '@billbridge/contract';
import { destination } from '../../../db/schema.ts';
import { implement } from '../../../functions/framework.ts';
import { sourceStripeClient } from '../../../providers/stripe-client.ts';
import { destinationCrm } from '../../destinations/destination-crm.ts';
import { fieldMappingsOf, rulesOf, syncingDestinationsOf } from '../../destinations/destination-store.ts';
import { loadSource } from '../source-store.ts';
import { existingContacts } from './existing-contacts.ts';
import { tallyListing, type PreviewKind } from './preview-tally.ts';
import type { ListedObject } from '../backfill/stripe-listing.ts';
import { sampleAsWritten } from './preview-sample.ts';
import { customerBook } from './preview-filters.ts';
import { filtersOf } from '../../inbox/source-settings.ts';
import { productsNamedBy } from '../stripe-products.ts';

/**
 * What the first import would do (issue 34 §3, decision 070), writing nothing: each kind listed
 * with Stripe's largest pages and counted as it streams by, the customers' e-mails looked up in the
 * portal (batch reads, budgeted as the writer's calls), what the source's filters let through, and a
 * sample mapped by the sync's own code.
 */
export const previewImport = implement('previewImport', async ({ subscriptionId, sourceId }, { app }) => {
  const { db } = app.database;
  const row = await loadSource(db, subscriptionId, sourceId);
  const settings = app.providers.stripe;
  if (!row.accountId || !settings)
    throw keyedError('failed-precondition', backfillMessages, 'needsSyncingSource');
  const [target] = await db.select().from(destination).where(syncingDestinationsOf(subscriptionId)).limit(1);
  if (!target) throw keyedError('failed-precondition', backfillMessages, 'previewNeedsDestination');
  const rules = rulesOf(target);
  const stripe = sourceStripeClient(settings, app.secretBox, row);
  // One kind after the other: the source's Stripe rate limit is shared with its live sync.
  const book = customerBook(filtersOf(row.settings));
  const customers = await tallyListing(stripe, 'customers', rules, book.note);
  const subscriptions = await tallyListing(stripe, 'subscriptions', rules, book.note);
  const invoices = await tallyListing(stripe, 'invoices', rules, book.note);
  const crm = destinationCrm(app, target);
  const counts = { customers: customers.count, subscriptions: subscriptions.count, invoices: invoices.count };
  const firsts = new Map<PreviewKind, ListedObject[]>([
    ['customers', customers.firsts],
    ['subscriptions', subscriptions.firsts],
    ['invoices', invoices.firsts],
  ]);
  const mappings = fieldMappingsOf(target);
  const named = subscriptions.firsts.map((object) => ({ sourceId: row.id, object }));
  const products = await productsNamedBy(app, db, named, mappings);
  const preview: ImportPreview = {
    counts,
    passing: book.passing(counts),
    contacts: {
      with_email: customers.emails.size,
      existing: await existingContacts(crm, [...customers.emails]),
    },
    stages: subscriptions.stages,
    unmapped: subscriptions.unmapped,
    sample: await sampleAsWritten({ db, crm, target }, firsts, {
      rules,
      mappings,
      products,
      size: importPreviewSampleSize,
    }),
  };
  return { preview };
});
