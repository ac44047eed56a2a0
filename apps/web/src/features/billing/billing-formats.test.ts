import { describe, expect, it } from 'vitest';
import { formatCardExpiry, formatInvoiceAmount } from './billing-formats.ts';

describe('billing formats', () => {
  it('show an invoice total in minor units as its currency amount', () => {
    expect(formatInvoiceAmount(4900, 'usd', 'en')).toBe('$49.00');
    expect(formatInvoiceAmount(29_950, 'eur', 'en')).toBe('€299.50');
    expect(formatInvoiceAmount(0, 'usd', 'en')).toBe('$0.00');
    expect(formatInvoiceAmount(4900, 'usd', 'zh')).toBe('US$49.00');
  });

  it('show a card expiry as MM/YY', () => {
    expect(formatCardExpiry(4, 2027)).toBe('04/27');
    expect(formatCardExpiry(12, 2030)).toBe('12/30');
    expect(formatCardExpiry(1, 2100)).toBe('01/00');
  });
});
