import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import { faultHook, type FaultInjector } from '../faults.ts';
import { registerHostCheck } from '../shared/browser-guard.ts';
import { parseQuery, registerBodyParsers } from '../shared/http.ts';
import { uuid } from '../shared/ids.ts';
import { bearerToken } from './auth.ts';
import { HubSpotApiError } from './errors.ts';
import { requestPortals } from './http.ts';
import { oauthRoutes } from './oauth.ts';
import { associationRoutes } from './routes/associations.ts';
import { currencyRoutes } from './routes/currencies.ts';
import { batchRoutes } from './routes/batch.ts';
import { objectRoutes } from './routes/objects.ts';
import { pipelineRoutes } from './routes/pipelines.ts';
import { propertyRoutes } from './routes/properties.ts';
import { searchRoutes } from './routes/search.ts';
import type { HubSpotRuntime } from './runtime.ts';

const faultBody = (status: number): unknown =>
  status === 429
    ? {
        status: 'error',
        message: 'You have reached your ten_secondly_rolling limit.',
        errorType: 'RATE_LIMIT',
        correlationId: uuid(),
        policyName: 'TEN_SECONDLY_ROLLING',
      }
    : {
        status: 'error',
        message: `The sandbox was told to fail this request (HTTP ${status}).`,
        correlationId: uuid(),
        category: 'INTERNAL_ERROR',
      };

export type HubSpotServerOptions = {
  rt: HubSpotRuntime;
  faults: FaultInjector;
  logger: boolean;
  /** Its host names; no page calls the HubSpot stand-in from a browser, so it sends no CORS headers. */
  hostnames: readonly string[];
};

/** The HubSpot stand-in: CRM objects, batch, search, properties, pipelines, associations v4, currencies and OAuth. */
export const buildHubSpotServer = ({
  rt,
  faults,
  logger,
  hostnames,
}: HubSpotServerOptions): FastifyInstance => {
  const app = Fastify({
    logger,
    routerOptions: { querystringParser: parseQuery },
    bodyLimit: 8 * 1024 * 1024,
    // A stand-in stops at once: requests held by an injected latency fault are cut, not awaited.
    forceCloseConnections: true,
  });
  registerBodyParsers(app);
  registerHostCheck(app, hostnames);
  app.addHook(
    'onRequest',
    faultHook(faults, 'hubspot', faultBody, (request) => {
      const token = bearerToken(request);
      const portalId = token ? rt.store.data.accessTokens[token]?.portalId : undefined;
      return portalId === undefined ? undefined : String(portalId);
    }),
  );
  app.addHook('onResponse', async (request, reply) => {
    const [path = '/', query = ''] = request.url.split('?');
    if (path.startsWith('/_sandbox')) return;
    rt.log.add({
      at: new Date().toISOString(),
      portalId: requestPortals.get(request) ?? null,
      method: request.method,
      path,
      query,
      status: reply.statusCode,
      durationMs: Math.round(reply.elapsedTime),
      body: request.body ?? null,
    });
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HubSpotApiError)
      return reply.code(error.statusCode).headers(error.headers).send(error.body);
    const status = error.statusCode ?? 500;
    if (status < 500) {
      const message = error.code === 'INVALID_JSON' ? `Invalid input JSON: ${error.message}` : error.message;
      return reply
        .code(status)
        .send({ status: 'error', message, correlationId: uuid(), category: 'VALIDATION_ERROR' });
    }
    request.log.error(error);
    return reply.code(500).send({
      status: 'error',
      message: 'internal error',
      correlationId: uuid(),
      category: 'INTERNAL_ERROR',
    });
  });

  app.setNotFoundHandler((request, reply) =>
    reply.code(404).send({
      status: 'error',
      message: `No route for ${request.method} ${request.url.split('?')[0]}. The Billbridge sandbox implements the subset of the HubSpot API Billbridge uses.`,
      correlationId: uuid(),
      category: 'OBJECT_NOT_FOUND',
    }),
  );

  oauthRoutes(app, rt);
  // HubSpot's record pages (app.hubspot.com/contacts/{portal}/record/{type}/{id}) open the portal's
  // view on the control page here, at the record's row.
  app.get<{ Params: { portal: string; id: string } }>(
    '/contacts/:portal/record/:type/:id',
    (request, reply) =>
      reply.redirect(`${rt.controlUrl ?? ''}/hubspot/${request.params.portal}#record-${request.params.id}`),
  );
  objectRoutes(app, rt);
  batchRoutes(app, rt);
  searchRoutes(app, rt);
  propertyRoutes(app, rt);
  pipelineRoutes(app, rt);
  associationRoutes(app, rt);
  currencyRoutes(app, rt);
  return app;
};
