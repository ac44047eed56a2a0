import { invoicePrefix } from '../ids.ts';
import type { Customer } from '../types.ts';

export const buildCustomer = (id: string, created: number): Customer => ({
  id,
  object: 'customer',
  address: null,
  balance: 0,
  created,
  currency: null,
  customer_account: null,
  default_source: null,
  delinquent: false,
  description: null,
  discount: null,
  email: null,
  invoice_prefix: invoicePrefix(),
  invoice_settings: {
    custom_fields: null,
    default_payment_method: null,
    footer: null,
    rendering_options: null,
  },
  livemode: false,
  metadata: {},
  name: null,
  next_invoice_sequence: 1,
  phone: null,
  preferred_locales: [],
  shipping: null,
  tax_exempt: 'none',
  test_clock: null,
});
