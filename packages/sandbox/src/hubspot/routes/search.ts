import type { FastifyInstance } from 'fastify';
import { ok, registerRoute } from '../http.ts';
import type { HubSpotRuntime } from '../runtime.ts';
import { searchRecords } from '../search.ts';
import { readScopes, typeParam } from './common.ts';

/** `POST /crm/v3/objects/{objectType}/search` — its own limit (5/s per portal), no rate-limit headers. */
export const searchRoutes = (app: FastifyInstance, rt: HubSpotRuntime): void => {
  registerRoute(app, rt, {
    method: 'POST',
    url: '/crm/v3/objects/:objectType/search',
    scopes: readScopes(),
    search: true,
    handler: (call) => ok(searchRecords(call, typeParam(call), call.body)),
  });
};
