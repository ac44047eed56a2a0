import type { ImportPreview, SourceFilters } from '@billbridge/contract';
import type Stripe from 'stripe';
import { filtersAreSet } from '../../inbox/source-settings.ts';
import { filteredReason, liveStatuses, type CustomerFacts } from '../../inbox/customer-filter-rule.ts';
import type { ListedObject } from '../backfill/stripe-listing.ts';
import type { PreviewKind } from './preview-tally.ts';

type Counts = ImportPreview['counts'];

/** One customer as the listings tell it: its facts for the filters, and how many objects hang off it. */
type Entry = { facts: CustomerFacts; listed: boolean; subscriptions: number; invoices: number };

/**
 * What the preview's listings tell of each customer, as the source's filters ask it (decision 069):
 * small per customer (the metadata filter's one key, not all metadata), so a large account fits.
 * "Paid" is read from paid invoices: a customer who only paid by a one-off charge counts as unpaid
 * here, though the live gate would let it through.
 */
export const customerBook = (filters: SourceFilters) => {
  const entries = new Map<string, Entry>();
  const entryOf = (id: string): Entry => {
    const known = entries.get(id);
    if (known) return known;
    const facts: CustomerFacts = {
      linked: false,
      testClock: false,
      paid: false,
      liveSubscription: false,
      metadata: null,
    };
    const entry = { facts, listed: false, subscriptions: 0, invoices: 0 };
    entries.set(id, entry);
    return entry;
  };

  const note = (kind: PreviewKind, object: ListedObject) => {
    if (kind === 'customers') {
      const customer = object as Stripe.Customer;
      const entry = entryOf(customer.id);
      const key = filters.metadata?.key;
      entry.listed = true;
      entry.facts.testClock = Boolean(customer.test_clock);
      entry.facts.metadata =
        key && customer.metadata[key] !== undefined ? { [key]: customer.metadata[key] } : {};
      return;
    }
    const owner = (object as Stripe.Subscription | Stripe.Invoice).customer;
    const id = typeof owner === 'string' ? owner : owner?.id;
    if (!id) return;
    const entry = entryOf(id);
    if (kind === 'subscriptions') {
      entry.subscriptions += 1;
      if (liveStatuses.has((object as Stripe.Subscription).status)) entry.facts.liveSubscription = true;
      return;
    }
    entry.invoices += 1;
    const invoice = object as Stripe.Invoice;
    if (invoice.status === 'paid' && invoice.amount_paid > 0) entry.facts.paid = true;
  };

  /** What the filters let through: customers that pass, with their billing subscriptions and invoices. */
  const passing = (counts: Counts): Counts => {
    if (!filtersAreSet(filters)) return counts;
    const through = { customers: 0, subscriptions: 0, invoices: 0 };
    for (const { facts, listed, subscriptions, invoices } of entries.values()) {
      if (filteredReason(filters, facts) !== null) continue;
      if (listed) through.customers += 1;
      through.subscriptions += subscriptions;
      through.invoices += invoices;
    }
    return through;
  };

  return { note, passing };
};
