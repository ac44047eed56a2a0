import type { FastifyInstance } from 'fastify';
import { associate, associationsOf, dissociate, labelFor } from '../associations.ts';
import { validationError } from '../errors.ts';
import { noContent, registerRoute, type HsCall } from '../http.ts';
import type { HubSpotRuntime } from '../runtime.ts';
import { asRecord, readScopes, typeParam, writeScopes } from './common.ts';
import {
  requireExisting,
  pairJson,
  defaultPair,
  inputsOf,
  batchBody,
  asBatchError,
  associatedJson,
  pageOf,
  type BatchError,
} from './association-json.ts';

/** Batch associations: `/crm/v4/associations/{from}/{to}/batch/…`. */
export const batchRoutes = (app: FastifyInstance, rt: HubSpotRuntime): void => {
  const base = '/crm/v4/associations/:fromObjectType/:toObjectType/batch';
  const types = (call: HsCall) => ({
    from: typeParam(call, 'fromObjectType'),
    to: typeParam(call, 'toObjectType'),
  });
  const idOf = (value: unknown): string => String(asRecord(value).id ?? '');

  registerRoute(app, rt, {
    method: 'POST',
    url: `${base}/create`,
    scopes: writeScopes('fromObjectType'),
    handler: (call) => {
      const startedAt = new Date().toISOString();
      const { from, to } = types(call);
      const errors: BatchError[] = [];
      const results = inputsOf(call.body).flatMap((input) => {
        const fromId = idOf(input.from);
        const toId = idOf(input.to);
        try {
          const specs = Array.isArray(input.types) ? input.types : [];
          if (specs.length === 0) throw validationError('Each input needs at least one association type.');
          const labels = specs.map((spec) => labelFor(call.portal, from.name, to.name, asRecord(spec)));
          requireExisting(call, from, fromId);
          requireExisting(call, to, toId);
          return [
            pairJson(
              from,
              fromId,
              to,
              toId,
              associate(call.portal, from.name, fromId, to.name, toId, labels),
            ),
          ];
        } catch (error) {
          errors.push(asBatchError(error, [fromId, toId]));
          return [];
        }
      });
      call.rt.store.touch();
      return batchBody(startedAt, results, errors, 201);
    },
  });

  registerRoute(app, rt, {
    method: 'POST',
    url: `${base}/associate/default`,
    scopes: writeScopes('fromObjectType'),
    handler: (call) => {
      const startedAt = new Date().toISOString();
      const { from, to } = types(call);
      const errors: BatchError[] = [];
      const results = inputsOf(call.body).flatMap((input) => {
        try {
          return defaultPair(call, from, idOf(input.from), to, idOf(input.to));
        } catch (error) {
          errors.push(asBatchError(error, [idOf(input.from), idOf(input.to)]));
          return [];
        }
      });
      call.rt.store.touch();
      return batchBody(startedAt, results, errors, 200);
    },
  });

  registerRoute(app, rt, {
    method: 'POST',
    url: `${base}/read`,
    scopes: readScopes('fromObjectType'),
    handler: (call) => {
      const startedAt = new Date().toISOString();
      const { from, to } = types(call);
      const errors: BatchError[] = [];
      const results = inputsOf(call.body).flatMap((input) => {
        const id = String(input.id ?? '');
        const all = associationsOf(call.portal, from.name, id, to.name);
        if (all.length === 0) {
          errors.push({
            status: 'error',
            category: 'OBJECT_NOT_FOUND',
            subCategory: 'crm.associations.NO_ASSOCIATIONS_FOUND',
            message: `No ${to.singular} is associated with ${from.singular} ID ${id}.`,
            context: { fromObjectId: [id] },
          });
          return [];
        }
        const { page, next } = pageOf(all, input.after, undefined);
        return [
          {
            from: { id },
            to: page.map(({ toId, typeIds }) => associatedJson(call, typeIds, toId)),
            ...(next ? { paging: { next: { after: next, link: '' } } } : {}),
          },
        ];
      });
      return batchBody(startedAt, results, errors, 200);
    },
  });

  registerRoute(app, rt, {
    method: 'POST',
    url: `${base}/archive`,
    scopes: writeScopes('fromObjectType'),
    handler: (call) => {
      const { from, to } = types(call);
      for (const input of inputsOf(call.body)) {
        const targets = Array.isArray(input.to) ? input.to : [input.to];
        for (const target of targets)
          dissociate(call.portal, from.name, idOf(input.from), to.name, idOf(target));
      }
      call.rt.store.touch();
      return noContent();
    },
  });

  registerRoute(app, rt, {
    method: 'POST',
    url: `${base}/labels/archive`,
    scopes: writeScopes('fromObjectType'),
    handler: (call) => {
      const { from, to } = types(call);
      for (const input of inputsOf(call.body)) {
        const specs = Array.isArray(input.types) ? input.types : [];
        const labels = specs.map((spec) => labelFor(call.portal, from.name, to.name, asRecord(spec)));
        dissociate(call.portal, from.name, idOf(input.from), to.name, idOf(input.to), labels);
      }
      call.rt.store.touch();
      return noContent();
    },
  });
};
