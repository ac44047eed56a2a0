/**
 * The kinds of Stripe object a source syncs, each with its own switch (spec §4 source settings).
 * Kept free of zod: the activity log's reasons name them, and that chunk must not load the
 * validation library (`e2e/downloads.spec.ts`).
 */
export const sourceSyncToggles = ['customers', 'payments', 'invoices', 'subscriptions', 'products'] as const;
export type SourceSyncToggle = (typeof sourceSyncToggles)[number];
