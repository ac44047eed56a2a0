import { z } from 'zod';
import { defineFunction } from './define-function.ts';
import { permissionKeys } from './permissions.ts';

/** Statuses the product acts on; spec §3 allows others ("other"), shown with a grey badge. */
export const subscriptionStatuses = ['active', 'capped', 'past_due', 'canceled'] as const;
export type KnownSubscriptionStatus = (typeof subscriptionStatuses)[number];

export const subscriptionIdSchema = z.string().trim().min(1).max(64);

export const subscriptionSettingsSchema = z
  .object({ name: z.string().optional(), notification_threshold: z.number().optional() })
  .catchall(z.unknown());

/** A workspace as the browser sees it (spec §3 "Subscription"). */
export const subscriptionSchema = z.object({
  id: z.string(),
  owner_id: z.string(),
  plan_id: z.string(),
  status: z.string(),
  settings: subscriptionSettingsSchema,
  permissions: z.record(z.enum(permissionKeys), z.array(z.string())),
  subscription_current_period_start: z.number().int(),
  subscription_current_period_end: z.number().int(),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

export const defaultSubscriptionName = 'Untitled Project';

export const getSubscription = defineFunction({
  name: 'getSubscription',
  input: z.object({ subscriptionId: subscriptionIdSchema }),
  output: subscriptionSchema,
  requires: { allOf: ['access'] },
});

export const listMySubscriptions = defineFunction({
  name: 'listMySubscriptions',
  input: z.object({}),
  output: z.object({ subscriptions: z.array(subscriptionSchema) }),
  requires: 'signed-in',
});
