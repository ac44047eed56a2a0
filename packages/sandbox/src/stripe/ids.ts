import { base62 } from '../shared/ids.ts';

/** Stripe ids come in two lengths: short ones (customers, products, accounts) and long, time-ordered ones. */
const shortPrefixes = new Set(['cus', 'prod', 'si', 'acct']);

export const stripeId = (prefix: string): string => {
  if (prefix === 'acct') return `acct_1${base62(15)}`;
  return shortPrefixes.has(prefix) ? `${prefix}_${base62(14)}` : `${prefix}_1${base62(23)}`;
};

export const clientSecret = (id: string): string => `${id}_secret_${base62(25)}`;

export const requestId = (): string => `req_${base62(14)}`;

export const secretKey = (): string => `sk_test_${base62(99)}`;

export const restrictedKey = (): string => `rk_test_${base62(99)}`;

export const webhookSecret = (): string => `whsec_${base62(32)}`;

export const publishableKey = (): string => `pk_test_${base62(99)}`;

export const refreshToken = (): string => `rt_${base62(48)}`;

export const authorizationCode = (): string => `ac_${base62(32)}`;

export const invoicePrefix = (): string =>
  base62(8)
    .toUpperCase()
    .replace(/[^0-9A-Z]/g, '7');
