import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { AppError } from '@billbridge/contract';
import type { AppContext } from '../context.ts';
import { databaseGauges } from '../metrics/database-gauges.ts';
import { registry } from '../metrics/metrics.ts';
import { hubspotLimits } from '../providers/hubspot/hubspot-budget.ts';

const bearerMatches = (header: string | undefined, token: string): boolean => {
  const given = Buffer.from(header ?? '');
  const expected = Buffer.from(`Bearer ${token}`);
  return given.length === expected.length && timingSafeEqual(given, expected);
};

/**
 * `GET /metrics` in the Prometheus text format, only for a scrape carrying
 * `Authorization: Bearer $METRICS_TOKEN`; without METRICS_TOKEN the route does not exist (404).
 */
export const registerMetricsRoute = (app: FastifyInstance, context: AppContext): void => {
  const token = context.config.metricsToken;
  if (!token) {
    // Off: the 404 of a route that is not there, rather than the app's page the catch-all would send.
    app.get('/metrics', async (_request, reply) => reply.callNotFound());
    return;
  }
  app.get('/metrics', async (request, reply) => {
    if (!bearerMatches(request.headers.authorization, token)) {
      reply.header('www-authenticate', 'Bearer');
      throw new AppError(
        'unauthenticated',
        'A scrape of /metrics needs Authorization: Bearer <METRICS_TOKEN>.',
      );
    }
    const fromDatabase = await databaseGauges(context.database.db, hubspotLimits);
    const body = (await registry.metrics()) + (await fromDatabase.metrics());
    return reply.type(registry.contentType).send(body);
  });
};
