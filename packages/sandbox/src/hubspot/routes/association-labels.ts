import type { FastifyInstance } from 'fastify';
import { labelsBetween } from '../association-types.ts';
import { notFound, validationError } from '../errors.ts';
import { noContent, ok, registerRoute, type HsCall } from '../http.ts';
import type { HubSpotRuntime } from '../runtime.ts';
import type { AssociationLabel } from '../types.ts';
import { asRecord, readScopes, typeParam, writeScopes } from './common.ts';
import { typeJson } from './association-json.ts';

/** Association labels: `/crm/v4/associations/{from}/{to}/labels`. */
export const labelRoutes = (app: FastifyInstance, rt: HubSpotRuntime): void => {
  const base = '/crm/v4/associations/:fromObjectType/:toObjectType/labels';
  const types = (call: HsCall) => ({
    from: typeParam(call, 'fromObjectType'),
    to: typeParam(call, 'toObjectType'),
  });
  registerRoute(app, rt, {
    method: 'GET',
    url: base,
    scopes: readScopes('fromObjectType'),
    handler: (call) => {
      const { from, to } = types(call);
      return ok({ results: labelsBetween(call.portal, from.name, to.name).map(typeJson) });
    },
  });
  registerRoute(app, rt, {
    method: 'POST',
    url: base,
    scopes: writeScopes('fromObjectType'),
    handler: (call) => {
      const { from, to } = types(call);
      const input = asRecord(call.body);
      const label = String(input.label ?? '');
      const name = String(input.name ?? '');
      if (!label || !name) throw validationError('label and name are required.');
      if (labelsBetween(call.portal, from.name, to.name).some((existing) => existing.name === name)) {
        throw validationError(
          `An association label named ${name} already exists between ${from.name} and ${to.name}.`,
        );
      }
      const forward = call.rt.store.nextTypeId();
      const backward =
        from.name === to.name && input.inverseLabel === undefined ? forward : call.rt.store.nextTypeId();
      const inverseLabel = typeof input.inverseLabel === 'string' ? input.inverseLabel : label;
      const created1: AssociationLabel = {
        typeId: forward,
        fromType: from.name,
        toType: to.name,
        label,
        name,
        category: 'USER_DEFINED',
        inverseTypeId: backward,
      };
      call.portal.labels.push(created1);
      const results = [typeJson(created1)];
      if (backward !== forward) {
        const created2: AssociationLabel = {
          typeId: backward,
          fromType: to.name,
          toType: from.name,
          label: inverseLabel,
          name: `${name}_inverse`,
          category: 'USER_DEFINED',
          inverseTypeId: forward,
        };
        call.portal.labels.push(created2);
        results.push(typeJson(created2));
      }
      call.rt.store.touch();
      return ok({ results });
    },
  });
  registerRoute(app, rt, {
    method: 'PUT',
    url: base,
    scopes: writeScopes('fromObjectType'),
    handler: (call) => {
      const input = asRecord(call.body);
      const label = call.portal.labels.find(
        (candidate) => candidate.typeId === Number(input.associationTypeId),
      );
      if (!label) throw notFound(`No user-defined association type ${String(input.associationTypeId)}.`);
      if (typeof input.label === 'string') label.label = input.label;
      const inverse = call.portal.labels.find(
        (candidate) => candidate.typeId === label.inverseTypeId && candidate !== label,
      );
      if (inverse && typeof input.inverseLabel === 'string') inverse.label = input.inverseLabel;
      call.rt.store.touch();
      return noContent();
    },
  });
  registerRoute(app, rt, {
    method: 'DELETE',
    url: `${base}/:associationTypeId`,
    scopes: writeScopes('fromObjectType'),
    handler: (call) => {
      const typeId = Number(call.params.associationTypeId);
      const label = call.portal.labels.find((candidate) => candidate.typeId === typeId);
      if (!label) throw notFound(`No user-defined association type ${typeId}.`);
      call.portal.labels = call.portal.labels.filter(
        (candidate) => candidate.typeId !== typeId && candidate.typeId !== label.inverseTypeId,
      );
      call.rt.store.touch();
      return noContent();
    },
  });
};
