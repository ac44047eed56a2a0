import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { billingSubscriptionOf, ruleOf } from '../../testing/fixtures.ts';
import { movesToApi, stageMovesOf } from './stage-moves.ts';

const subscription = (id: string, status: string, price = 'price_basic') =>
  billingSubscriptionOf(id, 'cus_1', status, [{ id: price, amount: 1000 }]) as unknown as Stripe.Subscription;

describe('stageMovesOf', () => {
  const premium = ruleOf('active', 'contractsent', { mode: 'any', ids: ['price_premium'] });
  const active = ruleOf('active', 'closedwon');
  const canceled = ruleOf('canceled', 'closedlost');
  const rules = [premium, active, canceled];

  it('counts the first matching rule of each billing subscription and those no rule matches', () => {
    const moves = stageMovesOf(
      [
        subscription('sub_a', 'active', 'price_premium'),
        subscription('sub_b', 'active'),
        subscription('sub_c', 'past_due'),
      ],
      rules,
      new Map(),
    );
    expect([...moves.matches]).toEqual([
      [premium.id, 1],
      [active.id, 1],
      [canceled.id, 0],
    ]);
    expect(moves.unmatched).toBe(1);
  });

  it('moves only deals whose pipeline or stage differs from where they stand, grouped by stage', () => {
    const stored = new Map([
      ['sub_a', { pipeline: 'default', stage: 'closedwon' }],
      ['sub_b', { pipeline: 'default', stage: 'closedwon' }],
      ['sub_d', { pipeline: 'default', stage: 'closedwon' }],
    ]);
    const moves = stageMovesOf(
      [
        subscription('sub_a', 'active', 'price_premium'),
        subscription('sub_b', 'active'),
        subscription('sub_c', 'canceled'),
        subscription('sub_d', 'canceled'),
      ],
      rules,
      stored,
    );
    expect(movesToApi(moves)).toEqual([
      { hubspot_pipeline: 'default', hubspot_stage: 'contractsent', deals: 1 },
      { hubspot_pipeline: 'default', hubspot_stage: 'closedlost', deals: 2 },
    ]);
  });
});
