import { describe, expect, it } from 'vitest';
import { AppError } from '@billbridge/contract';
import { paymentMessageOf } from './payment-error.ts';

describe('payment messages (spec §8)', () => {
  it("show the server's or the provider's message", () => {
    expect(paymentMessageOf(new AppError('failed-precondition', 'Your card was declined.'), 'x')).toBe(
      'Your card was declined.',
    );
    expect(paymentMessageOf({ type: 'card_error', message: 'Your card number is incorrect.' }, 'x')).toBe(
      'Your card number is incorrect.',
    );
  });

  it('fall back when the failure says nothing about the payment', () => {
    expect(paymentMessageOf(new AppError('unavailable', 'Failed to fetch'), 'Fallback')).toBe('Fallback');
    expect(paymentMessageOf({ type: 'api_error' }, 'Fallback')).toBe('Fallback');
    expect(paymentMessageOf(undefined, 'Fallback')).toBe('Fallback');
  });
});
