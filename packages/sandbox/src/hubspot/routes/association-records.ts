import type { FastifyInstance } from 'fastify';
import { associate, associationsOf, dissociate, labelFor } from '../associations.ts';
import { validationError } from '../errors.ts';
import { created, noContent, ok, registerRoute } from '../http.ts';
import type { HubSpotRuntime } from '../runtime.ts';
import { asRecord, readScopes, typeParam, writeScopes } from './common.ts';
import {
  requireExisting,
  pairJson,
  defaultPair,
  batchBody,
  associatedJson,
  pageOf,
} from './association-json.ts';

/** Associations of one record: `/crm/v4/objects/{type}/{id}/associations/…`, default and labeled. */
export const recordRoutes = (app: FastifyInstance, rt: HubSpotRuntime): void => {
  registerRoute(app, rt, {
    method: 'PUT',
    url: '/crm/v4/objects/:fromObjectType/:fromObjectId/associations/default/:toObjectType/:toObjectId',
    scopes: writeScopes('fromObjectType'),
    handler: (call) => {
      const startedAt = new Date().toISOString();
      const results = defaultPair(
        call,
        typeParam(call, 'fromObjectType'),
        call.params.fromObjectId ?? '',
        typeParam(call, 'toObjectType'),
        call.params.toObjectId ?? '',
      );
      call.rt.store.touch();
      return batchBody(startedAt, results, [], 200);
    },
  });
  registerRoute(app, rt, {
    method: 'PUT',
    url: '/crm/v4/objects/:objectType/:objectId/associations/:toObjectType/:toObjectId',
    scopes: writeScopes(),
    handler: (call) => {
      const from = typeParam(call);
      const to = typeParam(call, 'toObjectType');
      const fromId = call.params.objectId ?? '';
      const toId = call.params.toObjectId ?? '';
      if (!Array.isArray(call.body) || call.body.length === 0)
        throw validationError('The body must be a list of association specs.');
      const labels = call.body.map((spec) => labelFor(call.portal, from.name, to.name, asRecord(spec)));
      requireExisting(call, from, fromId);
      requireExisting(call, to, toId);
      const all = associate(call.portal, from.name, fromId, to.name, toId, labels);
      call.rt.store.touch();
      return created(pairJson(from, fromId, to, toId, all));
    },
  });
  registerRoute(app, rt, {
    method: 'GET',
    url: '/crm/v4/objects/:objectType/:objectId/associations/:toObjectType',
    scopes: readScopes(),
    handler: (call) => {
      const from = typeParam(call);
      const to = typeParam(call, 'toObjectType');
      const all = associationsOf(call.portal, from.name, call.params.objectId ?? '', to.name);
      const { page, next } = pageOf(all, call.query.after, call.query.limit);
      return ok({
        results: page.map(({ toId, typeIds }) => associatedJson(call, typeIds, toId)),
        ...(next ? { paging: { next: { after: next, link: '' } } } : {}),
      });
    },
  });
  registerRoute(app, rt, {
    method: 'DELETE',
    url: '/crm/v4/objects/:objectType/:objectId/associations/:toObjectType/:toObjectId',
    scopes: writeScopes(),
    handler: (call) => {
      dissociate(
        call.portal,
        typeParam(call).name,
        call.params.objectId ?? '',
        typeParam(call, 'toObjectType').name,
        call.params.toObjectId ?? '',
      );
      call.rt.store.touch();
      return noContent();
    },
  });
};
