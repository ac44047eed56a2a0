import type { AccountEntry, Customer, Invoice, InvoiceLineItem, Price } from '../types.ts';

export type LineInput = {
  id: string;
  invoiceId: string;
  price: Price;
  quantity: number;
  amount: number;
  description: string;
  period: { start: number; end: number };
  subscriptionId: string | null;
  subscriptionItemId: string | null;
};

export const buildLine = (input: LineInput): InvoiceLineItem => ({
  id: input.id,
  object: 'line_item',
  amount: input.amount,
  currency: input.price.currency,
  description: input.description,
  discount_amounts: [],
  discountable: true,
  discounts: [],
  invoice: input.invoiceId,
  livemode: false,
  metadata: {},
  parent: {
    type: 'subscription_item_details',
    invoice_item_details: null,
    subscription_item_details:
      input.subscriptionId && input.subscriptionItemId
        ? {
            invoice_item: null,
            proration: false,
            proration_details: { credited_items: null },
            subscription: input.subscriptionId,
            subscription_item: input.subscriptionItemId,
          }
        : null,
  },
  period: input.period,
  pretax_credit_amounts: [],
  pricing: {
    type: 'price_details',
    price_details: { price: input.price.id, product: input.price.product },
    unit_amount_decimal: input.price.unit_amount_decimal,
  },
  quantity: input.quantity,
  quantity_decimal: String(input.quantity),
  subscription: input.subscriptionId,
  subtotal: input.amount,
  taxes: [],
});

export type InvoiceInput = {
  id: string;
  entry: AccountEntry;
  customer: Customer;
  subscriptionId: string | null;
  subscriptionMetadata: Record<string, string> | null;
  billingReason: Invoice['billing_reason'];
  collectionMethod: Invoice['collection_method'];
  currency: string;
  lines: InvoiceLineItem[];
  period: { start: number; end: number };
  created: number;
  daysUntilDue: number | null;
  description: string | null;
};

export const buildInvoice = (input: InvoiceInput): Invoice => {
  const total = input.lines.reduce((sum, line) => sum + line.amount, 0);
  const { customer, entry } = input;
  return {
    id: input.id,
    object: 'invoice',
    account_country: entry.account.country,
    account_name: entry.account.business_profile.name,
    account_tax_ids: null,
    amount_due: total,
    amount_overpaid: 0,
    amount_paid: 0,
    amount_remaining: total,
    amount_shipping: 0,
    application: null,
    attempt_count: 0,
    attempted: false,
    auto_advance: true,
    automatic_tax: { disabled_reason: null, enabled: false, liability: null, provider: null, status: null },
    automatically_finalizes_at: null,
    billing_reason: input.billingReason,
    collection_method: input.collectionMethod,
    created: input.created,
    currency: input.currency,
    custom_fields: null,
    customer: customer.id,
    customer_account: null,
    customer_address: customer.address,
    customer_email: customer.email,
    customer_name: customer.name,
    customer_phone: customer.phone,
    customer_shipping: null,
    customer_tax_exempt: customer.tax_exempt,
    customer_tax_ids: [],
    default_payment_method: null,
    default_source: null,
    default_tax_rates: [],
    description: input.description,
    discounts: [],
    due_date:
      input.collectionMethod === 'send_invoice' ? input.created + (input.daysUntilDue ?? 30) * 86_400 : null,
    effective_at: null,
    ending_balance: null,
    footer: null,
    from_invoice: null,
    hosted_invoice_url: null,
    invoice_pdf: null,
    issuer: { type: 'self' },
    last_finalization_error: null,
    latest_revision: null,
    lines: { object: 'list', data: input.lines, has_more: false, url: `/v1/invoices/${input.id}/lines` },
    livemode: false,
    metadata: {},
    next_payment_attempt: null,
    number: null,
    on_behalf_of: null,
    parent: input.subscriptionId
      ? {
          type: 'subscription_details',
          quote_details: null,
          subscription_details: { metadata: input.subscriptionMetadata, subscription: input.subscriptionId },
        }
      : null,
    payment_settings: { default_mandate: null, payment_method_options: null, payment_method_types: null },
    period_end: input.period.end,
    period_start: input.period.start,
    post_payment_credit_notes_amount: 0,
    pre_payment_credit_notes_amount: 0,
    receipt_number: null,
    rendering: null,
    shipping_cost: null,
    shipping_details: null,
    starting_balance: 0,
    statement_descriptor: null,
    status: 'draft',
    status_transitions: { finalized_at: null, marked_uncollectible_at: null, paid_at: null, voided_at: null },
    subscription: null,
    subtotal: total,
    subtotal_excluding_tax: total,
    test_clock: null,
    total,
    total_discount_amounts: [],
    total_excluding_tax: total,
    total_pretax_credit_amounts: [],
    total_taxes: [],
    webhooks_delivered_at: null,
  };
};
