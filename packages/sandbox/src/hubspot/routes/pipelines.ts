import type { FastifyInstance } from 'fastify';
import { notFound, validationError } from '../errors.ts';
import { created, noContent, ok, registerRoute, type HsCall } from '../http.ts';
import type { HubSpotRuntime } from '../runtime.ts';
import type { Pipeline, PipelineStage } from '../types.ts';
import { asRecord } from './common.ts';

const dealsOnly = (call: HsCall): void => {
  const type = call.params.objectType ?? '';
  if (type !== 'deals' && type !== 'deal' && type !== '0-3') {
    throw notFound(`The sandbox only has deal pipelines, not ${type} pipelines.`);
  }
};

const readScopes = [
  'crm.objects.deals.read',
  'crm.objects.deals.write',
  'crm.schemas.deals.read',
  'crm.schemas.deals.write',
];
const writeScopes = ['crm.objects.deals.write', 'crm.schemas.deals.write'];

/** Deal stages must say how likely they close (`metadata.probability`, 0…1), as HubSpot requires. */
const stageOf = (raw: unknown, index: number, id: string, at: string): PipelineStage => {
  const input = asRecord(raw);
  const label = String(input.label ?? '');
  if (!label) throw validationError('Each stage needs a label.');
  const metadata = Object.fromEntries(
    Object.entries(asRecord(input.metadata)).map(([key, value]) => [key, String(value)]),
  );
  const probability = Number(metadata.probability);
  if (
    metadata.probability === undefined ||
    !Number.isFinite(probability) ||
    probability < 0 ||
    probability > 1
  ) {
    throw validationError(`Stage "${label}" needs metadata.probability between 0.0 and 1.0.`);
  }
  return {
    id,
    label,
    displayOrder: Number(input.displayOrder ?? index),
    metadata: { isClosed: String(probability === 0 || probability === 1), ...metadata },
    createdAt: at,
    updatedAt: at,
    archived: false,
    writePermissions: 'CRM_PERMISSIONS_ENFORCEMENT',
  };
};

const requirePipeline = (call: HsCall): Pipeline => {
  dealsOnly(call);
  const pipeline = call.portal.pipelines[call.params.pipelineId ?? ''];
  if (!pipeline || pipeline.archived)
    throw notFound(`Unable to find pipeline ${call.params.pipelineId ?? ''}`);
  return pipeline;
};

const createPipeline = (call: HsCall) => {
  dealsOnly(call);
  const input = asRecord(call.body);
  const label = String(input.label ?? '');
  if (!label) throw validationError('label is required.');
  if (
    Object.values(call.portal.pipelines).some((pipeline) => !pipeline.archived && pipeline.label === label)
  ) {
    throw validationError(`A pipeline with label "${label}" already exists.`);
  }
  const rawStages = Array.isArray(input.stages) ? input.stages : [];
  if (rawStages.length === 0) throw validationError('A pipeline needs at least one stage.');
  const at = new Date().toISOString();
  const pipeline: Pipeline = {
    id: call.rt.store.nextPipelineId(),
    label,
    displayOrder: Number(input.displayOrder ?? Object.keys(call.portal.pipelines).length),
    stages: rawStages.map((stage, index) => stageOf(stage, index, call.rt.store.nextPipelineId(), at)),
    createdAt: at,
    updatedAt: at,
    archived: false,
  };
  call.portal.pipelines[pipeline.id] = pipeline;
  call.rt.store.touch();
  return created(pipeline);
};

/** `/crm/v3/pipelines/deals`: the default pipeline and its stages, plus pipelines and stages the app adds. */
export const pipelineRoutes = (app: FastifyInstance, rt: HubSpotRuntime): void => {
  const base = '/crm/v3/pipelines/:objectType';
  registerRoute(app, rt, {
    method: 'GET',
    url: base,
    scopes: readScopes,
    handler: (call) => {
      dealsOnly(call);
      const results = Object.values(call.portal.pipelines)
        .filter((pipeline) => !pipeline.archived)
        .sort((a, b) => a.displayOrder - b.displayOrder);
      return ok({ results });
    },
  });
  registerRoute(app, rt, { method: 'POST', url: base, scopes: writeScopes, handler: createPipeline });
  registerRoute(app, rt, {
    method: 'GET',
    url: `${base}/:pipelineId`,
    scopes: readScopes,
    handler: (call) => ok(requirePipeline(call)),
  });
  registerRoute(app, rt, {
    method: 'PATCH',
    url: `${base}/:pipelineId`,
    scopes: writeScopes,
    handler: (call) => {
      const pipeline = requirePipeline(call);
      const input = asRecord(call.body);
      if (typeof input.label === 'string') pipeline.label = input.label;
      if (typeof input.displayOrder === 'number') pipeline.displayOrder = input.displayOrder;
      pipeline.updatedAt = new Date().toISOString();
      call.rt.store.touch();
      return ok(pipeline);
    },
  });
  registerRoute(app, rt, {
    method: 'DELETE',
    url: `${base}/:pipelineId`,
    scopes: writeScopes,
    handler: (call) => {
      const pipeline = requirePipeline(call);
      if (pipeline.id === 'default') throw validationError('The default pipeline cannot be deleted.');
      pipeline.archived = true;
      call.rt.store.touch();
      return noContent();
    },
  });
  registerRoute(app, rt, {
    method: 'GET',
    url: `${base}/:pipelineId/stages`,
    scopes: readScopes,
    handler: (call) => ok({ results: requirePipeline(call).stages.filter((stage) => !stage.archived) }),
  });
  registerRoute(app, rt, {
    method: 'POST',
    url: `${base}/:pipelineId/stages`,
    scopes: writeScopes,
    handler: (call) => {
      const pipeline = requirePipeline(call);
      const stage = stageOf(
        call.body,
        pipeline.stages.length,
        call.rt.store.nextPipelineId(),
        new Date().toISOString(),
      );
      pipeline.stages.push(stage);
      call.rt.store.touch();
      return created(stage);
    },
  });
};
