import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import { faultHook, type FaultInjector } from '../faults.ts';
import {
  registerCors,
  registerHostCheck,
  registerSameOriginWrites,
  type BrowserAccess,
} from '../shared/browser-guard.ts';
import { parseQuery, registerBodyParsers } from '../shared/http.ts';
import { StripeApiError } from './errors.ts';
import { apiKeyOf } from './http/auth.ts';
import { hostedRoutes } from './hosted.ts';
import { IdempotencyCache } from './http/idempotency.ts';
import { apiRouter } from './http/route.ts';
import { requestId } from './ids.ts';
import { oauthRoutes } from './oauth.ts';
import { accountRoutes } from './routes/accounts.ts';
import { catalogRoutes } from './routes/catalog.ts';
import { customerRoutes } from './routes/customers.ts';
import { intentRoutes } from './routes/intents.ts';
import { invoiceRoutes } from './routes/invoices.ts';
import { miscRoutes } from './routes/misc.ts';
import { paymentMethodRoutes } from './routes/payment-methods.ts';
import { subscriptionRoutes } from './routes/subscriptions.ts';
import { webhookEndpointRoutes } from './routes/webhook-endpoints.ts';
import type { StripeRuntime } from './runtime.ts';
import { browserScriptRoute } from './browser.ts';

const stripeErrorBody = (status: number): unknown =>
  status === 429
    ? {
        error: {
          type: 'invalid_request_error',
          code: 'rate_limit',
          message:
            'Too many requests hit the API too quickly. We recommend an exponential backoff of your requests.',
        },
      }
    : {
        error: { type: 'api_error', message: `The sandbox was told to fail this request (HTTP ${status}).` },
      };

export type StripeServerOptions = {
  rt: StripeRuntime;
  faults: FaultInjector;
  logger: boolean;
  browserAccess: BrowserAccess;
};

/** The Stripe stand-in: Stripe's wire format (forms in, JSON out, Stripe's errors), OAuth, hosted pages. */
export const buildStripeServer = ({
  rt,
  faults,
  logger,
  browserAccess,
}: StripeServerOptions): FastifyInstance => {
  const app = Fastify({
    logger,
    genReqId: () => requestId(),
    routerOptions: { querystringParser: parseQuery },
    bodyLimit: 4 * 1024 * 1024,
    // A stand-in stops at once: requests held by an injected latency fault are cut, not awaited.
    forceCloseConnections: true,
  });
  registerBodyParsers(app);
  registerHostCheck(app, browserAccess.hostnames);
  // Stripe.js calls the API from the app's pages; the control page posts only to itself.
  registerCors(app, browserAccess.appOrigins, '/v1/');
  registerSameOriginWrites(app, '/_sandbox');
  app.addHook('onRequest', async (request, reply) => {
    reply.header('Request-Id', request.id);
    reply.header('Stripe-Version', rt.apiVersion);
  });
  app.addHook(
    'onRequest',
    faultHook(faults, 'stripe', stripeErrorBody, (request) => {
      const target = request.headers['stripe-account'];
      if (typeof target === 'string' && target) return target;
      const key = apiKeyOf(request);
      return key ? rt.store.keyInfo(key)?.accountId : undefined;
    }),
  );

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof StripeApiError) {
      return reply.code(error.statusCode).headers(error.headers).send({ error: error.body });
    }
    const status = error.statusCode ?? 500;
    if (status < 500) {
      return reply.code(status).send({ error: { type: 'invalid_request_error', message: error.message } });
    }
    request.log.error(error);
    return reply
      .code(500)
      .send({ error: { type: 'api_error', message: 'An unknown error occurred in the sandbox.' } });
  });

  app.setNotFoundHandler((request, reply) =>
    reply.code(404).send({
      error: {
        type: 'invalid_request_error',
        message: `Unrecognized request URL (${request.method}: ${request.url.split('?')[0]}). The Billbridge sandbox implements the subset of the Stripe API Billbridge uses.`,
      },
    }),
  );

  const route = apiRouter(app, rt, new IdempotencyCache());
  accountRoutes(route);
  customerRoutes(route);
  catalogRoutes(route);
  subscriptionRoutes(route);
  invoiceRoutes(route);
  paymentMethodRoutes(route);
  intentRoutes(route);
  miscRoutes(route);
  webhookEndpointRoutes(route);
  oauthRoutes(app, rt);
  hostedRoutes(app, rt);
  browserScriptRoute(app, rt);
  return app;
};
