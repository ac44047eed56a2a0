import { z } from 'zod';
import { defineFunction } from './define-function.ts';
import { pageSchema, pageSizeSchema } from './members.ts';
import { billingDetailsSchema, billingInfoSchema, subscriptionIdSchema } from './subscriptions.ts';

/**
 * Billing of Billbridge's own plans (spec §2 "Billing and subscription management", §3, §7): the
 * workspace is a customer of Billbridge's Stripe platform account; its owner manages cards, billing
 * details, plan and cancellation, admins read the invoices.
 */

/** Spec §3 "Invoice", as stored from the platform's `invoice.*` events. */
export const invoiceStatuses = ['draft', 'open', 'paid', 'uncollectible', 'void'] as const;

export const invoiceSchema = z.object({
  id: z.string(),
  /** Empty (null) until Stripe finalizes the invoice: shown as "pending". */
  number: z.string().nullable(),
  /** Epoch seconds. */
  created: z.number().int(),
  /** Minor currency units: the amount shown is total / 100 (spec §9). */
  total: z.number().int(),
  /** Lower-case ISO code, as Stripe writes it (`usd`). */
  currency: z.string(),
  /** One of `invoiceStatuses`, or another Stripe status shown as "other". */
  status: z.string(),
  hosted_invoice_url: z.string().nullable(),
});
export type Invoice = z.infer<typeof invoiceSchema>;

/** The invoice list (spec §7 "Invoices": a count, then a page ordered by `created` descending). */
export const listInvoices = defineFunction({
  name: 'listInvoices',
  input: z.object({ subscriptionId: subscriptionIdSchema, page: pageSchema, pageSize: pageSizeSchema }),
  output: z.object({ count: z.number().int().min(0), invoices: z.array(invoiceSchema) }),
  requires: { allOf: ['admin'] },
  whenCanceled: 'allowed',
});

/** Spec §3 "Payment method": a card of the workspace's Stripe customer. */
export const paymentMethodSchema = z.object({
  id: z.string(),
  isDefault: z.boolean(),
  card: z.object({
    brand: z.string(),
    last4: z.string(),
    exp_month: z.number().int(),
    exp_year: z.number().int(),
  }),
});
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;

const paymentMethodIdSchema = z.string().trim().min(1).max(255);

/** The cards of the workspace, the default one first. */
export const getPaymentMethods = defineFunction({
  name: 'getPaymentMethods',
  input: z.object({ subscriptionId: subscriptionIdSchema }),
  output: z.object({ paymentMethods: z.array(paymentMethodSchema) }),
  requires: { allOf: ['owner'] },
  whenCanceled: 'allowed',
});

/** A Stripe setup intent for a new card; the browser confirms it with Stripe.js (`confirmSetup`). */
export const createSetupIntent = defineFunction({
  name: 'createSetupIntent',
  input: z.object({ subscriptionId: subscriptionIdSchema }),
  output: z.object({ clientSecret: z.string() }),
  requires: { allOf: ['owner'] },
  verifiedEmail: 'required',
});

/** The card future invoices are charged to (the customer's and the Stripe subscription's default). */
export const setDefaultPaymentMethod = defineFunction({
  name: 'setDefaultPaymentMethod',
  input: z.object({ subscriptionId: subscriptionIdSchema, paymentMethodId: paymentMethodIdSchema }),
  output: z.null(),
  requires: { allOf: ['owner'] },
  verifiedEmail: 'required',
});

/** Detaches a card; the default card of a paid plan cannot go (`billingMessages.defaultCardOfPaidPlan`, server-messages.ts). */
export const deletePaymentMethod = defineFunction({
  name: 'deletePaymentMethod',
  input: z.object({ subscriptionId: subscriptionIdSchema, paymentMethodId: paymentMethodIdSchema }),
  output: z.null(),
  requires: { allOf: ['owner'] },
  verifiedEmail: 'required',
});

/** Billing details as stored on the Stripe customer; any field may still be empty there. */
export const storedBillingDetailsSchema = z.object({
  name: z.string(),
  phone: z.string(),
  address: z.object({
    line1: z.string(),
    line2: z.string().nullable(),
    city: z.string(),
    state: z.string(),
    postal_code: z.string(),
    country: z.string(),
  }),
});
export type StoredBillingDetails = z.infer<typeof storedBillingDetailsSchema>;

/** The workspace's billing details (spec §3), `null` while none were ever given. */
export const getBillingDetails = defineFunction({
  name: 'getBillingDetails',
  input: z.object({ subscriptionId: subscriptionIdSchema }),
  output: storedBillingDetailsSchema.nullable(),
  requires: { allOf: ['owner'] },
  whenCanceled: 'allowed',
});

/** Spec §7: `subscriptionId, name, phone, address{line1, line2, city, state, postal_code, country}`. */
export const updateBillingDetails = defineFunction({
  name: 'updateBillingDetails',
  input: billingDetailsSchema.extend({ subscriptionId: subscriptionIdSchema }),
  output: z.null(),
  requires: { allOf: ['owner'] },
  verifiedEmail: 'required',
});

/**
 * Spec §4 "Change plan". From free to a paid plan `billingInfo` is required (the billing step); a
 * `clientSecret` in the answer is a payment the browser confirms with Stripe.js (`confirmPayment`).
 */
export const changeSubscriptionPlan = defineFunction({
  name: 'changeSubscriptionPlan',
  input: z.object({
    subscriptionId: subscriptionIdSchema,
    planId: z.string().trim().min(1).max(64),
    billingInfo: billingInfoSchema.optional(),
  }),
  output: z.object({ clientSecret: z.string().optional() }),
  requires: { allOf: ['owner'] },
  verifiedEmail: 'required',
});

/** Immediate and final (spec §4); `confirmationId` must equal the subscription id (spec §5). */
export const cancelSubscription = defineFunction({
  name: 'cancelSubscription',
  input: z.object({ subscriptionId: subscriptionIdSchema, confirmationId: z.string().max(200) }),
  output: z.null(),
  requires: { allOf: ['owner'] },
});

/**
 * What the billing step and the card form need to load Stripe.js: the platform's publishable key
 * and where the script is (js.stripe.com, or the sandbox's stand-in `/sandbox.js`).
 */
export const getBillingConfig = defineFunction({
  name: 'getBillingConfig',
  input: z.object({}),
  output: z.object({ publishableKey: z.string(), stripeJsUrl: z.string() }),
  requires: 'signed-in',
});

/** Spec §9 "Payment form" constants the billing step passes to Stripe's Payment Element. */
export const paymentFormOptions = {
  mode: 'subscription',
  currency: 'usd',
  paymentMethodTypes: ['card'],
  /** Default address country by UI language. */
  defaultCountry: { zh: 'CN', en: 'US' },
} as const;

/** The platform's billing webhook route, apart from the Connect one (`/webhooks/stripe`). */
export const billingWebhookPath = '/webhooks/stripe-billing';
