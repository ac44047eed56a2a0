import type { ActivityType } from '@billbridge/contract';

/**
 * What a Stripe event is about: the activity type it is logged under and the source toggle that
 * decides whether it syncs (spec §3 "Source": customers, payments, invoices, subscriptions,
 * products). Events of other kinds are recorded but change nothing in the CRM.
 */
export type SyncToggle = 'customers' | 'payments' | 'invoices' | 'subscriptions' | 'products';

type EventKind = { type: ActivityType; toggle: SyncToggle | undefined };

const prefixes: [prefix: string, kind: EventKind][] = [
  ['customer.subscription.', { type: 'subscription', toggle: 'subscriptions' }],
  ['customer.', { type: 'customer', toggle: 'customers' }],
  ['invoice.', { type: 'invoice', toggle: 'invoices' }],
  ['payment_intent.', { type: 'payment', toggle: 'payments' }],
  ['charge.', { type: 'payment', toggle: 'payments' }],
  ['product.', { type: 'product', toggle: 'products' }],
  ['price.', { type: 'product', toggle: 'products' }],
  ['account.', { type: 'account', toggle: undefined }],
];

export const eventKindOf = (eventType: string): EventKind =>
  prefixes.find(([prefix]) => eventType.startsWith(prefix))?.[1] ?? { type: 'other', toggle: undefined };
