import { skuProperty, stripeIdProperty, type RecordWrite } from '@billbridge/contract';
import { describe, expect, it } from 'vitest';
import { type WritePlan } from '../../../providers/hubspot/crm-records.ts';
import {
  RejectedCrmError,
  type CrmClient,
  type WriteResult,
} from '../../../providers/hubspot/hubspot-crm.ts';
import { executePlan } from './write-plan.ts';

type Call = { method: string; objectType: string; inputs: number; associations?: number };

/** A portal that records every call and answers each batch as HubSpot does when all goes well. */
const countingCrm = ({ refuseCreates = false } = {}) => {
  const calls: Call[] = [];
  let nextId = 1;
  const written = (keys: string[], created: boolean): WriteResult => ({
    results: keys.map((key) => ({ id: String(nextId++), key: key.toLowerCase(), created })),
    errors: [],
  });
  const crm: CrmClient = {
    upsert: async (objectType, inputs) => {
      calls.push({ method: 'upsert', objectType, inputs: inputs.length });
      return written(
        inputs.map((input) => input.id),
        true,
      );
    },
    create: async (objectType, inputs, keyProperty) => {
      const associations = inputs.reduce((sum, input) => sum + (input.associations?.length ?? 0), 0);
      calls.push({ method: 'create', objectType, inputs: inputs.length, associations });
      if (refuseCreates && objectType === 'deals') throw new RejectedCrmError('A deal with that id exists');
      return written(
        inputs.map((input) => input.properties[keyProperty] ?? ''),
        true,
      );
    },
    createEngagements: () => Promise.reject(new Error('The write plan writes no notes')),
    associateEngagements: () => Promise.reject(new Error('The write plan writes no notes')),
    update: async (objectType, inputs) => {
      calls.push({ method: 'update', objectType, inputs: inputs.length });
      return written(
        inputs.map((input) => input.id),
        false,
      );
    },
    associate: async (from, _to, pairs) => {
      calls.push({ method: 'associate', objectType: from, inputs: pairs.length });
      return { failed: [] };
    },
    associatedIds: async () => new Map(),
    findBy: async () => [],
    read: async () => [],
    readValues: async () => new Map(),
    archive: async () => undefined,
    dealPipelines: async () => [],
    enabledCurrencies: async () => undefined,
    exchangeRates: async () => undefined,
    properties: async () => [],
    createProperty: async () => {
      throw new RejectedCrmError('not used by the writer');
    },
    ensurePropertyGroup: async () => undefined,
  };
  return { crm, calls };
};

const record = (objectType: RecordWrite['objectType'], id: string, eventRowId: number): RecordWrite => ({
  objectType,
  idProperty:
    objectType === 'contacts' ? 'email' : objectType === 'line_items' ? skuProperty : stripeIdProperty,
  id,
  stripeObjectId: id,
  properties: { [objectType === 'line_items' ? skuProperty : 'name']: id },
  eventCreated: 1,
  eventRowIds: [eventRowId],
});

/** `n` customers, each with a new billing subscription of one item: a contact, a deal, a line item. */
const planOf = (n: number): WritePlan => {
  const plan: WritePlan = { records: [], associations: [] };
  for (let index = 0; index < n; index++) {
    const deal = { objectType: 'deals' as const, stripeObjectId: `sub_${index}` };
    plan.records.push(
      record('contacts', `c${index}@example.com`, index * 2),
      record('deals', `sub_${index}`, index * 2 + 1),
      { ...record('line_items', `si_${index}`, index * 2 + 1), parent: deal },
    );
    plan.associations.push({
      from: deal,
      to: { objectType: 'contacts', stripeObjectId: `c${index}@example.com` },
      eventRowIds: [index * 2 + 1],
    });
  }
  return plan;
};

const callsOf = (calls: Call[]) => calls.map(({ method, objectType }) => `${method} ${objectType}`);

describe('the HubSpot calls a round makes', () => {
  it.each([1, 100, 101, 250])(
    'writes %i new customers with their subscriptions in ⌈n/100⌉ calls per object type, associations inline',
    async (n) => {
      const { crm, calls } = countingCrm();
      const result = await executePlan(crm, planOf(n), new Map());
      const batches = Math.ceil(n / 100);
      expect(callsOf(calls)).toEqual([
        ...Array<string>(batches).fill('upsert contacts'),
        ...Array<string>(batches).fill('create deals'),
        ...Array<string>(batches).fill('create line_items'),
      ]);
      expect(calls.filter((call) => call.objectType === 'deals').map((call) => call.associations)).toEqual(
        calls.filter((call) => call.objectType === 'deals').map((call) => call.inputs),
      );
      expect(result.failed.size).toBe(0);
      expect(result.hubspotIds.size).toBe(n * 3);
    },
  );

  it('upserts deals HubSpot refuses to create (already there) and associates them with a call of their own', async () => {
    const { crm, calls } = countingCrm({ refuseCreates: true });
    const result = await executePlan(crm, planOf(150), new Map());
    expect(callsOf(calls)).toEqual([
      'upsert contacts',
      'upsert contacts',
      // The two batches go at once (forEachChunk); each refused one is upserted.
      'create deals',
      'create deals',
      'upsert deals',
      'upsert deals',
      'create line_items',
      'create line_items',
      'associate deals',
      'associate deals',
    ]);
    expect(result.failed.size).toBe(0);
  });

  it('upserts deals a link already names, their association made by the association call', async () => {
    const { crm, calls } = countingCrm();
    const linked = new Map([['deals:sub_0', '900']]);
    await executePlan(crm, planOf(1), linked);
    expect(callsOf(calls)).toEqual([
      'upsert contacts',
      'upsert deals',
      'create line_items',
      'associate deals',
    ]);
  });
});
