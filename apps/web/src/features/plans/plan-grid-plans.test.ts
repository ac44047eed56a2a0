import { describe, expect, it } from 'vitest';
import { plans } from '@billbridge/contract';
import { gridPlans, planChoice } from './plan-grid-plans.ts';

describe('the plan grid', () => {
  it('shows the four current plans in order and hides the legacy one', () => {
    expect(gridPlans().map((plan) => plan.id)).toEqual(['free', 'pro', 'business', 'enterprise']);
  });

  it('lets the user pick every plan but enterprise, which links out', () => {
    expect(planChoice(plans.free)).toBe('select');
    expect(planChoice(plans.pro)).toBe('select');
    expect(planChoice(plans.business)).toBe('select');
    expect(planChoice(plans.enterprise)).toBe('external');
  });
});
