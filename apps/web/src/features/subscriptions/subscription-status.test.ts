import { describe, expect, it } from 'vitest';
import { isKnownStatus, statusColor } from './subscription-status.ts';

describe('statusColor', () => {
  it('colours active green, capped red and past_due yellow', () => {
    expect(statusColor('active')).toBe('green');
    expect(statusColor('capped')).toBe('red');
    expect(statusColor('past_due')).toBe('yellow');
  });

  it('colours every other status grey', () => {
    expect(statusColor('canceled')).toBe('gray');
    expect(statusColor('incomplete')).toBe('gray');
  });
});

describe('isKnownStatus', () => {
  it('knows the statuses the product acts on and nothing else', () => {
    expect(['active', 'capped', 'past_due', 'canceled'].every(isKnownStatus)).toBe(true);
    expect(isKnownStatus('trialing')).toBe(false);
    expect(isKnownStatus('toString')).toBe(false);
  });
});
