import type { Params } from '../params.ts';

/** Parameter names an endpoint knows; a nested `Known` spells out a hash, `true` takes the value whole. */
export type Known = { readonly [param: string]: Known | true };

const known = (names: string, nested: Record<string, Known> = {}): Known => ({
  ...Object.fromEntries(
    names
      .split(' ')
      .filter(Boolean)
      .map((name) => [name, true] as const),
  ),
  ...nested,
});

const page = 'ending_before limit starting_after';
const expandOnly = known('expand');
const search = known('expand limit page query');

const address = known('city country line1 line2 postal_code state');
const customerHashes = {
  address,
  shipping: known('name phone', { address }),
  invoice_settings: known('custom_fields default_payment_method footer rendering_options'),
};
const customer =
  'balance business_name cash_balance description email expand individual_name invoice_prefix metadata name next_invoice_sequence phone preferred_locales source tax tax_exempt validate';

const itemPriceData = known('currency product tax_behavior unit_amount unit_amount_decimal', {
  recurring: known('interval interval_count'),
});
const subscriptionItem = 'billing_thresholds current_trial discounts metadata plan price quantity tax_rates';
const subscriptionHashes = {
  payment_settings: known('payment_method_options payment_method_types save_default_payment_method'),
  trial_settings: known('', { end_behavior: known('billing_cycle_anchor missing_payment_method') }),
};
const subscription =
  'add_invoice_items application_fee_percent automatic_tax billing_cycle_anchor billing_schedules billing_thresholds cancel_at cancel_at_period_end collection_method days_until_due default_payment_method default_source default_tax_rates description discounts expand invoice_settings metadata off_session on_behalf_of payment_behavior pending_invoice_item_interval proration_behavior transfer_data trial_end trial_from_plan';
const cancellationDetails = known('comment feedback feedback_option');

const paymentMethodHashes = (card: string) => ({
  billing_details: known('email name phone tax_id', { address }),
  card: known(`${card} networks`),
});

/**
 * What Stripe's OpenAPI spec (stripe/openapi, `openapi/spec3.json`: each operation's query
 * `parameters` and its form `requestBody`, which has `additionalProperties: false`) lists for every
 * route the stand-in serves, at the API version it speaks. Top-level names for every route; inside,
 * only the hashes the stand-in reads are spelled out, the others (and free-form `metadata`,
 * `payload`) are taken whole. Keyed by `METHOD url` as the routes are registered.
 */
export const knownParams: Readonly<Record<string, Known>> = {
  'GET /v1/account': expandOnly,
  'GET /v1/accounts/:account': expandOnly,
  'GET /v1/accounts': known(`created expand ${page}`),

  'POST /v1/customers': known(`${customer} payment_method tax_id_data test_clock`, customerHashes),
  'GET /v1/customers': known(`created email expand test_clock ${page}`),
  'GET /v1/customers/search': search,
  'GET /v1/customers/:id': expandOnly,
  'POST /v1/customers/:id': known(`${customer} default_source`, customerHashes),
  'DELETE /v1/customers/:id': known(''),
  'GET /v1/customers/:id/payment_methods': known(`allow_redisplay expand type ${page}`),
  'GET /v1/customers/:id/payment_methods/:pm': expandOnly,

  'POST /v1/products': known(
    'name active description expand id images marketing_features metadata package_dimensions shippable statement_descriptor tax_code tax_details type unit_label url',
    {
      default_price_data: known(
        'currency currency_options custom_unit_amount metadata tax_behavior unit_amount unit_amount_decimal',
        { recurring: known('interval interval_count') },
      ),
    },
  ),
  'GET /v1/products': known(`active created expand ids shippable type url ${page}`),
  'GET /v1/products/search': search,
  'GET /v1/products/:id': expandOnly,
  'POST /v1/products/:id': known(
    'active default_price description expand images marketing_features metadata name package_dimensions shippable statement_descriptor tax_code tax_details unit_label url',
  ),
  'DELETE /v1/products/:id': known(''),

  'POST /v1/prices': known(
    'currency active billing_scheme currency_options custom_unit_amount expand lookup_key metadata nickname product tax_behavior tiers tiers_mode transfer_lookup_key transform_quantity unit_amount unit_amount_decimal',
    {
      product_data: known('active id metadata name statement_descriptor tax_code tax_details unit_label'),
      recurring: known('interval interval_count meter trial_period_days usage_type'),
    },
  ),
  'GET /v1/prices': known(`active created currency expand lookup_keys product type ${page}`, {
    recurring: known('interval meter usage_type'),
  }),
  'GET /v1/prices/search': search,
  'GET /v1/prices/:id': expandOnly,
  'POST /v1/prices/:id': known(
    'active currency_options expand lookup_key metadata nickname tax_behavior transfer_lookup_key',
  ),

  'POST /v1/subscriptions': known(
    `${subscription} backdate_start_date billing_cycle_anchor_config billing_mode currency customer customer_account trial_period_days`,
    { ...subscriptionHashes, items: known(subscriptionItem, { price_data: itemPriceData }) },
  ),
  'GET /v1/subscriptions': known(
    `automatic_tax collection_method created current_period_end current_period_start customer customer_account expand plan price status test_clock ${page}`,
  ),
  'GET /v1/subscriptions/search': search,
  'GET /v1/subscriptions/:id': expandOnly,
  'POST /v1/subscriptions/:id': known(`${subscription} proration_date`, {
    ...subscriptionHashes,
    items: known(`${subscriptionItem} clear_usage deleted id`, { price_data: itemPriceData }),
    cancellation_details: cancellationDetails,
    pause_collection: known('behavior resumes_at'),
  }),
  'DELETE /v1/subscriptions/:id': known('expand invoice_now prorate', {
    cancellation_details: cancellationDetails,
  }),
  'POST /v1/subscriptions/:id/resume': known(
    'billing_cycle_anchor expand payment_behavior proration_behavior proration_date',
  ),
  'GET /v1/subscription_items': known(`expand subscription ${page}`),

  'GET /v1/invoices': known(
    `collection_method created customer customer_account due_date expand status subscription ${page}`,
  ),
  'GET /v1/invoices/search': search,
  'GET /v1/invoices/:id': expandOnly,
  'GET /v1/invoices/:id/lines': known(`expand ${page}`),
  'POST /v1/invoices/:id/finalize': known('auto_advance expand'),
  'POST /v1/invoices/:id/pay': known(
    'expand forgive mandate off_session paid_out_of_band payment_method source',
  ),
  'POST /v1/invoices/:id/void': expandOnly,
  'POST /v1/invoices/:id/mark_uncollectible': expandOnly,
  'GET /v1/invoice_payments': known(`created expand invoice payment status ${page}`),

  'POST /v1/payment_methods': known(
    'acss_debit affirm afterpay_clearpay alipay allow_redisplay alma amazon_pay au_becs_debit bacs_debit bancontact billie bizum blik boleto cashapp crypto custom customer customer_balance eps expand fpx giropay grabpay ideal interac_present kakao_pay klarna konbini kr_card link mb_way metadata mobilepay multibanco naver_pay nz_bank_account oxxo p24 pay_by_bank payco payment_method paynow paypal paypay payto pix promptpay radar_options revolut_pay samsung_pay satispay scalapay sepa_debit sequra sofort sunbit swish twint type upi us_bank_account wechat_pay zip',
    paymentMethodHashes('cvc exp_month exp_year number token'),
  ),
  'GET /v1/payment_methods': known(`allow_redisplay customer customer_account expand type ${page}`),
  'GET /v1/payment_methods/:id': expandOnly,
  'POST /v1/payment_methods/:id': known(
    'allow_redisplay expand metadata us_bank_account',
    paymentMethodHashes('exp_month exp_year'),
  ),
  'POST /v1/payment_methods/:id/attach': known('customer customer_account expand'),
  'POST /v1/payment_methods/:id/detach': expandOnly,

  'POST /v1/setup_intents': known(
    'allowed_payment_method_types attach_to_self automatic_payment_methods confirm confirmation_token customer customer_account description excluded_payment_method_types expand flow_directions mandate_data metadata on_behalf_of payment_method payment_method_configuration payment_method_data payment_method_options return_url single_use usage use_stripe_sdk',
  ),
  'GET /v1/setup_intents': known(
    `attach_to_self created customer customer_account expand payment_method ${page}`,
  ),
  'GET /v1/setup_intents/:id': known('client_secret expand'),
  'POST /v1/setup_intents/:id/confirm': known(
    'allowed_payment_method_types client_secret confirmation_token expand mandate_data payment_method payment_method_data payment_method_options return_url use_stripe_sdk',
  ),
  'POST /v1/setup_intents/:id/cancel': known('cancellation_reason expand'),
  'GET /v1/payment_intents': known(`created customer customer_account expand ${page}`),
  'GET /v1/payment_intents/:id': known('client_secret expand'),
  'POST /v1/payment_intents/:id/confirm': known(
    'allowed_payment_method_types amount_details amount_to_confirm capture_method client_secret confirmation_token error_on_requires_action excluded_payment_method_types expand hooks mandate mandate_data off_session payment_details payment_method payment_method_data payment_method_options radar_options receipt_email return_url setup_future_usage shipping use_stripe_sdk',
  ),

  'GET /v1/charges': known(`created customer expand payment_intent transfer_group ${page}`),
  'GET /v1/charges/:id': expandOnly,
  'POST /v1/webhook_endpoints': known('api_version description enabled_events expand metadata url'),
  'GET /v1/webhook_endpoints': known(`expand ${page}`),
  'GET /v1/webhook_endpoints/:id': expandOnly,
  'DELETE /v1/webhook_endpoints/:id': known(''),
  'GET /v1/events': known(`created delivery_success expand type types ${page}`),
  'GET /v1/events/:id': expandOnly,
  'POST /v1/billing/meters': known('display_name event_name event_time_window expand', {
    default_aggregation: known('formula'),
    customer_mapping: known('event_payload_key type'),
    value_settings: known('event_payload_key'),
  }),
  'GET /v1/billing/meters': known(`expand status ${page}`),
  'GET /v1/billing/meters/:id': expandOnly,
  'POST /v1/billing/meter_events': known('event_name expand identifier payload timestamp'),
};

const isRecord = (value: unknown): value is Params =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Arrays arrive as arrays, or as objects keyed by index when they are long. */
const elementsOf = (value: unknown): [string, unknown][] | undefined => {
  if (Array.isArray(value)) return value.map((element, index) => [String(index), element]);
  if (isRecord(value) && Object.keys(value).every((key) => /^\d+$/.test(key))) return Object.entries(value);
  return undefined;
};

/** Every parameter `shape` does not know, named as Stripe names them: `items[0][price_data][product_data]`. */
export const unknownParams = (params: Params, shape: Known, prefix = ''): string[] =>
  Object.entries(params).flatMap(([key, value]) => {
    const name = prefix ? `${prefix}[${key}]` : key;
    if (!Object.hasOwn(shape, key)) return [name];
    const inner = shape[key];
    if (inner === true || inner === undefined) return [];
    const elements = elementsOf(value);
    if (elements) {
      return elements.flatMap(([index, element]) =>
        isRecord(element) ? unknownParams(element, inner, `${name}[${index}]`) : [],
      );
    }
    return isRecord(value) ? unknownParams(value, inner, name) : [];
  });
