import { useTranslation } from 'react-i18next';
import { AppError, messageKeyOf, type ErrorCode } from '@billbridge/contract';
import { isServerMessageKey } from '../../lib/use-error-message.ts';

/** Failures whose message is the transport's, not something the server or Stripe said about the payment. */
const transportCodes: readonly ErrorCode[] = [
  'internal',
  'unavailable',
  'deadline-exceeded',
  'cancelled',
  'unknown',
  'unauthenticated',
];

/** What Stripe.js answers with when it refuses (`{ error: { message } }`). */
type StripeJsError = { message?: string };

/**
 * Spec §8 "Payment": the server's or the provider's message, else the screen's fallback. A Stripe.js
 * error carries the provider's text; a refused call the server's (a declined card's reason).
 */
export const paymentMessageOf = (error: unknown, fallback: string): string => {
  if (error instanceof AppError) return transportCodes.includes(error.code) ? fallback : error.message;
  const message = (error as StripeJsError | null)?.message;
  return typeof message === 'string' && message ? message : fallback;
};

/** `paymentMessageOf`, with the server's keyed messages (`billingMessages`) in the UI language. */
export const usePaymentMessage = (): ((error: unknown, fallback: string) => string) => {
  const { t } = useTranslation();
  return (error, fallback) => {
    const key = messageKeyOf(error);
    return isServerMessageKey(key) ? t(`serverMessages.${key}`) : paymentMessageOf(error, fallback);
  };
};
