/**
 * The revenue properties a customer's contact (and its company) carries in HubSpot, in the
 * Billbridge property group (decision 073). Amounts are in `billbridge_revenue_currency`, the
 * portal's company currency.
 */
export const revenueProperties = {
  mrr: 'billbridge_mrr',
  arr: 'billbridge_arr',
  ltv: 'billbridge_ltv',
  currency: 'billbridge_revenue_currency',
  customerStatus: 'billbridge_customer_status',
  firstPaymentDate: 'billbridge_first_payment_date',
  lastPaymentDate: 'billbridge_last_payment_date',
  lastPaymentStatus: 'billbridge_last_payment_status',
} as const;

export const customerStatuses = ['active', 'trialing', 'past_due', 'canceled', 'none'] as const;
export type CustomerStatus = (typeof customerStatuses)[number];

export const paymentStatuses = ['succeeded', 'failed', 'refunded', 'disputed'] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];
