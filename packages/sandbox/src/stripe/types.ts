/**
 * Wire shapes of the Stripe objects the stand-in serves, for the API version SDK 23 pins
 * (`2026-10-28.endive`). Every field of Stripe's own fixture (fixtures3.json) is present; the fields
 * the sandbox reasons about are typed precisely, the rest loosely.
 */

export type Metadata = Record<string, string>;

export type Address = {
  city: string | null;
  country: string | null;
  line1: string | null;
  line2: string | null;
  postal_code: string | null;
  state: string | null;
};

export type ListObject<T> = { object: 'list'; data: T[]; has_more: boolean; url: string };

export type Requirements = {
  alternatives: unknown[];
  current_deadline: number | null;
  currently_due: string[];
  disabled_reason: string | null;
  errors: unknown[];
  eventually_due: string[];
  past_due: string[];
  pending_verification: string[];
};

export type Account = {
  id: string;
  object: 'account';
  business_profile: Record<string, unknown> & { name: string | null; url: string | null };
  business_type: string | null;
  capabilities: Record<string, string>;
  charges_enabled: boolean;
  controller: { type: 'account' | 'application' };
  country: string;
  created: number;
  default_currency: string;
  details_submitted: boolean;
  email: string | null;
  external_accounts: ListObject<never>;
  future_requirements: Requirements;
  metadata: Metadata;
  payouts_enabled: boolean;
  requirements: Requirements;
  settings: Record<string, unknown>;
  tos_acceptance: { date: number | null; ip: string | null; user_agent: string | null };
  type: 'standard' | 'express' | 'custom' | 'none';
};

export type Customer = {
  id: string;
  object: 'customer';
  address: Address | null;
  balance: number;
  created: number;
  currency: string | null;
  customer_account: string | null;
  default_source: string | null;
  delinquent: boolean;
  description: string | null;
  discount: null;
  email: string | null;
  invoice_prefix: string;
  invoice_settings: {
    custom_fields: null;
    default_payment_method: string | null;
    footer: string | null;
    rendering_options: null | Record<string, unknown>;
  };
  livemode: false;
  metadata: Metadata;
  name: string | null;
  next_invoice_sequence: number;
  phone: string | null;
  preferred_locales: string[];
  shipping: null | { address: Address; name: string; phone: string | null };
  tax_exempt: 'none' | 'exempt' | 'reverse';
  test_clock: string | null;
};

export type Product = {
  id: string;
  object: 'product';
  active: boolean;
  created: number;
  default_price: string | null;
  description: string | null;
  images: string[];
  livemode: false;
  marketing_features: { name: string }[];
  metadata: Metadata;
  name: string;
  package_dimensions: null;
  shippable: boolean | null;
  statement_descriptor: string | null;
  tax_code: string | null;
  tax_details?: null;
  type: 'service' | 'good';
  unit_label: string | null;
  updated: number;
  url: string | null;
};

export type Recurring = {
  interval: 'day' | 'week' | 'month' | 'year';
  interval_count: number;
  meter: string | null;
  usage_type: 'licensed' | 'metered';
  trial_period_days: number | null;
};

export type Price = {
  id: string;
  object: 'price';
  active: boolean;
  billing_scheme: 'per_unit' | 'tiered';
  created: number;
  currency: string;
  custom_unit_amount: null;
  livemode: false;
  lookup_key: string | null;
  metadata: Metadata;
  nickname: string | null;
  product: string;
  recurring: Recurring | null;
  tax_behavior: 'exclusive' | 'inclusive' | 'unspecified';
  tiers_mode: null;
  transform_quantity: null;
  type: 'one_time' | 'recurring';
  unit_amount: number | null;
  unit_amount_decimal: string | null;
};

export type Plan = Record<string, unknown> & { id: string; object: 'plan' };

export type SubscriptionItem = {
  id: string;
  object: 'subscription_item';
  billing_thresholds: null;
  created: number;
  current_period_end: number;
  current_period_start: number;
  discounts: string[];
  metadata: Metadata;
  plan: Plan;
  price: Price;
  quantity: number;
  subscription: string;
  tax_rates: unknown[];
};

export type SubscriptionStatus =
  'incomplete' | 'incomplete_expired' | 'trialing' | 'active' | 'past_due' | 'canceled' | 'unpaid' | 'paused';

export type Subscription = {
  id: string;
  object: 'subscription';
  application: string | null;
  application_fee_percent: number | null;
  automatic_tax: { enabled: boolean; liability: null | { type: string }; disabled_reason: null };
  billing_cycle_anchor: number;
  billing_cycle_anchor_config: null;
  billing_mode: { type: 'classic' | 'flexible'; flexible: null | Record<string, unknown> };
  billing_schedules?: unknown[];
  billing_thresholds: null;
  cancel_at: number | null;
  cancel_at_period_end: boolean;
  canceled_at: number | null;
  cancellation_details: { comment: string | null; feedback: string | null; reason: string | null };
  collection_method: 'charge_automatically' | 'send_invoice';
  created: number;
  currency: string;
  customer: string;
  customer_account: string | null;
  days_until_due: number | null;
  default_payment_method: string | null;
  default_source: string | null;
  default_tax_rates: unknown[];
  description: string | null;
  discounts: string[];
  ended_at: number | null;
  invoice_settings: { account_tax_ids: null; issuer: { type: 'self' } };
  items: ListObject<SubscriptionItem>;
  latest_invoice: string | null;
  livemode: false;
  managed_payments?: null | { enabled: boolean };
  metadata: Metadata;
  next_pending_invoice_item_invoice: number | null;
  on_behalf_of: string | null;
  pause_collection: null | {
    behavior: 'keep_as_draft' | 'mark_uncollectible' | 'void';
    resumes_at: number | null;
  };
  payment_settings: {
    payment_method_options: null;
    payment_method_types: string[] | null;
    save_default_payment_method: 'off' | 'on_subscription' | null;
  };
  pending_invoice_item_interval: null;
  pending_setup_intent: string | null;
  pending_update: null;
  schedule: string | null;
  start_date: number;
  status: SubscriptionStatus;
  test_clock: null;
  transfer_data: null;
  trial_end: number | null;
  trial_settings: { end_behavior: { missing_payment_method: 'cancel' | 'create_invoice' | 'pause' } };
  trial_start: number | null;
};

export type InvoiceLineItem = {
  id: string;
  object: 'line_item';
  amount: number;
  currency: string;
  description: string | null;
  discount_amounts: unknown[];
  discountable: boolean;
  discounts: string[];
  invoice: string;
  livemode: false;
  metadata: Metadata;
  parent: {
    type: 'subscription_item_details' | 'invoice_item_details';
    invoice_item_details: null;
    subscription_item_details: null | {
      invoice_item: null;
      proration: boolean;
      proration_details: { credited_items: null };
      subscription: string;
      subscription_item: string;
    };
  };
  period: { end: number; start: number };
  pretax_credit_amounts: unknown[];
  pricing: {
    type: 'price_details';
    price_details: { price: string; product: string };
    unit_amount_decimal: string | null;
  };
  quantity: number | null;
  quantity_decimal: string | null;
  subscription: string | null;
  subtotal: number;
  taxes: unknown[];
};

export type InvoiceStatus = 'draft' | 'open' | 'paid' | 'uncollectible' | 'void';

export type Invoice = {
  id: string;
  object: 'invoice';
  account_country: string;
  account_name: string | null;
  account_tax_ids: null;
  amount_due: number;
  amount_overpaid: number;
  amount_paid: number;
  amount_remaining: number;
  amount_shipping: number;
  application: string | null;
  attempt_count: number;
  attempted: boolean;
  auto_advance: boolean;
  automatic_tax: Record<string, unknown>;
  automatically_finalizes_at: number | null;
  billing_reason:
    'subscription_create' | 'subscription_cycle' | 'subscription_update' | 'subscription' | 'manual' | null;
  collection_method: 'charge_automatically' | 'send_invoice';
  confirmation_secret?: { client_secret: string; type: 'payment_intent' } | null;
  created: number;
  currency: string;
  custom_fields: null;
  customer: string;
  customer_account: string | null;
  customer_address: Address | null;
  customer_email: string | null;
  customer_name: string | null;
  customer_phone: string | null;
  customer_shipping: null;
  customer_tax_exempt: 'none' | 'exempt' | 'reverse';
  customer_tax_ids: unknown[];
  default_payment_method: string | null;
  default_source: string | null;
  default_tax_rates: unknown[];
  description: string | null;
  discounts: string[];
  due_date: number | null;
  effective_at: number | null;
  ending_balance: number | null;
  footer: string | null;
  from_invoice: null;
  hosted_invoice_url: string | null;
  invoice_pdf: string | null;
  issuer: { type: 'self' };
  last_finalization_error: null;
  latest_revision: null;
  lines: ListObject<InvoiceLineItem>;
  livemode: false;
  metadata: Metadata;
  next_payment_attempt: number | null;
  number: string | null;
  on_behalf_of: string | null;
  parent: {
    type: 'subscription_details' | 'quote_details';
    quote_details: null;
    subscription_details: null | { metadata: Metadata | null; subscription: string };
  } | null;
  payment_settings: { default_mandate: null; payment_method_options: null; payment_method_types: null };
  payments?: ListObject<InvoicePayment>;
  period_end: number;
  period_start: number;
  post_payment_credit_notes_amount: number;
  pre_payment_credit_notes_amount: number;
  receipt_number: string | null;
  rendering: null;
  shipping_cost: null;
  shipping_details: null;
  starting_balance: number;
  statement_descriptor: string | null;
  status: InvoiceStatus;
  status_transitions: {
    finalized_at: number | null;
    marked_uncollectible_at: number | null;
    paid_at: number | null;
    voided_at: number | null;
  };
  /** Present in Stripe's fixture (always null in this API version; the subscription sits under `parent`). */
  subscription: null;
  subtotal: number;
  subtotal_excluding_tax: number;
  test_clock: null;
  total: number;
  total_discount_amounts: unknown[];
  total_excluding_tax: number;
  total_pretax_credit_amounts: unknown[];
  total_taxes: unknown[];
  webhooks_delivered_at: number | null;
};

export type InvoicePayment = {
  id: string;
  object: 'invoice_payment';
  amount_paid: number | null;
  amount_requested: number;
  created: number;
  currency: string;
  invoice: string;
  is_default: boolean;
  livemode: false;
  payment: { type: 'payment_intent'; payment_intent: string };
  status: 'open' | 'paid' | 'canceled';
  status_transitions: { canceled_at: number | null; paid_at: number | null };
};

export type CardDetails = {
  brand: string;
  checks: { address_line1_check: null; address_postal_code_check: null; cvc_check: 'pass' | 'unchecked' };
  country: string;
  display_brand: string;
  exp_month: number;
  exp_year: number;
  fingerprint: string;
  funding: 'credit' | 'debit' | 'prepaid' | 'unknown';
  generated_from: null;
  last4: string;
  networks: { available: string[]; preferred: null };
  regulated_status: 'unregulated' | null;
  three_d_secure_usage: { supported: boolean };
  wallet: null;
};

export type BillingDetails = {
  address: Address;
  email: string | null;
  name: string | null;
  phone: string | null;
  tax_id: string | null;
};

export type PaymentMethod = {
  id: string;
  object: 'payment_method';
  allow_redisplay: 'always' | 'limited' | 'unspecified';
  billing_details: BillingDetails;
  card: CardDetails;
  created: number;
  customer: string | null;
  customer_account: string | null;
  livemode: false;
  metadata: Metadata;
  type: 'card';
};

export type StripeErrorObject = {
  type: string;
  code?: string;
  decline_code?: string;
  message: string;
  param?: string;
  payment_method?: PaymentMethod;
};

export type SetupIntentStatus =
  | 'requires_payment_method'
  | 'requires_confirmation'
  | 'requires_action'
  | 'processing'
  | 'canceled'
  | 'succeeded';

export type SetupIntent = {
  id: string;
  object: 'setup_intent';
  allowed_payment_method_types: string[] | null;
  application: string | null;
  automatic_payment_methods: null | { enabled: boolean };
  cancellation_reason: string | null;
  client_secret: string;
  created: number;
  customer: string | null;
  customer_account: string | null;
  description: string | null;
  excluded_payment_method_types: null;
  flow_directions: null;
  last_setup_error: StripeErrorObject | null;
  latest_attempt: string | null;
  livemode: false;
  mandate: string | null;
  metadata: Metadata;
  next_action: null;
  on_behalf_of: string | null;
  payment_method: string | null;
  payment_method_configuration_details: null;
  payment_method_options: Record<string, unknown>;
  payment_method_types: string[];
  single_use_mandate: string | null;
  status: SetupIntentStatus;
  usage: 'off_session' | 'on_session';
};

export type PaymentIntentStatus =
  | 'requires_payment_method'
  | 'requires_confirmation'
  | 'requires_action'
  | 'processing'
  | 'requires_capture'
  | 'canceled'
  | 'succeeded';

export type PaymentIntent = {
  id: string;
  object: 'payment_intent';
  allowed_payment_method_types: string[] | null;
  amount: number;
  amount_capturable: number;
  amount_details: Record<string, unknown>;
  amount_received: number;
  application: string | null;
  application_fee_amount: number | null;
  automatic_payment_methods: null | { enabled: boolean };
  canceled_at: number | null;
  cancellation_reason: string | null;
  capture_method: 'automatic';
  client_secret: string;
  confirmation_method: 'automatic';
  created: number;
  currency: string;
  customer: string | null;
  customer_account: string | null;
  description: string | null;
  excluded_payment_method_types: null;
  last_payment_error: StripeErrorObject | null;
  latest_charge: string | null;
  livemode: false;
  managed_payments: null;
  metadata: Metadata;
  next_action: null;
  on_behalf_of: string | null;
  payment_method: string | null;
  payment_method_configuration_details: null;
  payment_method_options: Record<string, unknown>;
  payment_method_types: string[];
  payment_record?: string | null;
  processing: null;
  receipt_email: string | null;
  review: string | null;
  setup_future_usage: 'off_session' | 'on_session' | null;
  shipping: null;
  source: null;
  statement_descriptor: string | null;
  statement_descriptor_suffix: string | null;
  status: PaymentIntentStatus;
  transfer_data: null;
  transfer_group: string | null;
};

export type Charge = Record<string, unknown> & {
  id: string;
  object: 'charge';
  amount: number;
  currency: string;
  customer: string | null;
  payment_intent: string | null;
  payment_method: string | null;
  status: 'succeeded' | 'pending' | 'failed';
  paid: boolean;
  failure_code: string | null;
  failure_message: string | null;
};

export type Meter = {
  id: string;
  object: 'billing.meter';
  created: number;
  customer_mapping: { event_payload_key: string; type: 'by_id' };
  default_aggregation: { formula: 'sum' | 'count' | 'last' };
  display_name: string;
  event_name: string;
  event_time_window: 'day' | 'hour' | null;
  livemode: false;
  status: 'active' | 'inactive';
  status_transitions: { deactivated_at: number | null };
  updated: number;
  value_settings: { event_payload_key: string };
};

export type MeterEvent = {
  object: 'billing.meter_event';
  created: number;
  event_name: string;
  identifier: string;
  livemode: false;
  payload: Record<string, string>;
  timestamp: number;
};

export type StripeEvent = {
  id: string;
  object: 'event';
  account?: string;
  api_version: string;
  context?: string;
  created: number;
  data: { object: unknown; previous_attributes?: Record<string, unknown> };
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  type: string;
};

/** Objects of one account, by id (insertion order = creation order). */
export type Collections = {
  customers: Record<string, Customer>;
  products: Record<string, Product>;
  prices: Record<string, Price>;
  subscriptions: Record<string, Subscription>;
  invoices: Record<string, Invoice>;
  payment_methods: Record<string, PaymentMethod>;
  setup_intents: Record<string, SetupIntent>;
  payment_intents: Record<string, PaymentIntent>;
  charges: Record<string, Charge>;
  meters: Record<string, Meter>;
  meter_events: MeterEvent[];
  /** Deleted objects stay retrievable as `{ id, object, deleted: true }`. */
  deleted: Record<string, string>;
};

/** Bookkeeping Stripe keeps internally and never shows as fields. */
export type Internal = {
  /** invoice id → its payment intents, oldest first */
  invoicePayments: Record<string, string[]>;
  /** payment intent id → invoice id */
  paymentIntentInvoice: Record<string, string>;
  /** subscriptions whose `customer.subscription.trial_will_end` went out */
  trialWillEndSent: Record<string, number>;
};

export type AccountRole = 'platform' | 'connected' | 'standalone';

export type AccountEntry = {
  account: Account;
  role: AccountRole;
  /** Platform this account granted access to through OAuth, if it still does. */
  connectedTo: string | null;
  secretKeys: string[];
  publishableKey: string;
  objects: Collections;
  internal: Internal;
  events: StripeEvent[];
  /** Restricted keys (`rk_`) made on the account's dashboard; absent in states saved before them. */
  restrictedKeys?: RestrictedKey[];
  /** Webhook endpoints the account itself registered over the API; absent in older states. */
  webhookEndpoints?: AccountWebhookEndpoint[];
};

/** What a restricted key may do on one kind of resource: write includes read. */
export type KeyAccess = 'read' | 'write';

export type RestrictedKey = {
  key: string;
  name: string;
  created: number;
  /** Resource (`customers`, `webhook_endpoints`…) → access; a resource not listed is "None". */
  permissions: Record<string, KeyAccess>;
};

/** A webhook endpoint as `GET /v1/webhook_endpoints/:id` answers it (stripe/openapi `webhook_endpoint`). */
export type WebhookEndpointObject = {
  id: string;
  object: 'webhook_endpoint';
  api_version: string | null;
  application: string | null;
  created: number;
  description: string | null;
  enabled_events: string[];
  livemode: false;
  metadata: Metadata;
  status: 'enabled' | 'disabled';
  url: string;
};

/** The endpoint with the signing secret Stripe shows only when it is created. */
export type AccountWebhookEndpoint = WebhookEndpointObject & { secret: string };

export type OAuthCode = {
  code: string;
  accountId: string;
  clientId: string;
  scope: string;
  createdAt: number;
  used: boolean;
};

export type OAuthGrant = { refreshToken: string; accountId: string; clientId: string; accessToken: string };

export type StripeData = {
  version: 1;
  clockOffsetSeconds: number;
  platformAccountId: string;
  /** Connect client id → platform account id */
  clientIds: Record<string, string>;
  accounts: Record<string, AccountEntry>;
  oauthCodes: Record<string, OAuthCode>;
  oauthGrants: Record<string, OAuthGrant>;
};
