import { count, desc, eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { Invoice } from '@billbridge/contract';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { invoice, subscription, type InvoiceRow } from '../../db/schema.ts';
import { implement } from '../../functions/framework.ts';
import { platformStripe } from './platform.ts';

/** Stores an invoice of the workspace as Stripe has it now (the newest state wins). */
export const storeInvoice = async (
  db: Pick<Db, 'insert'>,
  subscriptionId: string,
  from: Stripe.Invoice,
): Promise<void> => {
  const values = {
    number: from.number ?? null,
    created: from.created,
    total: from.total,
    currency: from.currency,
    status: from.status ?? 'draft',
    hostedInvoiceUrl: from.hosted_invoice_url ?? null,
    updatedAt: new Date(),
  };
  await db
    .insert(invoice)
    .values({ id: from.id as string, subscriptionId, ...values })
    .onConflictDoUpdate({ target: invoice.id, set: values });
};

/**
 * Reads every invoice of the customer from Stripe and stores it: after a workspace starts billing
 * (its first invoice's events may arrive before the workspace row exists) and in tests.
 *
 * The rows are written in one transaction that first takes the key-share lock on the workspace row
 * that each new invoice's foreign key would take anyway: a billing webhook's transaction locks the
 * workspace, then the invoice, and taking the locks in that same order is what keeps the two from
 * deadlocking on PostgreSQL when the invoice's event arrives while the plan change stores it.
 */
export const storeCustomerInvoices = async (
  context: AppContext,
  subscriptionId: string,
  customerId: string,
): Promise<void> => {
  const found: Stripe.Invoice[] = [];
  for await (const one of platformStripe(context).invoices.list({ customer: customerId, limit: 100 })) {
    found.push(one);
  }
  await context.database.db.transaction(async (tx) => {
    await tx
      .select({ id: subscription.id })
      .from(subscription)
      .where(eq(subscription.id, subscriptionId))
      .for('key share');
    for (const one of found) await storeInvoice(tx, subscriptionId, one);
  });
};

const invoiceToApi = (row: InvoiceRow): Invoice => ({
  id: row.id,
  number: row.number || null,
  created: row.created,
  total: row.total,
  currency: row.currency,
  status: row.status,
  hosted_invoice_url: row.hostedInvoiceUrl,
});

/** Spec §7 "Invoices": the count, then the page ordered by `created` descending. */
export const listInvoices = implement('listInvoices', async ({ page, pageSize }, { app, workspace }) => {
  const { db } = app.database;
  const mine = eq(invoice.subscriptionId, workspace.subscription.id);
  const [total] = await db.select({ count: count() }).from(invoice).where(mine);
  const rows = await db
    .select()
    .from(invoice)
    .where(mine)
    .orderBy(desc(invoice.created), desc(invoice.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return { count: total?.count ?? 0, invoices: rows.map(invoiceToApi) };
});
