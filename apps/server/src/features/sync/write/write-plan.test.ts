import { describe, expect, it } from 'vitest';
import { lifecycleSteps } from './write-plan.ts';

describe('lifecycleSteps', () => {
  it.each([
    ['draft', 'open', ['open']],
    ['draft', 'paid', ['open', 'paid']],
    ['draft', 'voided', ['voided']],
    ['open', 'paid', ['paid']],
    ['open', 'voided', ['voided']],
    ['paid', 'paid', []],
  ] as const)('%s → %s takes %j', (from, to, steps) => {
    expect(lifecycleSteps(from, to)).toEqual(steps);
  });

  it.each([
    ['paid', 'open'],
    ['paid', 'voided'],
    ['voided', 'open'],
    ['open', 'draft'],
  ] as const)('has no way from %s to %s', (from, to) => {
    expect(lifecycleSteps(from, to)).toBeUndefined();
  });
});
