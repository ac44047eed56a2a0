import { maskKey, StripeApiError } from '../errors.ts';
import type { KeyAccess } from '../types.ts';
import type { Auth } from './auth.ts';

/**
 * The resource of Stripe's restricted-key permission list each API path belongs to (the dashboard's
 * "Customers", "Subscriptions"…: https://docs.stripe.com/keys/restricted-api-keys). A path not
 * listed belongs to a resource no restricted key of the sandbox is given, so such a key is refused.
 */
const resourceOfSegment: Record<string, string> = {
  customers: 'customers',
  subscriptions: 'subscriptions',
  subscription_items: 'subscriptions',
  invoices: 'invoices',
  invoiceitems: 'invoices',
  prices: 'prices',
  products: 'products',
  charges: 'charges',
  events: 'events',
  webhook_endpoints: 'webhook_endpoints',
};

/** The resources a restricted key can be given on the control page, in the dashboard's order. */
export const restrictedKeyResources = Object.freeze([...new Set(Object.values(resourceOfSegment))]);

export const resourceOf = (url: string): string | undefined => resourceOfSegment[url.split('/')[2] ?? ''];

/** Reads need read or write; anything else needs write (the dashboard's "Read" / "Write"). */
const allows = (granted: KeyAccess | undefined, method: string): boolean =>
  granted === 'write' || (granted === 'read' && method === 'GET');

/**
 * Refuses a restricted key what its permissions do not cover. Stripe answers such a call with HTTP
 * 403 and an invalid request error ("If a restricted API key doesn't have the permissions required
 * for an API request, Stripe returns an invalid request error": https://docs.stripe.com/keys/restricted-api-keys),
 * naming the permission that would let it through; the official SDKs raise it as a permission error
 * (stripe-node: 403 → `StripePermissionError`).
 */
export const checkKeyPermission = (auth: Auth, method: string, url: string): void => {
  if (auth.kind !== 'restricted') return;
  const resource = resourceOf(url);
  if (resource && allows(auth.permissions?.[resource], method)) return;
  const needed = `${resource ?? url.split('/')[2] ?? 'unknown'}_${method === 'GET' ? 'read' : 'write'}`;
  throw new StripeApiError(403, {
    type: 'invalid_request_error',
    message: `The provided key '${maskKey(auth.key)}' does not have the required permissions for this endpoint on account '${auth.keyAccountId}'. Having the '${needed}' permission would allow this request to continue.`,
  });
};
