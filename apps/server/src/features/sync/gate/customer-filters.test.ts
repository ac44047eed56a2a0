import { describe, expect, it } from 'vitest';
import { activityReasons, type SourceFilters } from '@billbridge/contract';
import { eventRowOf } from '../../../testing/event-rows.ts';
import { filteredReason, type CustomerFacts } from '../../inbox/customer-filter-rule.ts';
import { customerOfEvent } from './customer-filters.ts';

const none: SourceFilters = {
  live_subscription: false,
  has_paid: false,
  metadata: null,
  exclude_test_clocks: false,
};
const facts = (over: Partial<CustomerFacts> = {}): CustomerFacts => ({
  linked: false,
  testClock: false,
  paid: false,
  liveSubscription: false,
  metadata: null,
  ...over,
});

describe('filteredReason', () => {
  it('lets every customer through when no filter is set', () => {
    expect(filteredReason(none, facts())).toBeNull();
  });

  it('names the first filter a customer fails', () => {
    const all = {
      ...none,
      live_subscription: true,
      has_paid: true,
      metadata: { key: 'tier', value: 'gold' },
    };
    expect(filteredReason(all, facts())).toBe(activityReasons.filteredNoLiveSubscription);
    expect(filteredReason(all, facts({ liveSubscription: true }))).toBe(activityReasons.filteredNeverPaid);
    expect(
      filteredReason(all, facts({ liveSubscription: true, paid: true, metadata: { tier: 'silver' } })),
    ).toBe(activityReasons.filteredMetadata);
    expect(
      filteredReason(all, facts({ liveSubscription: true, paid: true, metadata: { tier: 'gold' } })),
    ).toBeNull();
  });

  it('keeps updating a customer already written, except one of a test clock', () => {
    const paidOnly = { ...none, has_paid: true, exclude_test_clocks: true };
    expect(filteredReason(paidOnly, facts({ linked: true }))).toBeNull();
    expect(filteredReason(paidOnly, facts({ linked: true, testClock: true }))).toBe(
      activityReasons.filteredTestClock,
    );
  });
});

const row = (type: string, object: Record<string, unknown>) => eventRowOf(type, object, 1_700_000_000);

describe('customerOfEvent', () => {
  it('reads the customer of a customer event, of an object naming one, and none for a product', () => {
    expect(customerOfEvent(row('customer.updated', { id: 'cus_1', object: 'customer' }))).toBe('cus_1');
    expect(customerOfEvent(row('invoice.paid', { id: 'in_1', customer: 'cus_2' }))).toBe('cus_2');
    expect(customerOfEvent(row('charge.succeeded', { id: 'ch_1', customer: { id: 'cus_3' } }))).toBe('cus_3');
    expect(customerOfEvent(row('product.created', { id: 'prod_1' }))).toBeNull();
  });
});
