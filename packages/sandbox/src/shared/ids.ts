import { randomBytes, randomUUID } from 'node:crypto';

const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** Random base62 text: the look of Stripe's ids and keys. */
export const base62 = (length: number): string => {
  const bytes = randomBytes(length);
  let out = '';
  for (const byte of bytes) out += alphabet[byte % alphabet.length];
  return out;
};

export const uuid = (): string => randomUUID();

/** A hex string, for HubSpot-looking tokens. */
export const hex = (bytes: number): string => randomBytes(bytes).toString('hex');
