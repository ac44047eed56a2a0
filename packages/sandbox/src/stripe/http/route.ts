import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { runOperation } from '../events.ts';
import { authenticationError, StripeApiError, unknownParam } from '../errors.ts';
import { asParams, expandPaths, type Params } from '../params.ts';
import type { Ctx, RequestInfo, StripeRuntime } from '../runtime.ts';
import { authenticate, type Auth } from './auth.ts';
import { expand } from './expand.ts';
import { cacheable, type IdempotencyCache } from './idempotency.ts';
import { knownParams, unknownParams } from './known-params.ts';
import { checkKeyPermission } from './permissions.ts';

export type Call = {
  rt: StripeRuntime;
  auth: Auth;
  params: Params;
  path: Record<string, string>;
  request: RequestInfo;
};

export type Handler = (call: Call) => unknown;

export type ApiRouteOptions = {
  /** Publishable keys may call this route (browser calls; client secrets are checked by the handler). */
  publishable?: boolean;
};

export type Method = 'GET' | 'POST' | 'DELETE';

export type Register = (method: Method, url: string, handler: Handler, options?: ApiRouteOptions) => void;

const readCtx = (call: Call): Ctx => ({
  rt: call.rt,
  accountId: call.auth.accountId,
  entry: call.rt.store.requireEntry(call.auth.accountId),
  request: call.request,
  events: [],
});

/** A state change: runs as one operation (its events published), then applies `expand[]`. */
export const mutate = <T>(call: Call, operation: (ctx: Ctx) => T): T =>
  runOperation(call.rt, call.auth.accountId, call.request, (ctx) =>
    expand(ctx, operation(ctx), expandPaths(call.params)),
  );

/** A read: no events, `expand[]` applied. */
export const query = <T>(call: Call, read: (ctx: Ctx) => T): T => {
  const ctx = readCtx(call);
  return expand(ctx, read(ctx), expandPaths(call.params));
};

const header = (request: FastifyRequest, name: string): string | undefined => {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/**
 * Registers a Stripe API route: authentication (`Authorization`, `Stripe-Account`), publishable-key
 * rules, parameters the endpoint does not know, idempotent replays of POSTs, and Stripe's error
 * shape for anything thrown.
 */
export const apiRouter =
  (app: FastifyInstance, rt: StripeRuntime, idempotency: IdempotencyCache): Register =>
  (method, url, handler, options = {}) => {
    const known = knownParams[`${method} ${url}`];
    if (!known) throw new Error(`No known parameters listed for ${method} ${url}`);
    app.route({
      method,
      url,
      handler: async (request: FastifyRequest, reply: FastifyReply) => {
        const auth = authenticate(rt, request);
        if (auth.kind === 'publishable' && !options.publishable) {
          throw authenticationError(
            'This API call cannot be made with a publishable API key. Please use a secret API key. You can find a list of your API keys at https://dashboard.stripe.com/account/apikeys.',
          );
        }
        checkKeyPermission(auth, method, url);
        const params: Params = { ...asParams(request.query), ...asParams(request.body) };
        // Refused before the endpoint runs, so no idempotent result is saved (Stripe's rule).
        const unknown = unknownParams(params, known);
        if (unknown.length > 0 && process.env.NO_CHECK !== '1') throw unknownParam(unknown);
        const idempotencyKey = header(request, 'idempotency-key') ?? null;
        const cacheKey =
          method === 'POST' && idempotencyKey
            ? `${auth.keyAccountId}|${auth.accountId}|${idempotencyKey}`
            : undefined;
        const fingerprint = `${method} ${request.url.split('?')[0]} ${JSON.stringify(params)}`;
        if (cacheKey) {
          const saved = idempotency.replay(cacheKey, fingerprint);
          if (saved) {
            return reply
              .code(saved.status)
              .header('Idempotent-Replayed', 'true')
              .header('Idempotency-Key', idempotencyKey ?? '')
              .type('application/json')
              .send(saved.body);
          }
        }
        const call: Call = {
          rt,
          auth,
          params,
          path: asParams(request.params) as Record<string, string>,
          request: { id: request.id, idempotency_key: idempotencyKey },
        };
        try {
          const body = JSON.stringify(handler(call));
          if (cacheKey) idempotency.save(cacheKey, fingerprint, 200, body);
          if (idempotencyKey) reply.header('Idempotency-Key', idempotencyKey);
          return reply.type('application/json').send(body);
        } catch (error) {
          if (cacheKey && error instanceof StripeApiError && cacheable(error.statusCode)) {
            idempotency.save(cacheKey, fingerprint, error.statusCode, JSON.stringify({ error: error.body }));
          }
          throw error;
        }
      },
    });
  };
