import { createHmac, timingSafeEqual } from 'node:crypto';
import type { ActionMode } from '@billbridge/contract';

/**
 * The `oobCode` of a link whose token lives in the `verification` table (password reset, e-mail
 * recovery): `<token>.<expiry in epoch seconds>.<HMAC>`. better-auth deletes expired rows within
 * a minute, so the row alone cannot tell "expired" from "used"; the sealed expiry can, and the
 * HMAC (keyed by SECRET, bound to the mode) keeps anyone from stretching it.
 */
export type OpenedActionCode = { token: string; expired: boolean };

const macOf = (secret: string, mode: ActionMode, token: string, expiresAt: number): string =>
  createHmac('sha256', secret).update(`${mode}:${token}:${expiresAt}`).digest('base64url').slice(0, 22);

export const sealActionCode = (secret: string, mode: ActionMode, token: string, expiresAt: Date): string => {
  const seconds = Math.floor(expiresAt.getTime() / 1000);
  return `${token}.${seconds}.${macOf(secret, mode, token, seconds)}`;
};

/** Null when the code is malformed or was not sealed by this server for this mode. */
export const openActionCode = (
  secret: string,
  mode: ActionMode,
  code: string,
  now: Date = new Date(),
): OpenedActionCode | null => {
  const [token, expiry, mac, ...rest] = code.split('.');
  if (!token || !expiry || !mac || rest.length || !/^\d+$/.test(expiry)) return null;
  const seconds = Number(expiry);
  const expected = Buffer.from(macOf(secret, mode, token, seconds));
  const given = Buffer.from(mac);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  return { token, expired: now.getTime() >= seconds * 1000 };
};
