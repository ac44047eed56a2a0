import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mappingRuleMessages, type Destination } from '@billbridge/contract';
import {
  connectionsBed,
  connectThroughSandbox,
  resultOf,
  type ConnectionsBed,
} from '../../testing/connections.ts';
import { ruleOf } from '../../testing/sync.ts';
import { errorOf } from '../../testing/users.ts';

describe('saveDestination', () => {
  let bed: ConnectionsBed;
  beforeAll(async () => {
    bed = await connectionsBed();
  });
  afterAll(() => bed.t.close());

  it('saves the name, the switch of a connected destination and the mapping rules in their order', async () => {
    const ids = await bed.newDestination();
    await connectThroughSandbox(bed.t.app, bed.admin, 'destination', {
      subscriptionId: ids.subscriptionId,
      targetId: ids.destinationId,
    });
    const rules = [
      ruleOf('active', 'closedwon', { mode: 'any', ids: ['price_1', 'price_2'] }),
      ruleOf('canceled', 'closedlost'),
    ];
    const saved = await bed.call('saveDestination', {
      ...ids,
      name: 'CRM',
      enabled: true,
      settings: { pipeline_mapping_rules: rules },
    });
    expect(resultOf(saved)).toEqual({ success: true });
    expect(resultOf<Destination>(await bed.call('getDestination', ids))).toMatchObject({
      name: 'CRM',
      enabled: true,
      settings: { pipeline_mapping_rules: rules },
    });
  });

  it('refuses to enable a destination that is not connected', async () => {
    const ids = await bed.newDestination();
    const { status, body } = await bed.call('saveDestination', {
      ...ids,
      name: 'x',
      enabled: true,
      settings: { pipeline_mapping_rules: [] },
    });
    expect(status).toBe(400);
    expect(errorOf(body).message).toBe('Connect it before enabling it.');
  });

  it('refuses invalid mapping rules with the messages of the spec, changing nothing', async () => {
    const ids = await bed.newDestination();
    const rule = {
      id: 'r1',
      stripe_subscription_status: '',
      price_ids: { mode: 'all', ids: [] },
      hubspot_pipeline: ' ',
      hubspot_stage: '',
    };
    const { status, body } = await bed.call('saveDestination', {
      ...ids,
      name: 'x',
      enabled: false,
      settings: { pipeline_mapping_rules: [ruleOf('active', 'closedwon'), rule] },
    });
    expect(status).toBe(400);
    const at = 'settings.pipeline_mapping_rules.1';
    expect(errorOf(body).details).toEqual({
      fields: [
        { path: `${at}.stripe_subscription_status`, message: mappingRuleMessages.statusRequired },
        { path: `${at}.hubspot_pipeline`, message: mappingRuleMessages.pipelineRequired },
        { path: `${at}.hubspot_stage`, message: mappingRuleMessages.stageRequired },
        { path: `${at}.price_ids.ids`, message: mappingRuleMessages.priceIdsRequired },
      ],
    });
    expect(mappingRuleMessages.priceIdsRequired).toBe('Price IDs are required when mode is not "none"');
    expect(
      resultOf<Destination>(await bed.call('getDestination', ids)).settings.pipeline_mapping_rules,
    ).toEqual([]);
  });

  it('refuses two rules with one id and reserved field names', async () => {
    const ids = await bed.newDestination();
    const rule = ruleOf('active', 'closedwon');
    for (const settings of [
      { pipeline_mapping_rules: [rule, rule] },
      { pipeline_mapping_rules: [], __v__: 1 },
    ]) {
      expect(
        (await bed.call('saveDestination', { ...ids, name: 'x', enabled: false, settings })).status,
      ).toBe(400);
    }
  });

  it('refuses an access-only member', async () => {
    const input = {
      ...(await bed.newDestination()),
      name: 'x',
      enabled: false,
      settings: { pipeline_mapping_rules: [] },
    };
    expect((await bed.call('saveDestination', input, bed.member)).status).toBe(403);
  });
});
