import type Stripe from 'stripe';
import { matchMappingRule, type DealMove, type PipelineMappingRule } from '@billbridge/contract';

/** A deal's place in HubSpot as last written (null: not known, or no deal yet). */
export type StoredStage = { pipeline: string | null; stage: string | null } | undefined;

export type StageMoves = {
  /** Billing subscriptions each rule matches first, by rule id. */
  matches: Map<string, number>;
  unmatched: number;
  /** Billing subscriptions whose deal would move, by the stage it would move to. */
  moving: Map<string, { pipeline: string; stage: string; subscriptionIds: string[] }>;
};

const priceIdsOf = (subscription: Stripe.Subscription): string[] =>
  (subscription.items?.data ?? []).map((item) => item.price.id);

/**
 * What `rules` do to the stored billing subscriptions (decision 033), pure: the first matching
 * rule of each, and the deals whose pipeline or stage would differ from where they stand.
 */
export const stageMovesOf = (
  subscriptions: readonly Stripe.Subscription[],
  rules: readonly PipelineMappingRule[],
  stored: ReadonlyMap<string, StoredStage>,
): StageMoves => {
  const moves: StageMoves = {
    matches: new Map(rules.map((rule) => [rule.id, 0])),
    unmatched: 0,
    moving: new Map(),
  };
  for (const subscription of subscriptions) {
    const match = matchMappingRule(rules, {
      status: subscription.status,
      priceIds: priceIdsOf(subscription),
    });
    if (!match.matched) {
      moves.unmatched += 1;
      continue;
    }
    const { hubspot_pipeline: pipeline, hubspot_stage: stage } = match.rule;
    moves.matches.set(match.rule.id, (moves.matches.get(match.rule.id) ?? 0) + 1);
    const now = stored.get(subscription.id);
    if (now?.pipeline === pipeline && now.stage === stage) continue;
    const key = JSON.stringify([pipeline, stage]);
    const target = moves.moving.get(key) ?? { pipeline, stage, subscriptionIds: [] };
    target.subscriptionIds.push(subscription.id);
    moves.moving.set(key, target);
  }
  return moves;
};

export const movesToApi = (moves: StageMoves): DealMove[] =>
  [...moves.moving.values()].map(({ pipeline, stage, subscriptionIds }) => ({
    hubspot_pipeline: pipeline,
    hubspot_stage: stage,
    deals: subscriptionIds.length,
  }));
