import type { ProviderRule } from './provider-rule.ts';

const spec = 'stripe/openapi: openapi/spec3.json';

export const stripeRules: readonly ProviderRule[] = [
  {
    id: 'stripe.unknown-parameter',
    provider: 'stripe',
    rule: 'A parameter the endpoint does not define, in the form or the query string → 400 invalid_request_error, code parameter_unknown, param = its name, message `Received unknown parameter: <name>`. Nothing is done and no idempotent result is saved. Known names per endpoint: stripe/http/known-params.ts.',
    source: `${spec} (each operation's query \`parameters\` and form \`requestBody\` schema, \`additionalProperties: false\`); https://docs.stripe.com/error-codes/parameter-unknown; https://docs.stripe.com/api/idempotent_requests (failed validation saves no result)`,
    stricter:
      'The docs give the code, not the wording: the message follows the answers Stripe gives, minus the `Did you mean …?` hint it sometimes appends (messages are not for parsing).',
  },
  {
    id: 'stripe.unknown-nested-parameter',
    provider: 'stripe',
    rule: 'An unknown key inside a hash or a list of hashes is named by its bracket path, as Stripe names it: `items[0][price_data][product_data]`, `address[colour]`. Checked inside the hashes the stand-in reads (items, price_data, recurring, product_data, default_price_data, address, shipping, invoice_settings, card, billing_details, payment_settings, trial_settings, pause_collection, cancellation_details, meter settings); free-form `metadata` and `payload` take any key.',
    source: `${spec} (the nested \`properties\` of each request parameter)`,
  },
  {
    id: 'stripe.unknown-parameters',
    provider: 'stripe',
    rule: 'Several unknown parameters → one answer naming them all: `Received unknown parameters: a, b`, param = the first.',
    source: `${spec}; https://docs.stripe.com/error-codes/parameter-unknown ("one or more unexpected parameters")`,
    stricter: 'The plural wording is what Stripe answers; the docs only say that one or more are reported.',
  },
  {
    id: 'stripe.invalid-currency',
    provider: 'stripe',
    rule: 'A currency Stripe does not support, wherever the stand-in takes one (prices, `default_price_data`, subscription items’ `price_data`, the prices list filter) → 400 invalid_request_error, no code, param = the currency param (`items[0][price_data][currency]` when nested), message `Invalid currency: <value>. Stripe currently supports these currencies: usd, aed, afn, …`.',
    source: `${spec} (currency parameters: \`format: currency\`, "Must be a supported currency"); https://docs.stripe.com/currencies`,
    stricter:
      'The docs list the currencies but not the answer: message, missing code and the order of the list follow the answer Stripe gives. A currency Stripe added after that list is refused (stricter).',
  },
  {
    id: 'stripe.currency-lower-case',
    provider: 'stripe',
    rule: 'An upper-case currency (`USD`) is refused like an unsupported one: `Invalid currency: USD. …`.',
    source: `${spec} (currency parameters: "Three-letter ISO currency code, in lowercase"); https://docs.stripe.com/currencies`,
    stricter:
      'The spec asks for lower case but does not say what happens to `USD`; Stripe appears to lower-case it. Refusing it is the stricter reading: the product must send lower-case codes.',
  },
  {
    id: 'stripe.oauth-unregistered-redirect-uri',
    provider: 'stripe',
    rule: 'Connect OAuth `/oauth/authorize` with a `redirect_uri` that does not exactly match one of the platform’s registered redirect URIs (`stripeCredentials.redirectUris`) → an error on Stripe’s own page (400), never a redirect to that URI; the same for the consent form.',
    source:
      'https://docs.stripe.com/connect/oauth-reference (redirect_uri: "must exactly match one of the … redirect_uri values in your application settings")',
    stricter:
      'The reference does not show the refusal (early versions fell back to the default URI); the stand-in shows an error and redirects nowhere, as RFC 6749 §4.1.2.1 requires of an invalid redirection URI.',
  },
  {
    id: 'stripe.oauth-default-redirect-uri',
    provider: 'stripe',
    rule: 'Connect OAuth without `redirect_uri` sends the user back to the platform’s first registered redirect URI; with none registered it is the error page.',
    source:
      'https://docs.stripe.com/connect/oauth-reference ("If no redirect_uri is specified in the URL, then Stripe uses the first URI configured in your platform settings")',
  },
];
