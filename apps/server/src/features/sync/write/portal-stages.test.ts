import { describe, expect, it } from 'vitest';
import type { Pipeline, RecordWrite } from '@billbridge/contract';
import type { RoundPlan } from '../plan/plan-round.ts';
import type { CrmClient } from '../../../providers/hubspot/hubspot-crm.ts';
import {
  keepKnownStages,
  portalPipelines,
  refusedStage,
  stageGoneWarning,
  writesDealStages,
} from '../../../providers/hubspot/portal-stages.ts';

const deal = (id: string, pipeline: string, stage: string, eventRowIds: number[]): RecordWrite => ({
  objectType: 'deals',
  idProperty: 'billbridge_stripe_id',
  id,
  stripeObjectId: id,
  properties: { billbridge_stripe_id: id, pipeline, dealstage: stage, amount: '49' },
  eventCreated: 1,
  eventRowIds,
});

const planOf = (records: RecordWrite[]): RoundPlan => ({
  records,
  associations: [],
  settled: new Map(),
  broken: new Map(),
  warnings: new Map([[2, ['an earlier warning']]]),
  missingCustomers: new Map(),
  engagements: [],
  removals: [],
});

const portal: Pipeline[] = [
  { id: 'default', label: 'Sales Pipeline', stages: [{ id: 'closedwon', label: 'Closed Won' }] },
];

describe('keepKnownStages', () => {
  it('leaves deals whose pipeline and stage the portal has', () => {
    const plan = planOf([deal('sub_1', 'default', 'closedwon', [1])]);
    keepKnownStages(plan, portal);
    expect(plan.records[0]?.properties).toMatchObject({ pipeline: 'default', dealstage: 'closedwon' });
    expect(plan.warnings.get(1)).toBeUndefined();
  });

  it('writes a deal mapped to a deleted stage or pipeline without one, warning each of its events', () => {
    const plan = planOf([deal('sub_1', 'default', 'gone', [1, 2]), deal('sub_2', 'renewals', 'won', [3])]);
    keepKnownStages(plan, portal);
    expect(plan.records.map((record) => record.properties)).toEqual([
      { billbridge_stripe_id: 'sub_1', amount: '49' },
      { billbridge_stripe_id: 'sub_2', amount: '49' },
    ]);
    expect(plan.warnings.get(1)).toEqual([stageGoneWarning('default', 'gone')]);
    expect(plan.warnings.get(2)).toEqual(['an earlier warning', stageGoneWarning('default', 'gone')]);
    expect(plan.warnings.get(3)).toEqual([stageGoneWarning('renewals', 'won')]);
    expect(writesDealStages(plan)).toBe(false);
  });
});

describe('portalPipelines', () => {
  const reading = () => {
    const counter = { reads: 0 };
    const crm = {
      dealPipelines: async () => {
        counter.reads += 1;
        return portal;
      },
    } as unknown as CrmClient;
    return { crm, counter };
  };

  it('reads a portal’s pipelines once while the rounds name stages it has', async () => {
    const { crm, counter } = reading();
    const plan = planOf([deal('sub_1', 'default', 'closedwon', [1])]);
    expect(await portalPipelines(crm, 101, plan)).toEqual({ pipelines: portal, cached: false });
    expect(await portalPipelines(crm, 101, plan)).toEqual({ pipelines: portal, cached: true });
    expect(counter.reads).toBe(1);
  });

  it('reads them again when a round names a stage the cache lacks', async () => {
    const { crm, counter } = reading();
    await portalPipelines(crm, 102, planOf([deal('sub_1', 'default', 'closedwon', [1])]));
    const added = await portalPipelines(crm, 102, planOf([deal('sub_2', 'renewals', 'won', [2])]));
    expect(added.cached).toBe(false);
    expect(counter.reads).toBe(2);
  });
});

describe('refusedStage', () => {
  it('recognises HubSpot refusing a deal’s stage or pipeline, and nothing else', () => {
    const refusal = (name: string, error = 'INVALID_OPTION') =>
      `Property values were not valid: [{"isValid":false,"message":"x was not one of the allowed options","error":"${error}","name":"${name}"}]`;
    expect(refusedStage(refusal('dealstage'))).toBe(true);
    expect(refusedStage(refusal('pipeline'))).toBe(true);
    expect(refusedStage(refusal('deal_currency_code'))).toBe(false);
    expect(refusedStage(refusal('dealstage', 'INVALID_INTEGER'))).toBe(false);
    expect(refusedStage(undefined)).toBe(false);
  });
});
