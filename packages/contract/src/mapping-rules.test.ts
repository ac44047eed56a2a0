import { describe, expect, it } from 'vitest';
import {
  matchMappingRule,
  mappingRuleMessages,
  parsePriceIds,
  pipelineMappingRuleSchema,
  type PipelineMappingRule,
} from './mapping-rules.ts';

const rule = (overrides: Partial<PipelineMappingRule>): PipelineMappingRule => ({
  id: 'r',
  stripe_subscription_status: 'active',
  price_ids: { mode: 'none', ids: [] },
  hubspot_pipeline: 'default',
  hubspot_stage: 'closedwon',
  ...overrides,
});

describe('matchMappingRule', () => {
  it('takes the first rule whose status matches when prices are ignored', () => {
    const rules = [
      rule({ id: 'a', stripe_subscription_status: 'past_due' }),
      rule({ id: 'b' }),
      rule({ id: 'c' }),
    ];
    expect(matchMappingRule(rules, { status: 'active', priceIds: ['price_1'] })).toMatchObject({
      matched: true,
      rule: { id: 'b' },
    });
  });

  it('needs one listed price for mode any', () => {
    const rules = [rule({ price_ids: { mode: 'any', ids: ['price_1', 'price_2'] } })];
    expect(matchMappingRule(rules, { status: 'active', priceIds: ['price_2', 'price_9'] }).matched).toBe(
      true,
    );
    expect(matchMappingRule(rules, { status: 'active', priceIds: ['price_9'] }).matched).toBe(false);
  });

  it('needs every listed price for mode all', () => {
    const rules = [rule({ price_ids: { mode: 'all', ids: ['price_1', 'price_2'] } })];
    expect(matchMappingRule(rules, { status: 'active', priceIds: ['price_1', 'price_2', 'x'] }).matched).toBe(
      true,
    );
    expect(matchMappingRule(rules, { status: 'active', priceIds: ['price_1'] }).matched).toBe(false);
  });

  it('explains why nothing matched', () => {
    expect(matchMappingRule([rule({})], { status: 'unpaid', priceIds: [] })).toEqual({
      matched: false,
      reason: 'No mapping rule for status "unpaid"',
    });
    const byPrice = matchMappingRule([rule({ price_ids: { mode: 'any', ids: ['p'] } })], {
      status: 'active',
      priceIds: ['q'],
    });
    expect(byPrice).toEqual({
      matched: false,
      reason: 'No mapping rule for status "active" matches the prices (q)',
    });
  });
});

describe('pipelineMappingRuleSchema', () => {
  it('lists every missing field with the spec messages', () => {
    const result = pipelineMappingRuleSchema.safeParse(
      rule({
        stripe_subscription_status: '',
        hubspot_pipeline: '',
        hubspot_stage: ' ',
        price_ids: { mode: 'all', ids: [] },
      }),
    );
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      mappingRuleMessages.statusRequired,
      mappingRuleMessages.pipelineRequired,
      mappingRuleMessages.stageRequired,
      mappingRuleMessages.priceIdsRequired,
    ]);
  });

  it('accepts a complete rule', () => {
    expect(pipelineMappingRuleSchema.safeParse(rule({})).success).toBe(true);
  });
});

describe('parsePriceIds', () => {
  it('trims each id and drops empties', () => {
    expect(parsePriceIds(' price_1, ,price_2 ,, ')).toEqual(['price_1', 'price_2']);
  });
});
