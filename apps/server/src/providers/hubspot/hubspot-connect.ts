import { connectionMessages, keyedError, type DestinationFeature } from '@billbridge/contract';
import type { HubSpotSettings } from '../../config/env.ts';

/** The configured HubSpot app, or failed-precondition when this server has none (decision 008). */
export const hubspotSettingsOf = (settings: HubSpotSettings | undefined): HubSpotSettings => {
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
 * `billbridge_stripe_id` (deals, invoices) and `billbridge_stripe_customer_id` (contacts) in (and field mappings' new
 * properties), products (the products toggle), and the portal's currencies (read
 * before writing; without it a currency the portal lacks is learnt from HubSpot's refusal). HubSpot offers no schema scope for
 * line items, so that property is only created where a portal grants one. Companies: customers
 * associated with the company of their e-mail domain (the `companies_from_domains` setting), and
 * the company schema their revenue properties are made in (decision 073).
 */
export const optionalHubSpotScopes = [
  'crm.schemas.contacts.write',
  'crm.schemas.deals.write',
  'crm.schemas.invoices.write',
  'crm.objects.products.read',
  'crm.objects.products.write',
  'settings.currencies.read',
  'crm.objects.companies.read',
  'crm.objects.companies.write',
  'crm.schemas.companies.write',
] as const;

/** The optional scopes each destination feature needs. */
const featureScopes: Record<DestinationFeature, readonly string[]> = {
  contact_matching: ['crm.schemas.contacts.write'],
  companies: ['crm.objects.companies.read', 'crm.objects.companies.write'],
  company_revenue: ['crm.schemas.companies.write'],
};

/** The features a connection's granted scopes leave out (one made before they were asked for). */
export const missingFeatures = (scopes: readonly string[]): DestinationFeature[] =>
  (Object.keys(featureScopes) as DestinationFeature[]).filter((feature) =>
    featureScopes[feature].some((scope) => !scopes.includes(scope)),
  );

/** Built by hand: SDK 14's `getAuthorizationUrl` hard-codes HubSpot's host. */
export const hubspotAuthorizeUrl = (
  settings: HubSpotSettings,
  redirectUri: string,
  state: string,
): string => {
  const query = new URLSearchParams({
    client_id: settings.clientId,
    redirect_uri: redirectUri,
    scope: requiredHubSpotScopes.join(' '),
    optional_scope: optionalHubSpotScopes.join(' '),
    state,
  });
  return `${settings.authorizeUrl}?${query.toString()}`;
};
