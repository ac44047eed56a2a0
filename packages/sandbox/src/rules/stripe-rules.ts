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
  {
    id: 'stripe.restricted-key-permission',
    provider: 'stripe',
    rule: 'A restricted key (`rk_`) calling an endpoint whose resource it was not given (None), or writing (POST, DELETE) where it was given Read → 403 invalid_request_error naming the permission that would let it through (`<resource>_read` / `<resource>_write`); nothing is done. Write includes read. Resources by path: stripe/http/permissions.ts.',
    source:
      'https://docs.stripe.com/keys/restricted-api-keys ("If a restricted API key doesn\'t have the permissions required for an API request, Stripe returns an invalid request error"; each resource: None, Read or Write); stripe-node lib/Error.ts (403 → StripePermissionError)',
    stricter:
      'The issue named the type `permission_error`; Stripe’s page says an invalid request error, which the SDKs raise as their permission error for the 403. The stand-in answers as the page says. Endpoints outside the listed resources (the account itself among them) are refused to every restricted key.',
  },
  {
    id: 'stripe.revoked-key',
    provider: 'stripe',
    rule: 'A restricted key deleted on the dashboard (the control page’s "Delete key") → 401 on every call, `Invalid API Key provided: <masked key>`.',
    source:
      'https://docs.stripe.com/keys (deleting a key makes it stop working at once); https://docs.stripe.com/api/errors (401 Unauthorized: no valid API key provided)',
  },
  {
    id: 'stripe.webhook-endpoint-required',
    provider: 'stripe',
    rule: '`POST /v1/webhook_endpoints` without `url` or without `enabled_events` → 400 parameter_missing naming it; the signing `secret` is in the creation answer only, never in a retrieve or list; an account’s endpoint hears only that account’s events of its `enabled_events` (`*` for all), signed with its own secret, until deleted.',
    source: `${spec} (\`/v1/webhook_endpoints\` post: \`required: [enabled_events, url]\`; \`webhook_endpoint.secret\`: "The endpoint's secret, used to generate webhook signatures. Only returned at creation.")`,
  },
];
