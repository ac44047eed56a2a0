import {
  importPreviewSampleSize,
  importPreviewUnmappedListed,
  matchMappingRule,
  type DealMove,
  type ImportPreview,
  type PipelineMappingRule,
} from '@billbridge/contract';
import type Stripe from 'stripe';
import type { SourceStripe } from '../../../providers/stripe-client.ts';
import { listStripePage, type ListedObject } from '../backfill/stripe-listing.ts';

export type PreviewKind = 'customers' | 'subscriptions' | 'invoices';

/** What one kind's listing came to: kept small however large the account (counts, not objects). */
export type Tally = {
  count: number;
  /** The first objects listed, for the sample. */
  firsts: ListedObject[];
  /** Customers' e-mails, as the contact is keyed (trimmed, lower case). */
  emails: Set<string>;
  stages: DealMove[];
  unmapped: ImportPreview['unmapped'];
};

const emptyTally = (): Tally => ({
  count: 0,
  firsts: [],
  emails: new Set(),
  stages: [],
  unmapped: { count: 0, subscriptions: [] },
});

const noteCustomer = (tally: Tally, customer: Stripe.Customer) => {
  const email = customer.email?.trim().toLowerCase();
  if (email) tally.emails.add(email);
};

/** The first matching rule decides the deal's stage, as the sync's mapper does (map-stripe.ts). */
const noteSubscription = (
  tally: Tally,
  subscription: Stripe.Subscription,
  rules: readonly PipelineMappingRule[],
) => {
  const priceIds = subscription.items.data.map((item) => item.price.id);
  const match = matchMappingRule(rules, { status: subscription.status, priceIds });
  if (!match.matched) {
    tally.unmapped.count += 1;
    if (tally.unmapped.subscriptions.length < importPreviewUnmappedListed)
      tally.unmapped.subscriptions.push({
        id: subscription.id,
        status: subscription.status,
        reason: match.reason,
      });
    return;
  }
  const { hubspot_pipeline, hubspot_stage } = match.rule;
  const stage = tally.stages.find(
    (move) => move.hubspot_pipeline === hubspot_pipeline && move.hubspot_stage === hubspot_stage,
  );
  if (stage) stage.deals += 1;
  else tally.stages.push({ hubspot_pipeline, hubspot_stage, deals: 1 });
};

/**
 * Lists every object of `kind` with Stripe's largest pages (100, as the import does) and counts it
 * as it streams by: a 100,000-customer account is 1,000 calls, and only the counts, e-mails and
 * the first objects are kept.
 */
export const tallyListing = async (
  stripe: SourceStripe,
  kind: PreviewKind,
  rules: readonly PipelineMappingRule[],
  /** Told of every object listed (the filters' facts). */
  onObject: (kind: PreviewKind, object: ListedObject) => void,
): Promise<Tally> => {
  const tally = emptyTally();
  let after: string | null = null;
  do {
    const page = await listStripePage(stripe, kind, after);
    tally.count += page.objects.length;
    tally.firsts.push(...page.objects.slice(0, importPreviewSampleSize - tally.firsts.length));
    for (const object of page.objects) {
      onObject(kind, object);
      if (kind === 'customers') noteCustomer(tally, object as Stripe.Customer);
      if (kind === 'subscriptions') noteSubscription(tally, object as Stripe.Subscription, rules);
    }
    after = page.hasMore ? (page.objects.at(-1)?.id ?? null) : null;
  } while (after);
  return tally;
};
