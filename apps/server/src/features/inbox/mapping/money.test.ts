import { describe, expect, it } from 'vitest';
import { majorUnits } from './money.ts';

describe('majorUnits', () => {
  it.each([
    [1999, 'usd', '19.99'],
    [1000, 'eur', '10'],
    [5, 'usd', '0.05'],
    [0, 'usd', '0'],
    [-250, 'gbp', '-2.5'],
    [1999, 'jpy', '1999'],
    [500, 'KRW', '500'],
    [12345, 'kwd', '12.345'],
    [10, 'bhd', '0.01'],
    ['1999.5', 'usd', '19.995'],
    ['0.25', 'usd', '0.0025'],
    [9_007_199_254_740_993n.toString(), 'usd', '90071992547409.93'],
    [null, 'usd', '0'],
  ])('%s %s → %s', (minor, currency, major) => {
    expect(majorUnits(minor, currency)).toBe(major);
  });

  it('refuses what is not an amount', () => {
    expect(() => majorUnits('n/a', 'usd')).toThrow(/Not an amount/);
  });
});
