import { emptyAddress } from '../params.ts';
import type { CardBehaviour } from '../cards.ts';
import type { PaymentMethod } from '../types.ts';

export const buildCardPaymentMethod = (input: {
  id: string;
  created: number;
  number: string;
  fingerprint: string;
  behaviour: CardBehaviour;
  expMonth: number;
  expYear: number;
  cvcProvided: boolean;
  billingDetails?: Partial<PaymentMethod['billing_details']>;
  metadata?: Record<string, string>;
}): PaymentMethod => ({
  id: input.id,
  object: 'payment_method',
  allow_redisplay: 'unspecified',
  billing_details: {
    address: input.billingDetails?.address ?? emptyAddress(),
    email: input.billingDetails?.email ?? null,
    name: input.billingDetails?.name ?? null,
    phone: input.billingDetails?.phone ?? null,
    tax_id: null,
  },
  card: {
    brand: input.behaviour.brand,
    checks: {
      address_line1_check: null,
      address_postal_code_check: null,
      cvc_check: input.cvcProvided ? 'pass' : 'unchecked',
    },
    country: input.behaviour.country,
    display_brand: input.behaviour.brand,
    exp_month: input.expMonth,
    exp_year: input.expYear,
    fingerprint: input.fingerprint,
    funding: input.behaviour.funding,
    generated_from: null,
    last4: input.number.slice(-4),
    networks: { available: [input.behaviour.brand], preferred: null },
    regulated_status: 'unregulated',
    three_d_secure_usage: { supported: true },
    wallet: null,
  },
  created: input.created,
  customer: null,
  customer_account: null,
  livemode: false,
  metadata: input.metadata ?? {},
  type: 'card',
});
