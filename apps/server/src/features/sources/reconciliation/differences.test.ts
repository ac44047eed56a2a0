import { describe, expect, it } from 'vitest';
import { billingSubscriptionOf, ruleOf } from '../../../testing/fixtures.ts';
import { differsFromApplied } from './differences.ts';

const rules = [ruleOf('active', 'closedwon'), ruleOf('canceled', 'closedlost')];
const type = 'customer.subscription.reconciled';

describe('differsFromApplied', () => {
  it('finds no difference when Stripe’s object writes what the applied event wrote', () => {
    const applied = {
      type: 'customer.subscription.created',
      object: billingSubscriptionOf('sub_1', 'cus_1'),
    };
    const listed = { ...billingSubscriptionOf('sub_1', 'cus_1'), latest_invoice: 'in_1' };
    expect(differsFromApplied(type, listed, applied, rules)).toBe(false);
  });

  it('finds a status HubSpot never heard of, and an object it never got', () => {
    const applied = {
      type: 'customer.subscription.updated',
      object: billingSubscriptionOf('sub_1', 'cus_1'),
    };
    const canceled = billingSubscriptionOf('sub_1', 'cus_1', 'canceled');
    expect(differsFromApplied(type, canceled, applied, rules)).toBe(true);
    expect(differsFromApplied(type, canceled, undefined, rules)).toBe(true);
  });

  it('leaves alone what writes nothing, and a change of rules alone', () => {
    const pastDue = billingSubscriptionOf('sub_1', 'cus_1', 'past_due');
    expect(differsFromApplied(type, pastDue, undefined, rules)).toBe(false);
    const applied = {
      type: 'customer.subscription.created',
      object: billingSubscriptionOf('sub_1', 'cus_1'),
    };
    const otherRules = [ruleOf('active', 'contractsent')];
    expect(differsFromApplied(type, billingSubscriptionOf('sub_1', 'cus_1'), applied, otherRules)).toBe(
      false,
    );
  });
});
