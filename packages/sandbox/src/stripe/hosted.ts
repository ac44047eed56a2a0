import type { FastifyInstance } from 'fastify';
import { badge, html, page } from '../shared/html.ts';
import { collectInvoice } from './billing/invoices.ts';
import { afterInvoiceOutcome } from './billing/status.ts';
import { runOperation, systemRequest } from './events.ts';
import { StripeApiError } from './errors.ts';
import { createPaymentMethod } from './ops/payment-methods.ts';
import { asParams, str } from './params.ts';
import type { StripeRuntime } from './runtime.ts';
import type { Invoice } from './types.ts';

const money = (amount: number, currency: string): string =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(
    amount / 100,
  );

const date = (unix: number | null): string => (unix ? new Date(unix * 1000).toISOString().slice(0, 10) : '—');

const invoicePage = (invoice: Invoice, accountName: string, message?: string): string =>
  page(
    {
      title: `Invoice ${invoice.number ?? invoice.id}`,
      narrow: true,
      ...(message ? { notice: message } : {}),
    },
    html`<div class="card">
      <p class="muted">${accountName}</p>
      <h1>${money(invoice.amount_due, invoice.currency)} ${badge(invoice.status)}</h1>
      <p>
        Invoice <strong>${invoice.number ?? invoice.id}</strong> · issued
        ${date(invoice.created)}${invoice.due_date ? html` · due ${date(invoice.due_date)}` : ''}
      </p>
      <p class="muted">Billed to ${invoice.customer_name ?? invoice.customer_email ?? invoice.customer}</p>
      <table>
        <thead>
          <tr>
            <th>Description</th>
            <th>Qty</th>
            <th>Amount</th>
          </tr>
        </thead>
        <tbody>
          ${invoice.lines.data.map(
            (line) =>
              html`<tr>
                <td>${line.description}</td>
                <td>${line.quantity}</td>
                <td>${money(line.amount, line.currency)}</td>
              </tr>`,
          )}
          <tr>
            <th colspan="2">Total</th>
            <th>${money(invoice.total, invoice.currency)}</th>
          </tr>
          <tr>
            <td colspan="2">Amount paid</td>
            <td>${money(invoice.amount_paid, invoice.currency)}</td>
          </tr>
          <tr>
            <td colspan="2">Amount remaining</td>
            <td>${money(invoice.amount_remaining, invoice.currency)}</td>
          </tr>
        </tbody>
      </table>
      ${
        invoice.status === 'open' || invoice.status === 'uncollectible'
          ? html`<h2 style="margin-top:20px">Pay with a test card</h2>
              <form method="post" class="row">
                <label>Card number<input name="number" value="4242 4242 4242 4242" size="22" /></label>
                <label>MM<input name="exp_month" value="12" size="3" /></label>
                <label
                  >YY<input name="exp_year" value="${String(new Date().getUTCFullYear() + 3)}" size="5"
                /></label>
                <label>CVC<input name="cvc" value="123" size="4" /></label>
                <button type="submit">Pay ${money(invoice.amount_remaining, invoice.currency)}</button>
              </form>
              <p class="muted">4242 4242 4242 4242 succeeds · 4000 0000 0000 0002 is declined.</p>`
          : ''
      }
    </div>`,
  );

/** A minimal one-page PDF, so `invoice_pdf` links open something real. */
const invoicePdf = (invoice: Invoice): Buffer => {
  const text =
    `Invoice ${invoice.number ?? invoice.id} - ${money(invoice.total, invoice.currency)} - ${invoice.status}`.replace(
      /[()\\]/g,
      '',
    );
  const stream = `BT /F1 18 Tf 72 720 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
};

/** `hosted_invoice_url` and `invoice_pdf` pages, served by the sandbox itself. */
export const hostedRoutes = (app: FastifyInstance, rt: StripeRuntime): void => {
  const find = (accountId: string, invoiceId: string) => {
    const entry = rt.store.entry(accountId);
    const invoice = entry?.objects.invoices[invoiceId];
    return entry && invoice ? { entry, invoice } : undefined;
  };

  app.get<{ Params: { account: string; invoice: string } }>(
    '/i/:account/:invoice',
    async (request, reply) => {
      const found = find(request.params.account, request.params.invoice);
      if (!found)
        return reply
          .code(404)
          .type('text/html')
          .send(
            page(
              { title: 'Not found', narrow: true },
              html`<div class="card"><h1>Invoice not found</h1></div>`,
            ),
          );
      const name = found.entry.account.business_profile.name ?? found.entry.account.id;
      return reply.type('text/html').send(invoicePage(found.invoice, name));
    },
  );

  app.post<{ Params: { account: string; invoice: string } }>(
    '/i/:account/:invoice',
    async (request, reply) => {
      const found = find(request.params.account, request.params.invoice);
      if (!found) return reply.code(404).send('Invoice not found');
      const form = asParams(request.body);
      let message = 'Payment succeeded. Thank you!';
      try {
        runOperation(rt, found.entry.account.id, systemRequest, (ctx) => {
          const card = createPaymentMethod(ctx, {
            type: 'card',
            card: {
              number: str(form, 'number') ?? '',
              exp_month: str(form, 'exp_month') ?? '',
              exp_year: str(form, 'exp_year') ?? '',
              cvc: str(form, 'cvc') ?? '',
            },
          });
          const outcome = collectInvoice(ctx, found.invoice, { paymentMethodId: card.id, automatic: false });
          afterInvoiceOutcome(ctx, found.invoice, outcome.ok);
          if (!outcome.ok) throw outcome.error;
        });
      } catch (error) {
        message = error instanceof StripeApiError ? `Payment failed: ${error.message}` : 'Payment failed.';
      }
      const name = found.entry.account.business_profile.name ?? found.entry.account.id;
      return reply.type('text/html').send(invoicePage(found.invoice, name, message));
    },
  );

  app.get<{ Params: { account: string; invoice: string } }>(
    '/i/:account/:invoice/pdf',
    async (request, reply) => {
      const found = find(request.params.account, request.params.invoice);
      if (!found) return reply.code(404).send('Invoice not found');
      return reply.type('application/pdf').send(invoicePdf(found.invoice));
    },
  );

  app.get<{ Params: { charge: string } }>('/receipts/:charge', async (request, reply) => {
    for (const entry of rt.store.entries()) {
      const charge = entry.objects.charges[request.params.charge];
      if (charge) {
        return reply.type('text/html').send(
          page(
            { title: 'Receipt', narrow: true },
            html`<div class="card">
              <h1>Receipt</h1>
              <p>${money(charge.amount, charge.currency)} paid · ${charge.id}</p>
            </div>`,
          ),
        );
      }
    }
    return reply.code(404).send('Receipt not found');
  });
};
