import Stripe from 'stripe';
import {
  connectionMessages,
  keyedError,
  restrictedKeyMessages,
  restrictedKeyPermissions,
  type RestrictedKeyPermission,
} from '@billbridge/contract';
import type { StripeSettings } from '../../config/env.ts';
import { createStripeClient } from '../../providers/stripe-client.ts';
import { ownEndpointEventTypes } from '../inbox/event-types.ts';

type Resource = RestrictedKeyPermission['resource'];

/** A key that is not a restricted one is refused before Stripe hears of it. */
export const checkKeyKind = (key: string): void => {
  if (key.startsWith('sk_')) throw keyedError('invalid-argument', restrictedKeyMessages, 'secretKeyRefused');
  if (key.startsWith('pk_'))
    throw keyedError('invalid-argument', restrictedKeyMessages, 'publishableKeyRefused');
  if (!/^rk_(test|live)_\w+$/.test(key))
    throw keyedError('invalid-argument', restrictedKeyMessages, 'notRestrictedKey');
};

/** A restricted key's client: its own key, no `Stripe-Account` (the key belongs to the account). */
export const keyClient = (settings: StripeSettings, key: string): Stripe =>
  createStripeClient({ ...settings, secretKey: key });

/** One read per resource the sync lists or reads, the smallest page Stripe serves. */
const probes: Record<Exclude<Resource, 'webhook_endpoints'>, (stripe: Stripe) => Promise<unknown>> = {
  customers: (stripe) => stripe.customers.list({ limit: 1 }),
  subscriptions: (stripe) => stripe.subscriptions.list({ limit: 1 }),
  invoices: (stripe) => stripe.invoices.list({ limit: 1 }),
  prices: (stripe) => stripe.prices.list({ limit: 1 }),
  products: (stripe) => stripe.products.list({ limit: 1 }),
  charges: (stripe) => stripe.charges.list({ limit: 1 }),
  events: (stripe) => stripe.events.list({ limit: 1 }),
};

const messageKeyOf = Object.fromEntries(
  restrictedKeyPermissions.map(({ resource, messageKey }) => [resource, messageKey]),
) as Record<Resource, RestrictedKeyPermission['messageKey']>;

/**
 * Stripe's refusal as the user's message: an unknown or revoked key (401), the permission this
 * call needed (403: Stripe's permission error), else Stripe unreachable.
 */
const keyRefusal = (error: unknown, resource: Resource) => {
  if (error instanceof Stripe.errors.StripeAuthenticationError)
    return keyedError('failed-precondition', restrictedKeyMessages, 'keyNotRecognized');
  if (error instanceof Stripe.errors.StripePermissionError)
    return keyedError('failed-precondition', restrictedKeyMessages, messageKeyOf[resource]);
  if (error instanceof Stripe.errors.StripeError && error.statusCode && error.statusCode < 500)
    return keyedError('failed-precondition', connectionMessages, 'connectionFailed');
  return keyedError('unavailable', connectionMessages, 'stripeUnreachable');
};

/** Tries every read the sync needs, in the order the page lists them; the first refusal is named. */
export const checkKeyPermissions = async (stripe: Stripe): Promise<void> => {
  for (const resource of Object.keys(probes) as (keyof typeof probes)[]) {
    await probes[resource](stripe).catch((error: unknown) => {
      throw keyRefusal(error, resource);
    });
  }
};

/**
 * Registers the source's own endpoint (the write the key is given), after removing what an earlier
 * connection of this source left at the same address. Answers the endpoint with its signing secret.
 */
export const registerEndpoint = async (stripe: Stripe, url: string): Promise<Stripe.WebhookEndpoint> => {
  try {
    for await (const stale of stripe.webhookEndpoints.list({ limit: 100 })) {
      if (stale.url === url) await stripe.webhookEndpoints.del(stale.id);
    }
    return await stripe.webhookEndpoints.create({
      url,
      enabled_events: ownEndpointEventTypes as Stripe.WebhookEndpointCreateParams.EnabledEvent[],
      description: 'Billbridge: syncs this account to HubSpot',
    });
  } catch (error) {
    throw keyRefusal(error, 'webhook_endpoints');
  }
};

/**
 * Removes the source's endpoint from the account on disconnect. A key Stripe no longer accepts, or
 * an endpoint already deleted, leaves nothing to remove; Stripe out of reach changes nothing.
 */
export const removeEndpoint = async (stripe: Stripe, endpointId: string): Promise<void> => {
  try {
    await stripe.webhookEndpoints.del(endpointId);
  } catch (error) {
    if (error instanceof Stripe.errors.StripeAuthenticationError) return;
    if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return;
    throw keyedError('unavailable', connectionMessages, 'stripeRevokeUnreachable');
  }
};
