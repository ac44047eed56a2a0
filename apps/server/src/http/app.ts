import Fastify, { LogController, type FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import type { FunctionRegistry } from '../functions/framework.ts';
import { registerAuthRoute } from './auth-route.ts';
import { registerCloseConnectionsOnClose } from './close-connections.ts';
import { registerCompression } from './compression.ts';
import { registerErrorHandler } from './errors.ts';
import { registerRequestLog } from './request-log.ts';
import { registerFunctionRoute } from './functions-route.ts';
import { registerHealthRoutes } from './health.ts';
import { registerMetricsRoute } from './metrics-route.ts';
import { registerOriginGuard } from './origin-guard.ts';
import { registerSecurityHeaders } from './security-headers.ts';
import { registerSpa } from './spa.ts';
import { registerSandboxHostCheck } from './sandbox-host-check.ts';
import { registerSandboxInfoRoute } from './sandbox-info.ts';
import { registerStripeWebhook } from './stripe-webhook.ts';
import { registerStripeBillingWebhook } from './stripe-billing-webhook.ts';
import { devMailboxEnabled } from '../mail/dev-mailbox.ts';
import { registerDevMailboxRoute } from './dev-mailbox-route.ts';
import { registerDevMailboxPage } from './dev-mailbox-page.ts';

export type HttpOptions = {
  /** The callable functions to answer: the product's registry (main/), or a test's own. */
  functions: FunctionRegistry;
  webDist?: string;
};

/** A hop count means: trust that many proxies in front of us (Fastify's types want it as a function). */
const trustProxyOf = (value: boolean | number | string) =>
  typeof value === 'number' ? (_address: string, hop: number) => hop < value : value;

const baseApp = (context: AppContext): FastifyInstance => {
  const app = Fastify({
    loggerInstance: context.logger,
    // Fastify's own request lines print the whole URL, tokens included: ours below do not.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: 1024 * 1024,
    trustProxy: trustProxyOf(context.config.trustProxy),
  });
  registerRequestLog(app);
  registerErrorHandler(app);
  registerCloseConnectionsOnClose(app);
  return app;
};

/** A worker's only HTTP face, when METRICS_TOKEN is set: health for the orchestrator, /metrics. */
export const buildWorkerHttpApp = (context: AppContext): FastifyInstance => {
  const app = baseApp(context);
  registerHealthRoutes(app, context.database);
  registerMetricsRoute(app, context);
  return app;
};

/** The HTTP face of the server: callable functions, auth, health and the SPA. */
export const buildHttpApp = async (context: AppContext, options: HttpOptions): Promise<FastifyInstance> => {
  const app = baseApp(context);
  if (context.config.sandbox) registerSandboxHostCheck(app, context.config.appUrl);
  await registerCompression(app);
  registerSecurityHeaders(app, context.config.appUrl, context.providers.stripe);
  // OAuth providers come back to /api/auth/callback/* from their own origin; the state guards those.
  registerOriginGuard(app, context.config.appUrl, /^\/api\/(functions\/|auth\/(?!callback\/))/);
  registerHealthRoutes(app, context.database);
  registerMetricsRoute(app, context);
  await registerAuthRoute(app, context.auth, context.config.appUrl);
  registerFunctionRoute(app, context, options.functions);
  registerStripeWebhook(app, context);
  registerStripeBillingWebhook(app, context);
  registerSandboxInfoRoute(app, context.providers);
  if (devMailboxEnabled(context.config)) {
    registerDevMailboxRoute(app, context.database.db);
    registerDevMailboxPage(app, context.database.db);
  }
  await registerSpa(app, options.webDist);
  return app;
};
