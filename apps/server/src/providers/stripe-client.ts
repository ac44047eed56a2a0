import Stripe from 'stripe';
import type { StripeSettings } from '../config/env.ts';

/**
 * The official Stripe SDK aimed at the configured API (Stripe, or the sandbox stand-in): calls on
 * behalf of a connected account pass `{ stripeAccount }` per request.
 */
export const createStripeClient = (settings: StripeSettings): Stripe => {
  const url = new URL(settings.apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return new Stripe(settings.secretKey, {
    host: url.hostname,
    port: url.port ? Number(url.port) : protocol === 'http' ? 80 : 443,
    protocol,
    maxNetworkRetries: 2,
    timeout: 20_000,
  });
};

/**
 * The SDK aimed at Stripe Connect's OAuth host (`connect.stripe.com`, or the stand-in): with an
 * explicit `host` the SDK sends every call, OAuth included, to that one host.
 */
export const createStripeOAuthClient = (settings: StripeSettings): Stripe =>
  createStripeClient({ ...settings, apiUrl: settings.connectUrl });
