import { connectionMessages, keyedError } from '@billbridge/contract';
import type { HubSpotSettings } from '../../config/env.ts';
import type { AppContext } from '../../context.ts';
import { callbackUrl } from '../connections/oauth-state.ts';

/** The configured HubSpot app, or failed-precondition when this server has none (decision 008). */
export const hubspotSettingsOf = (context: AppContext): HubSpotSettings => {
  const settings = context.providers.hubspot;
  if (!settings) throw keyedError('failed-precondition', connectionMessages, 'hubspotNotConfigured');
  return settings;
};

/** Spec §7: contacts, deals, line items and invoices, read and write, plus `oauth`. */
export const requiredHubSpotScopes = [
  'oauth',
  'crm.objects.contacts.read',
  'crm.objects.contacts.write',
  'crm.objects.deals.read',
  'crm.objects.deals.write',
  'crm.objects.line_items.read',
  'crm.objects.line_items.write',
  'crm.objects.invoices.read',
  'crm.objects.invoices.write',
] as const;

/**
 * Asked for, not required: the custom-property schemas the connection creates the unique
 * `billbridge_stripe_id` in, products (the products toggle), and the portal's currencies (read
 * before writing; without it a currency the portal lacks is learnt from HubSpot's refusal). HubSpot offers no schema scope for
 * line items, so that property is only created where a portal grants one.
 */
export const optionalHubSpotScopes = [
  'crm.schemas.deals.write',
  'crm.schemas.invoices.write',
  'crm.objects.products.read',
  'crm.objects.products.write',
  'settings.currencies.read',
] as const;

/** Built by hand: SDK 14's `getAuthorizationUrl` hard-codes HubSpot's host. */
export const hubspotAuthorizeUrl = (settings: HubSpotSettings, appUrl: string, state: string): string => {
  const query = new URLSearchParams({
    client_id: settings.clientId,
    redirect_uri: callbackUrl(appUrl, 'hubspot'),
    scope: requiredHubSpotScopes.join(' '),
    optional_scope: optionalHubSpotScopes.join(' '),
    state,
  });
  return `${settings.authorizeUrl}?${query.toString()}`;
};
