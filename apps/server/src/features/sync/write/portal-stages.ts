import type { Pipeline } from '@billbridge/contract';
import type { WritePlan } from '../mapping/crm-records.ts';

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
