import { z } from 'zod';
import { defineFunction } from './define-function.ts';
import { permissionKeys } from './permissions.ts';

/** Statuses the product acts on; spec §3 allows others ("other"), shown with a grey badge. */
export const subscriptionStatuses = ['active', 'capped', 'past_due', 'canceled'] as const;
export type KnownSubscriptionStatus = (typeof subscriptionStatuses)[number];

export const subscriptionIdSchema = z.string().trim().min(1).max(64);

export const subscriptionSettingsSchema = z
  .object({
    name: z.string().optional(),
    notification_threshold: z.number().optional(),
    /** Issue 36: members must sign in with two factors (`updateTwoFactorRequirement`). */
    require_two_factor: z.boolean().optional(),
  })
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
  /**
   * A paid plan whose first payment Stripe is still confirming; `plan_id` is the plan in force until
   * then (issue 38). Absent or null: none.
   */
  pending_plan_id: z.string().nullish(),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

export const defaultSubscriptionName = 'Untitled Project';

export const getSubscription = defineFunction({
  name: 'getSubscription',
  input: z.object({ subscriptionId: subscriptionIdSchema }),
  output: subscriptionSchema,
  requires: { allOf: ['access'] },
  whenCanceled: 'allowed',
  withoutTwoFactor: 'allowed',
});

export const listMySubscriptions = defineFunction({
  name: 'listMySubscriptions',
  input: z.object({}),
  output: z.object({ subscriptions: z.array(subscriptionSchema) }),
  requires: 'signed-in',
});

/** Spec §3 "Billing details", as the billing form sends them (line 2, state and postal code may be empty). */
export const billingDetailsSchema = z.object({
  name: z.string().trim().min(1).max(200),
  phone: z.string().trim().min(1).max(50),
  address: z.object({
    line1: z.string().trim().min(1).max(200),
    line2: z.string().trim().max(200).nullish(),
    city: z.string().trim().min(1).max(100),
    state: z.string().trim().max(100),
    postal_code: z.string().trim().max(20),
    country: z.string().trim().length(2),
  }),
});
export type BillingDetails = z.infer<typeof billingDetailsSchema>;

export const billingInfoSchema = z.object({
  billingDetails: billingDetailsSchema,
  paymentMethodId: z.string().trim().min(1).max(255),
});

/**
 * Creates a workspace on a plan (spec §4 "Plan creation"). The free plan is created at once; a paid
 * plan needs `billingInfo` (the billing step's card and address) and starts its Stripe subscription;
 * `clientSecret` is a first payment the browser must still confirm with Stripe.js (`confirmPayment`).
 */
export const createSubscription = defineFunction({
  name: 'createSubscription',
  input: z.object({ planId: z.string().trim().min(1).max(64), billingInfo: billingInfoSchema.optional() }),
  output: z.object({ subscriptionId: z.string(), clientSecret: z.string().optional() }),
  requires: 'signed-in',
});

/** The message a write on a canceled workspace is refused with (spec §4). */
export const canceledSubscriptionMessage = 'This subscription has been canceled';
