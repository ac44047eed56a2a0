/**
 * The second way to connect a source (issue 36 §3): a Stripe restricted key (`rk_`) that can read
 * what the sync reads and write nothing but the product's own webhook endpoint. Zod-free, so the
 * source page's list of permissions costs no validation code.
 */
export const restrictedKeyPermissions = [
  { resource: 'customers', access: 'read', messageKey: 'keyLacksCustomersRead' },
  { resource: 'subscriptions', access: 'read', messageKey: 'keyLacksSubscriptionsRead' },
  { resource: 'invoices', access: 'read', messageKey: 'keyLacksInvoicesRead' },
  { resource: 'prices', access: 'read', messageKey: 'keyLacksPricesRead' },
  { resource: 'products', access: 'read', messageKey: 'keyLacksProductsRead' },
  { resource: 'charges', access: 'read', messageKey: 'keyLacksChargesRead' },
  { resource: 'events', access: 'read', messageKey: 'keyLacksEventsRead' },
  { resource: 'webhook_endpoints', access: 'write', messageKey: 'keyLacksWebhookEndpointsWrite' },
] as const;

export type RestrictedKeyPermission = (typeof restrictedKeyPermissions)[number];

/** How a source reaches its Stripe account: Connect OAuth, or a restricted key the user pasted. */
export const sourceConnectionKinds = ['oauth', 'restricted_key'] as const;
export type SourceConnectionKind = (typeof sourceConnectionKinds)[number];

/** The route Stripe delivers a key source's events to: its own endpoint, verified with its own secret. */
export const sourceWebhookRoute = '/webhooks/stripe/sources/:sourceId';

export const sourceWebhookPath = (sourceId: string): string =>
  sourceWebhookRoute.replace(':sourceId', encodeURIComponent(sourceId));
