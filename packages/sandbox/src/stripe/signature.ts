import { createHmac } from 'node:crypto';

/** `Stripe-Signature` exactly as Stripe builds it: `t=<unix>,v1=<hex HMAC-SHA256 of "t.payload">`. */
export const signPayload = (
  payload: string,
  secret: string,
  timestamp = Math.floor(Date.now() / 1000),
): string => {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${signature}`;
};
