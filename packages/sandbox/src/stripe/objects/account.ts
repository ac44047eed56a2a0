import { emptyCollections } from '../store.ts';
import type { Account, AccountEntry, AccountRole, Requirements } from '../types.ts';

const requirements = (due: string[]): Requirements => ({
  alternatives: [],
  current_deadline: null,
  currently_due: due,
  disabled_reason: due.length > 0 ? 'requirements.past_due' : null,
  errors: [],
  eventually_due: due,
  past_due: [],
  pending_verification: [],
});

export type AccountInput = {
  id: string;
  created: number;
  email?: string | null;
  name?: string | null;
  country?: string;
  detailsSubmitted?: boolean;
  chargesEnabled?: boolean;
  payoutsEnabled?: boolean;
};

/** A Standard account, shaped like Stripe's `account` fixture. */
export const buildAccount = (input: AccountInput): Account => {
  const detailsSubmitted = input.detailsSubmitted ?? true;
  const due = detailsSubmitted ? [] : ['business_profile.url', 'external_account', 'tos_acceptance.date'];
  return {
    id: input.id,
    object: 'account',
    business_profile: {
      annual_revenue: null,
      estimated_worker_count: null,
      mcc: null,
      minority_owned_business_designation: null,
      name: input.name ?? null,
      product_description: null,
      support_address: null,
      support_email: input.email ?? null,
      support_phone: null,
      support_url: null,
      url: null,
    },
    business_type: null,
    capabilities: { card_payments: 'active', transfers: 'active' },
    charges_enabled: input.chargesEnabled ?? detailsSubmitted,
    controller: { type: 'account' },
    country: input.country ?? 'US',
    created: input.created,
    default_currency: (input.country ?? 'US') === 'US' ? 'usd' : 'eur',
    details_submitted: detailsSubmitted,
    email: input.email ?? null,
    external_accounts: {
      object: 'list',
      data: [],
      has_more: false,
      url: `/v1/accounts/${input.id}/external_accounts`,
    },
    future_requirements: requirements([]),
    metadata: {},
    payouts_enabled: input.payoutsEnabled ?? detailsSubmitted,
    requirements: requirements(due),
    settings: {
      branding: { icon: null, logo: null, primary_color: null, secondary_color: null },
      card_payments: {
        decline_on: { avs_failure: false, cvc_failure: false },
        statement_descriptor_prefix: null,
      },
      dashboard: { display_name: input.name ?? null, timezone: 'Etc/UTC' },
      invoices: { default_account_tax_ids: null, hosted_payment_method_save: null },
      payments: { statement_descriptor: null },
      payouts: {
        debit_negative_balances: true,
        schedule: { delay_days: 2, interval: 'daily' },
        statement_descriptor: null,
      },
    },
    tos_acceptance: { date: detailsSubmitted ? input.created : null, ip: null, user_agent: null },
    type: 'standard',
  };
};

export const buildAccountEntry = (
  account: Account,
  role: AccountRole,
  keys: { secretKeys: string[]; publishableKey: string },
  connectedTo: string | null = null,
): AccountEntry => ({
  account,
  role,
  connectedTo,
  secretKeys: keys.secretKeys,
  publishableKey: keys.publishableKey,
  objects: emptyCollections(),
  internal: { invoicePayments: {}, paymentIntentInvoice: {}, trialWillEndSent: {} },
  events: [],
});
