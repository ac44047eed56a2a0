import { afterInvoiceOutcome } from '../billing/status.ts';
import {
  collectInvoice,
  finalizeInvoice,
  markPaid,
  markUncollectible,
  voidInvoice,
} from '../billing/invoices.ts';
import { invoicePayments } from '../billing/payments.ts';
import { invalidRequest } from '../errors.ts';
import { createdMatches, newestFirst, paginate } from '../http/list.ts';
import { mutate, query, type Register } from '../http/route.ts';
import { search } from '../http/search.ts';
import { getInvoice } from '../lookup.ts';
import { bool, str } from '../params.ts';
import type { Invoice } from '../types.ts';

const isPaid = (invoice: Invoice): boolean => invoice.status === 'paid';

export const invoiceRoutes = (route: Register): void => {
  route('GET', '/v1/invoices', (call) =>
    query(call, (ctx) => {
      const customer = str(call.params, 'customer');
      const subscription = str(call.params, 'subscription');
      const status = str(call.params, 'status');
      const collection = str(call.params, 'collection_method');
      const invoices = newestFirst(ctx.entry.objects.invoices).filter(
        (invoice) =>
          (!customer || invoice.customer === customer) &&
          (!subscription || invoice.parent?.subscription_details?.subscription === subscription) &&
          (!status || invoice.status === status) &&
          (!collection || invoice.collection_method === collection) &&
          createdMatches(call.params, invoice.created),
      );
      return paginate(invoices, call.params, '/v1/invoices');
    }),
  );

  route('GET', '/v1/invoices/search', (call) =>
    query(call, (ctx) => search(newestFirst(ctx.entry.objects.invoices), call.params, '/v1/invoices/search')),
  );

  route('GET', '/v1/invoices/:id', (call) => query(call, (ctx) => getInvoice(ctx, call.path.id ?? '', 'id')));

  route('GET', '/v1/invoices/:id/lines', (call) =>
    query(call, (ctx) => {
      const invoice = getInvoice(ctx, call.path.id ?? '', 'id');
      return paginate([...invoice.lines.data], call.params, `/v1/invoices/${invoice.id}/lines`);
    }),
  );

  route('POST', '/v1/invoices/:id/finalize', (call) =>
    mutate(call, (ctx) => {
      const invoice = getInvoice(ctx, call.path.id ?? '', 'id');
      if (invoice.status !== 'draft') {
        throw invalidRequest(
          "This invoice is already finalized, you can't re-finalize a non-draft invoice.",
          undefined,
          'invoice_not_editable',
        );
      }
      finalizeInvoice(ctx, invoice);
      return invoice;
    }),
  );

  route('POST', '/v1/invoices/:id/pay', (call) =>
    mutate(call, (ctx) => {
      const invoice = getInvoice(ctx, call.path.id ?? '', 'id');
      if (invoice.status === 'paid') throw invalidRequest('Invoice is already paid.');
      if (invoice.status === 'void')
        throw invalidRequest(
          'This invoice has been voided and cannot be paid.',
          undefined,
          'invoice_not_editable',
        );
      if (invoice.status === 'draft') finalizeInvoice(ctx, invoice);
      // Finalizing a zero-amount draft pays it.
      if (isPaid(invoice)) return invoice;
      if (bool(call.params, 'paid_out_of_band')) {
        markPaid(ctx, invoice, 'out_of_band');
        afterInvoiceOutcome(ctx, invoice, true);
        return invoice;
      }
      const outcome = collectInvoice(ctx, invoice, {
        paymentMethodId: str(call.params, 'payment_method') ?? null,
        automatic: false,
      });
      afterInvoiceOutcome(ctx, invoice, outcome.ok);
      if (!outcome.ok) throw outcome.error;
      return invoice;
    }),
  );

  route('POST', '/v1/invoices/:id/void', (call) =>
    mutate(call, (ctx) => voidInvoice(ctx, getInvoice(ctx, call.path.id ?? '', 'id'))),
  );

  route('POST', '/v1/invoices/:id/mark_uncollectible', (call) =>
    mutate(call, (ctx) => markUncollectible(ctx, getInvoice(ctx, call.path.id ?? '', 'id'))),
  );

  route('GET', '/v1/invoice_payments', (call) =>
    query(call, (ctx) => {
      const invoice = getInvoice(ctx, str(call.params, 'invoice') ?? '', 'invoice');
      return paginate(invoicePayments(ctx, invoice).reverse(), call.params, '/v1/invoice_payments');
    }),
  );
};
