import { describe, expect, it } from 'vitest';
import { formatAmount, formatDay, noteTextOf, paymentEngagementOf } from './map-payment.ts';

const origin = { stripeEventId: 'evt_1', occurredAt: 1_764_000_000 };

describe('The note a payment event becomes', () => {
  it('writes amounts in their own currency, zero-decimal ones without cents', () => {
    expect(formatAmount(4900, 'usd')).toBe('$49.00');
    expect(formatAmount(1999, 'jpy')).toBe('¥1,999');
    expect(formatAmount(1250, 'eur')).toBe('€12.50');
  });

  it('writes days with the month in words, in UTC', () => {
    expect(formatDay(Date.UTC(2026, 11, 3, 23, 30) / 1000)).toBe('3 Dec 2026');
    expect(formatDay(Date.UTC(2026, 11, 3) / 1000, false)).toBe('3 Dec');
  });

  it('says a failed charge failed, with the decline reason Stripe gives', () => {
    const note = paymentEngagementOf(
      'charge.failed',
      {
        id: 'ch_1',
        amount: 4900,
        currency: 'usd',
        customer: 'cus_1',
        failure_code: 'card_declined',
        failure_message: 'Your card was declined.',
        outcome: { reason: 'insufficient_funds' },
      },
      origin,
    );
    expect(note && noteTextOf(note)).toBe(
      'Payment of $49.00 (charge ch_1) failed. Reason: Your card was declined. (insufficient funds).',
    );
    expect(note).toMatchObject({ customerId: 'cus_1', taskSubject: 'Payment of $49.00 failed' });
  });

  it('leaves a charge of an invoice to the invoice event, and other events to what they write', () => {
    expect(
      paymentEngagementOf(
        'charge.failed',
        { id: 'ch_2', amount: 1, currency: 'usd', invoice: 'in_1' },
        origin,
      ),
    ).toBeUndefined();
    expect(paymentEngagementOf('charge.succeeded', { id: 'ch_3' }, origin)).toBeUndefined();
  });

  it('says a failed invoice payment will not be retried when Stripe stops', () => {
    const note = paymentEngagementOf(
      'invoice.payment_failed',
      {
        id: 'in_1',
        number: 'INV-1',
        amount_remaining: 4900,
        total: 4900,
        currency: 'usd',
        customer: 'cus_1',
        attempt_count: 4,
        next_payment_attempt: null,
        parent: { subscription_details: { subscription: 'sub_1' } },
      },
      origin,
    );
    expect(note && noteTextOf(note)).toBe(
      'Payment of $49.00 for invoice INV-1 failed (attempt 4). Stripe will not retry it.',
    );
    expect(note).toMatchObject({
      subscriptionId: 'sub_1',
      invoiceId: 'in_1',
      taskSubject: 'Payment of $49.00 failed — Stripe will not retry',
    });
  });
});
