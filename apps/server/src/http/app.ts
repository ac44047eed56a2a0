import Fastify, { type FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import type { FunctionRegistry } from '../functions/framework.ts';
import { functionRegistry } from '../functions/registry.ts';
import { registerAuthRoute } from './auth-route.ts';
import { registerErrorHandler } from './errors.ts';
import { registerFunctionRoute } from './functions-route.ts';
import { registerHealthRoutes } from './health.ts';
import { registerOriginGuard } from './origin-guard.ts';
import { registerSpa } from './spa.ts';
import { devMailboxEnabled, registerDevMailboxRoute } from '../mail/dev-mailbox.ts';

export type HttpOptions = {
  /** Defaults to every function of the product; tests of the framework pass their own. */
  functions?: FunctionRegistry;
  webDist?: string;
};

/** The HTTP face of the server: callable functions, auth, health and the SPA. */
export const buildHttpApp = async (
  context: AppContext,
  options: HttpOptions = {},
): Promise<FastifyInstance> => {
  const app = Fastify({
    loggerInstance: context.logger,
    bodyLimit: 1024 * 1024,
    trustProxy: true,
  });
  registerErrorHandler(app);
  registerOriginGuard(app, context.config.appUrl, /^\/api\/functions\//);
  registerHealthRoutes(app, context.database);
  registerAuthRoute(app, context.auth, context.config.appUrl);
  registerFunctionRoute(app, context, options.functions ?? functionRegistry);
  if (devMailboxEnabled(context.config)) registerDevMailboxRoute(app, context.database.db);
  await registerSpa(app, options.webDist);
  return app;
};
