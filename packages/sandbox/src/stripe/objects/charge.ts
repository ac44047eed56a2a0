import type { CardDecline } from '../cards.ts';
import type { Charge, PaymentIntent, PaymentMethod } from '../types.ts';

export const buildCharge = (input: {
  id: string;
  created: number;
  intent: PaymentIntent;
  paymentMethod: PaymentMethod;
  decline: CardDecline | undefined;
  baseUrl: string;
}): Charge => {
  const { intent, paymentMethod, decline } = input;
  const card = paymentMethod.card;
  return {
    id: input.id,
    object: 'charge',
    amount: intent.amount,
    amount_captured: decline ? 0 : intent.amount,
    amount_refunded: 0,
    application: null,
    application_fee: null,
    application_fee_amount: null,
    balance_transaction: decline ? null : `txn_${input.id.slice(3)}`,
    billing_details: paymentMethod.billing_details,
    calculated_statement_descriptor: 'SANDBOX',
    captured: !decline,
    created: input.created,
    currency: intent.currency,
    customer: intent.customer,
    description: intent.description,
    disputed: false,
    failure_balance_transaction: null,
    failure_code: decline?.code ?? null,
    failure_message: decline?.message ?? null,
    fraud_details: {},
    livemode: false,
    metadata: {},
    on_behalf_of: null,
    outcome: {
      advice_code: null,
      network_advice_code: null,
      network_decline_code: null,
      network_status: decline ? 'declined_by_network' : 'approved_by_network',
      reason: decline?.declineCode ?? null,
      risk_level: 'normal',
      seller_message: decline
        ? 'The bank did not return any further details with this decline.'
        : 'Payment complete.',
      type: decline ? 'issuer_declined' : 'authorized',
    },
    paid: !decline,
    payment_intent: intent.id,
    payment_method: paymentMethod.id,
    payment_method_details: {
      card: {
        amount_authorized: decline ? null : intent.amount,
        brand: card.brand,
        checks: card.checks,
        country: card.country,
        exp_month: card.exp_month,
        exp_year: card.exp_year,
        fingerprint: card.fingerprint,
        funding: card.funding,
        last4: card.last4,
        network: card.brand,
        three_d_secure: null,
        wallet: null,
      },
      type: 'card',
    },
    radar_options: {},
    receipt_email: null,
    receipt_number: null,
    receipt_url: decline ? null : `${input.baseUrl}/receipts/${input.id}`,
    refunded: false,
    refunds: { object: 'list', data: [], has_more: false, url: `/v1/charges/${input.id}/refunds` },
    review: null,
    shipping: null,
    source: null,
    source_transfer: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    status: decline ? 'failed' : 'succeeded',
    transfer_data: null,
    transfer_group: null,
  };
};
