import Stripe from 'stripe';
import { connectionMessages, keyedError } from '@billbridge/contract';
import type { StripeSettings } from '../../config/env.ts';
import type { AppContext } from '../../context.ts';
import { createStripeClient, createStripeOAuthClient } from '../../providers/stripe-client.ts';
import { callbackUrl } from '../connections/oauth-state.ts';

/** The configured Stripe platform, or failed-precondition when this server has none (decision 008). */
export const stripeSettingsOf = (context: AppContext): StripeSettings => {
  const settings = context.providers.stripe;
  if (!settings) throw keyedError('failed-precondition', connectionMessages, 'stripeNotConfigured');
  return settings;
};

/** Built by hand: the SDK's `oauth.authorizeUrl()` hard-codes https and drops the port. */
export const stripeAuthorizeUrl = (settings: StripeSettings, appUrl: string, state: string): string => {
  const query = new URLSearchParams({
    response_type: 'code',
    client_id: settings.clientId,
    scope: 'read_write',
    redirect_uri: callbackUrl(appUrl, 'stripe'),
    state,
  });
  return `${settings.connectUrl.replace(/\/$/, '')}/oauth/authorize?${query.toString()}`;
};

export type StripeConnection = {
  accountId: string;
  livemode: boolean;
  auth: { details_submitted: boolean; charges_enabled: boolean; payouts_enabled: boolean; type: string };
};

/**
 * Exchanges the callback's code for the account's id, then reads its onboarding state. The tokens
 * Stripe answers with are not kept: the platform acts on the account with its own key and the
 * `Stripe-Account` header, so a stored token would only be a secret to lose.
 */
export const exchangeStripeCode = async (
  settings: StripeSettings,
  code: string,
): Promise<StripeConnection> => {
  let token: Stripe.OAuthToken;
  try {
    token = await createStripeOAuthClient(settings).oauth.token({ grant_type: 'authorization_code', code });
  } catch (error) {
    if (error instanceof Stripe.errors.StripeError && error.statusCode && error.statusCode < 500) {
      throw keyedError('failed-precondition', connectionMessages, 'connectionFailed');
    }
    throw keyedError('unavailable', connectionMessages, 'stripeUnreachable');
  }
  const accountId = token.stripe_user_id;
  if (!accountId || !token.access_token) {
    throw keyedError('failed-precondition', connectionMessages, 'connectionFailed');
  }
  const account = await createStripeClient(settings).accounts.retrieve(accountId);
  return {
    accountId,
    livemode: token.livemode ?? false,
    auth: {
      details_submitted: account.details_submitted ?? false,
      charges_enabled: account.charges_enabled ?? false,
      payouts_enabled: account.payouts_enabled ?? false,
      type: account.type ?? 'standard',
    },
  };
};

/**
 * Revokes the platform's access to the account (Stripe then sends `account.application.deauthorized`).
 * An account no longer connected to the platform is already where we want it.
 */
export const deauthorizeStripeAccount = async (
  settings: StripeSettings,
  accountId: string,
): Promise<void> => {
  try {
    await createStripeOAuthClient(settings).oauth.deauthorize({
      client_id: settings.clientId,
      stripe_user_id: accountId,
    });
  } catch (error) {
    if (error instanceof Stripe.errors.StripeError && error.type === 'StripeInvalidClientError') return;
    throw keyedError('unavailable', connectionMessages, 'stripeRevokeUnreachable');
  }
};
