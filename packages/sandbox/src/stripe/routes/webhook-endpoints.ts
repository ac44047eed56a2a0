import { invalidRequest, missingParam, noSuch } from '../errors.ts';
import { paginate } from '../http/list.ts';
import { query, type Register } from '../http/route.ts';
import { stripeId, webhookSecret } from '../ids.ts';
import { metadata, requireStr, str, stringList } from '../params.ts';
import type { AccountEntry, AccountWebhookEndpoint, WebhookEndpointObject } from '../types.ts';

/** The endpoint without its secret, which Stripe answers only on creation (stripe/openapi `webhook_endpoint.secret`). */
const withoutSecret = ({ secret: _secret, ...endpoint }: AccountWebhookEndpoint): WebhookEndpointObject =>
  endpoint;

const endpointsOf = (entry: AccountEntry): AccountWebhookEndpoint[] => (entry.webhookEndpoints ??= []);

const findEndpoint = (entry: AccountEntry, id: string): AccountWebhookEndpoint => {
  const endpoint = endpointsOf(entry).find((candidate) => candidate.id === id);
  if (!endpoint) throw noSuch('webhook endpoint', id);
  return endpoint;
};

/**
 * An account's own webhook endpoints (stripe/openapi `/v1/webhook_endpoints`): created with `url`
 * and `enabled_events` (both required; `*` for every type), the signing secret in the creation
 * answer only, deleted as `{ id, object, deleted: true }`. The sandbox delivers the account's
 * events to each enabled one, signed with its secret (`events.ts`).
 */
export const webhookEndpointRoutes = (route: Register): void => {
  route('POST', '/v1/webhook_endpoints', (call) =>
    query(call, (ctx) => {
      const url = requireStr(call.params, 'url');
      if (!/^https?:\/\//.test(url)) throw invalidRequest('Invalid URL: must be an http(s) URL.', 'url');
      const events = stringList(call.params, 'enabled_events');
      if (!events || events.length === 0) throw missingParam('enabled_events');
      const endpoint: AccountWebhookEndpoint = {
        id: stripeId('we'),
        object: 'webhook_endpoint',
        api_version: str(call.params, 'api_version') ?? null,
        application: null,
        created: ctx.rt.clock.now(),
        description: str(call.params, 'description') ?? null,
        enabled_events: events,
        livemode: false,
        metadata: metadata(call.params),
        status: 'enabled',
        url,
        secret: webhookSecret(),
      };
      endpointsOf(ctx.entry).push(endpoint);
      ctx.rt.store.touch();
      return endpoint;
    }),
  );

  route('GET', '/v1/webhook_endpoints', (call) =>
    query(call, (ctx) =>
      paginate(endpointsOf(ctx.entry).map(withoutSecret).reverse(), call.params, '/v1/webhook_endpoints'),
    ),
  );

  route('GET', '/v1/webhook_endpoints/:id', (call) =>
    query(call, (ctx) => withoutSecret(findEndpoint(ctx.entry, call.path.id ?? ''))),
  );

  route('DELETE', '/v1/webhook_endpoints/:id', (call) =>
    query(call, (ctx) => {
      const endpoint = findEndpoint(ctx.entry, call.path.id ?? '');
      ctx.entry.webhookEndpoints = endpointsOf(ctx.entry).filter((candidate) => candidate !== endpoint);
      ctx.rt.store.touch();
      return { id: endpoint.id, object: 'webhook_endpoint', deleted: true };
    }),
  );
};
