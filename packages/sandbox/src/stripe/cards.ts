import { createHash } from 'node:crypto';
import { cardError } from './errors.ts';

/**
 * Stripe's test cards the sandbox understands. `declineAt` says where a card fails: `everywhere`
 * (setup, attach and charge), or only `charge` (attaching works, payments fail).
 */
export type CardBehaviour = {
  brand: string;
  funding: 'credit' | 'debit' | 'prepaid';
  country: string;
  declineAt: 'never' | 'everywhere' | 'charge';
  code?: string;
  declineCode?: string;
  message?: string;
};

const declined = {
  code: 'card_declined',
  declineCode: 'generic_decline',
  message: 'Your card was declined.',
};

export const testCards: Record<string, CardBehaviour> = {
  '4242424242424242': { brand: 'visa', funding: 'credit', country: 'US', declineAt: 'never' },
  '4000056655665556': { brand: 'visa', funding: 'debit', country: 'US', declineAt: 'never' },
  '5555555555554444': { brand: 'mastercard', funding: 'credit', country: 'US', declineAt: 'never' },
  '378282246310005': { brand: 'amex', funding: 'credit', country: 'US', declineAt: 'never' },
  '4000000000000002': {
    brand: 'visa',
    funding: 'credit',
    country: 'US',
    declineAt: 'everywhere',
    ...declined,
  },
  '4000000000000341': { brand: 'visa', funding: 'credit', country: 'US', declineAt: 'charge', ...declined },
  '4000000000009995': {
    brand: 'visa',
    funding: 'credit',
    country: 'US',
    declineAt: 'charge',
    code: 'card_declined',
    declineCode: 'insufficient_funds',
    message: 'Your card has insufficient funds.',
  },
  '4000000000000069': {
    brand: 'visa',
    funding: 'credit',
    country: 'US',
    declineAt: 'everywhere',
    code: 'expired_card',
    declineCode: 'expired_card',
    message: 'Your card has expired.',
  },
};

/** Stripe's magic payment method ids (`pm_card_visa`, …) and the test number each stands for. */
export const magicPaymentMethods: Record<string, string> = {
  pm_card_visa: '4242424242424242',
  pm_card_visa_debit: '4000056655665556',
  pm_card_mastercard: '5555555555554444',
  pm_card_amex: '378282246310005',
  pm_card_chargeDeclined: '4000000000000002',
  pm_card_chargeCustomerFail: '4000000000000341',
  pm_card_chargeDeclinedInsufficientFunds: '4000000000009995',
  pm_card_chargeDeclinedExpiredCard: '4000000000000069',
};

export const fingerprintOf = (number: string): string =>
  createHash('sha256').update(`sandbox-card:${number}`).digest('base64url').slice(0, 16);

const behaviourByFingerprint = new Map(
  Object.entries(testCards).map(([number, behaviour]) => [fingerprintOf(number), behaviour]),
);

const brandOf = (number: string): string => {
  if (/^4/.test(number)) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(number)) return 'mastercard';
  if (/^3[47]/.test(number)) return 'amex';
  if (/^6(011|5)/.test(number)) return 'discover';
  if (/^35/.test(number)) return 'jcb';
  if (/^3(0|6|8)/.test(number)) return 'diners';
  if (/^62/.test(number)) return 'unionpay';
  return 'unknown';
};

const luhnValid = (number: string): boolean => {
  let sum = 0;
  let double = false;
  for (let index = number.length - 1; index >= 0; index -= 1) {
    let digit = Number(number[index]);
    if (double) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
    double = !double;
  }
  return sum % 10 === 0;
};

/** Validates a raw card number as Stripe does when a payment method is created. */
export const inspectCard = (rawNumber: string): { number: string; behaviour: CardBehaviour } => {
  const number = rawNumber.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(number) || !luhnValid(number)) {
    throw cardError('incorrect_number', 'Your card number is incorrect.', undefined, {
      param: 'card[number]',
    });
  }
  const behaviour = testCards[number] ?? {
    brand: brandOf(number),
    funding: 'credit',
    country: 'US',
    declineAt: 'never',
  };
  return { number, behaviour };
};

export const behaviourOf = (fingerprint: string): CardBehaviour =>
  behaviourByFingerprint.get(fingerprint) ?? {
    brand: 'visa',
    funding: 'credit',
    country: 'US',
    declineAt: 'never',
  };

export type CardDecline = { code: string; declineCode: string; message: string };

/** Whether a card with this fingerprint is declined at this step. */
export const declineFor = (fingerprint: string, step: 'setup' | 'charge'): CardDecline | undefined => {
  const behaviour = behaviourOf(fingerprint);
  const declines =
    behaviour.declineAt === 'everywhere' || (behaviour.declineAt === 'charge' && step === 'charge');
  if (!declines) return undefined;
  return {
    code: behaviour.code ?? 'card_declined',
    declineCode: behaviour.declineCode ?? 'generic_decline',
    message: behaviour.message ?? 'Your card was declined.',
  };
};
