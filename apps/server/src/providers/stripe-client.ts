import Stripe from 'stripe';
import type { StripeSettings } from '../config/env.ts';
import type { SourceRow } from '../db/schema.ts';
import { sealedAt, type SecretBox } from '../security/secret-box.ts';

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

/** How a source's Stripe account is reached: a client and the options every call of it passes. */
export type SourceStripe = { stripe: Stripe; options: Stripe.RequestOptions };

type StripeReachable = Pick<SourceRow, 'id' | 'accountId' | 'restrictedKeySealed'>;

/** The source's restricted key, opened from where it is sealed. */
export const openRestrictedKey = (secretBox: SecretBox, row: Pick<SourceRow, 'id' | 'restrictedKeySealed'>) =>
  secretBox.open(row.restrictedKeySealed ?? '', sealedAt('source', 'restricted_key_sealed', row.id)).value;

/**
 * A key source calls with its own restricted key (issue 36 §3); a Connect source with the
 * platform's key and the `Stripe-Account` header (decision 009).
 */
export const sourceStripeClient = (
  settings: StripeSettings,
  secretBox: SecretBox,
  row: StripeReachable,
): SourceStripe =>
  row.restrictedKeySealed
    ? {
        stripe: createStripeClient({ ...settings, secretKey: openRestrictedKey(secretBox, row) }),
        options: {},
      }
    : { stripe: createStripeClient(settings), options: { stripeAccount: row.accountId ?? '' } };
