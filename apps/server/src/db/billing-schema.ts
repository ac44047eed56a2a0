import { bigint, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { subscription } from './core-schema.ts';

/**
 * Billbridge's own billing (decision 025): invoices of the platform's Stripe account, the platform
 * events already applied, and the overage reported to the Stripe billing meter.
 */

/** Spec §3 "Invoice", as the platform's `invoice.*` events leave it (the newest state read from Stripe). */
export const invoice = pgTable(
  'invoice',
  {
    /** Stripe's invoice id (`in_…`). */
    id: text('id').primaryKey(),
    subscriptionId: text('subscription_id')
      .notNull()
      .references(() => subscription.id, { onDelete: 'cascade' }),
    number: text('number'),
    /** Stripe's `created`, epoch seconds. */
    created: bigint('created', { mode: 'number' }).notNull(),
    total: bigint('total', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    status: text('status').notNull(),
    hostedInvoiceUrl: text('hosted_invoice_url'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('invoice_subscription_created_idx').on(table.subscriptionId, table.created)],
);

/** A platform event applied once: a redelivery finds its id here and changes nothing. */
export const billingEvent = pgTable('billing_event', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One sync event beyond its paid plan's included amount: keyed by the stored event, so it is billed
 * once whatever replays it. `reportId` is the meter event it went out in (null: not yet).
 */
export const overageEvent = pgTable(
  'overage_event',
  {
    stripeEventId: bigint('stripe_event_id', { mode: 'number' }).primaryKey(),
    subscriptionId: text('subscription_id')
      .notNull()
      .references(() => subscription.id, { onDelete: 'cascade' }),
    reportId: text('report_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('overage_event_unreported_idx').on(table.subscriptionId, table.reportId)],
);

/**
 * One meter event: up to `overageBatchSize` overage events of one customer, its id the meter event's
 * `identifier` (Stripe refuses a second event with it), sent until Stripe accepts (`reportedAt`).
 * It carries no timestamp: Stripe dates it when it accepts it, in the period running then.
 */
export const overageReport = pgTable('overage_report', {
  id: text('id').primaryKey(),
  subscriptionId: text('subscription_id')
    .notNull()
    .references(() => subscription.id, { onDelete: 'cascade' }),
  customerId: text('customer_id').notNull(),
  units: integer('units').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  reportedAt: timestamp('reported_at', { withTimezone: true }),
});

export type InvoiceRow = typeof invoice.$inferSelect;
