import type { FastifyInstance } from 'fastify';
import type { HubSpotRuntime } from '../runtime.ts';
import { batchRoutes } from './association-batch.ts';
import { labelRoutes } from './association-labels.ts';
import { recordRoutes } from './association-records.ts';

/** Associations v4: default and labeled associations, single and batch, and the association labels. */
export const associationRoutes = (app: FastifyInstance, rt: HubSpotRuntime): void => {
  labelRoutes(app, rt);
  recordRoutes(app, rt);
  batchRoutes(app, rt);
};
