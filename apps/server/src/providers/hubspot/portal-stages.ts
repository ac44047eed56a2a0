import type { Pipeline, RecordWrite } from '@billbridge/contract';
import type { WritePlan } from './crm-records.ts';
import type { CrmClient } from './hubspot-crm.ts';
import { factMemory, trustedFact, type PortalFactStore } from './portal-facts.ts';

/** A plan as fitted to one portal: what it can take, and the warnings of its events. */
export type PortalPlan = WritePlan & { warnings: Map<number, string[]> };

/** The warning an event gets when its rule names a pipeline or stage the portal no longer has. */
export const stageGoneWarning = (pipeline: string, stage: string): string =>
  `The mapped HubSpot pipeline "${pipeline}" and stage "${stage}" are not in the portal any more: the deal was written without changing its stage. Edit the destination's pipeline mapping.`;

/** Whether the round writes a deal stage, so the portal's pipelines need reading. */
export const writesDealStages = (plan: WritePlan): boolean =>
  plan.records.some((record) => record.objectType === 'deals' && record.properties.dealstage !== undefined);

/**
 * A rule's pipeline or stage deleted in HubSpot since it was saved: the deal is written without
 * `pipeline`/`dealstage` (it keeps the stage it has) and each of its events carries a warning naming
 * them, instead of a wrong stage or a refused batch.
 */
export const keepKnownStages = (plan: PortalPlan, pipelines: readonly Pipeline[]): void => {
  for (const record of plan.records) {
    const { pipeline, dealstage } = record.properties;
    if (record.objectType !== 'deals' || pipeline === undefined || dealstage === undefined) continue;
    const known = pipelines
      .find((live) => live.id === pipeline)
      ?.stages.some((stage) => stage.id === dealstage);
    if (known) continue;
    delete record.properties.pipeline;
    delete record.properties.dealstage;
    const warning = stageGoneWarning(pipeline, dealstage);
    for (const id of record.eventRowIds) plan.warnings.set(id, [...(plan.warnings.get(id) ?? []), warning]);
  }
};

const cache = factMemory<readonly Pipeline[]>();

const knowsEveryStage = (plan: WritePlan, pipelines: readonly Pipeline[]): boolean =>
  plan.records.every((record) => {
    const { pipeline, dealstage } = record.properties;
    if (record.objectType !== 'deals' || pipeline === undefined || dealstage === undefined) return true;
    return pipelines.some(
      (live) => live.id === pipeline && live.stages.some((stage) => stage.id === dealstage),
    );
  });

/**
 * The portal's deal pipelines, trusted for ten minutes (portal-facts.ts) so a busy portal does not
 * pay a call a round for them, but read again when the plan names a stage they lack (it may just
 * have been added). `cached`: the answer was not read now, so a stage deleted since may still be in
 * it (`refusedStage` tells when HubSpot refuses one).
 */
export const portalPipelines = async (
  crm: CrmClient,
  hubId: number,
  plan: WritePlan,
  store?: PortalFactStore,
): Promise<{ pipelines: readonly Pipeline[]; cached: boolean }> => {
  const known = await trustedFact(cache, hubId, 'pipelines', store, (value) => value as Pipeline[]);
  if (known && knowsEveryStage(plan, known.value)) return { pipelines: known.value, cached: true };
  const pipelines = await crm.dealPipelines();
  cache.set(hubId, { value: pipelines, readAt: Date.now() });
  await store?.write(hubId, 'pipelines', pipelines);
  return { pipelines, cached: false };
};

export const forgetPortalPipelines = async (hubId: number, store?: PortalFactStore): Promise<void> => {
  cache.delete(hubId);
  await store?.forget(hubId, 'pipelines');
};

/** Whether HubSpot refused a deal for its pipeline or stage (not one of the portal's options). */
export const refusedStage = (message: string | undefined): boolean =>
  message !== undefined &&
  message.includes('INVALID_OPTION') &&
  /"name":"(dealstage|pipeline)"/.test(message);

/** Deals of `records` HubSpot refused for their stage, by their events' failures. */
export const refusedForStage = (records: RecordWrite[], failed: ReadonlyMap<number, string>): RecordWrite[] =>
  records.filter(
    (record) =>
      record.objectType === 'deals' && record.eventRowIds.some((id) => refusedStage(failed.get(id))),
  );
