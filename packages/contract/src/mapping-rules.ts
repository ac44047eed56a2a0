import { z } from 'zod';

/** Billing-subscription statuses a mapping rule can name (spec §4 "Mapping statuses offered"). */
export const mappingStatuses = [
  'active',
  'past_due',
  'canceled',
  'incomplete',
  'incomplete_expired',
  'trialing',
  'unpaid',
  'paused',
] as const;
export type MappingStatus = (typeof mappingStatuses)[number];

export const priceIdModes = ['none', 'any', 'all'] as const;
export type PriceIdMode = (typeof priceIdModes)[number];

/** The spec §5 messages, word for word (the product's own texts name the providers). */
export const mappingRuleMessages = {
  statusRequired: 'Stripe status is required',
  pipelineRequired: 'HubSpot pipeline is required',
  stageRequired: 'HubSpot stage is required',
  priceIdsRequired: 'Price IDs are required when mode is not "none"',
  heading: 'Please fix the following errors:',
} as const;

/**
 * A pipeline mapping rule (spec §3): billing subscriptions in `stripe_subscription_status` whose
 * prices match `price_ids` become deals in `hubspot_pipeline` / `hubspot_stage`. Order matters:
 * the first matching rule wins.
 */
export const pipelineMappingRuleSchema = z
  .object({
    id: z.string().min(1).max(64),
    stripe_subscription_status: z.union([z.enum(mappingStatuses), z.literal('')]),
    price_ids: z.object({
      mode: z.enum(priceIdModes),
      ids: z.array(z.string().trim().min(1).max(255)).max(100),
    }),
    hubspot_pipeline: z.string().max(255),
    hubspot_stage: z.string().max(255),
  })
  .superRefine((rule, ctx) => {
    if (!rule.stripe_subscription_status) {
      ctx.addIssue({
        code: 'custom',
        path: ['stripe_subscription_status'],
        message: mappingRuleMessages.statusRequired,
      });
    }
    if (!rule.hubspot_pipeline.trim()) {
      ctx.addIssue({
        code: 'custom',
        path: ['hubspot_pipeline'],
        message: mappingRuleMessages.pipelineRequired,
      });
    }
    if (!rule.hubspot_stage.trim()) {
      ctx.addIssue({ code: 'custom', path: ['hubspot_stage'], message: mappingRuleMessages.stageRequired });
    }
    if (rule.price_ids.mode !== 'none' && rule.price_ids.ids.length === 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['price_ids', 'ids'],
        message: mappingRuleMessages.priceIdsRequired,
      });
    }
  });
export type PipelineMappingRule = z.infer<typeof pipelineMappingRuleSchema>;

/** Comma-separated price ids as typed: each trimmed, empties dropped (spec §5). */
export const parsePriceIds = (text: string): string[] =>
  text
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean);

export type RuleMatch = { matched: true; rule: PipelineMappingRule } | { matched: false; reason: string };

/**
 * The first rule whose status equals the billing subscription's and whose price ids match by mode:
 * none ignores prices, any needs one listed id present, all needs every listed id present.
 */
export const matchMappingRule = (
  rules: readonly PipelineMappingRule[],
  subscription: { status: string; priceIds: readonly string[] },
): RuleMatch => {
  const rule = rules.find(
    (candidate) =>
      candidate.stripe_subscription_status === subscription.status &&
      pricesMatch(candidate, subscription.priceIds),
  );
  if (rule) return { matched: true, rule };
  const prices = subscription.priceIds.join(', ') || 'none';
  const reason = rules.some((candidate) => candidate.stripe_subscription_status === subscription.status)
    ? `No mapping rule for status "${subscription.status}" matches the prices (${prices})`
    : `No mapping rule for status "${subscription.status}"`;
  return { matched: false, reason };
};

const pricesMatch = (rule: PipelineMappingRule, priceIds: readonly string[]): boolean => {
  const { mode, ids } = rule.price_ids;
  if (mode === 'none') return true;
  if (mode === 'any') return ids.some((id) => priceIds.includes(id));
  return ids.every((id) => priceIds.includes(id));
};
