import { activityReasons, type SourceFilters } from '@billbridge/contract';

/** Stripe's subscription statuses that still bill (https://docs.stripe.com/api/subscriptions/object#subscription_object-status). */
export const liveStatuses = new Set(['active', 'trialing', 'past_due']);

/** What the stored events tell of one customer, as the filters ask it. */
export type CustomerFacts = {
  /** Already written to a destination: its later changes follow, whatever the filters. */
  linked: boolean;
  testClock: boolean;
  paid: boolean;
  liveSubscription: boolean;
  /** The newest stored state's metadata; null when no customer event is stored. */
  metadata: Record<string, string> | null;
};

/** The first filter a customer fails, as its activity reason; null: it passes them all. */
export const filteredReason = (filters: SourceFilters, facts: CustomerFacts): string | null => {
  if (filters.exclude_test_clocks && facts.testClock) return activityReasons.filteredTestClock;
  if (facts.linked) return null;
  if (filters.live_subscription && !facts.liveSubscription) return activityReasons.filteredNoLiveSubscription;
  if (filters.has_paid && !facts.paid) return activityReasons.filteredNeverPaid;
  const wanted = filters.metadata;
  if (wanted && facts.metadata?.[wanted.key] !== wanted.value) return activityReasons.filteredMetadata;
  return null;
};
