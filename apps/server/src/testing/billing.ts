import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { Sandbox } from '@billbridge/sandbox';
import { subscription, type SubscriptionRow } from '../db/schema.ts';
import { createStripeClient } from '../providers/stripe-client.ts';
import { syncBed, type SyncBed } from './sync.ts';
import type { TestApp } from './test-app.ts';
import { callFunction, signUpVerifiedUser, type TestUser } from './users.ts';

export const billingDetails = {
  name: 'Olga Owner',
  phone: '+1 415 555 0100',
  address: {
    line1: '1 Market St',
    line2: null,
    city: 'San Francisco',
    state: 'CA',
    postal_code: '94105',
    country: 'US',
  },
};

export const cards = {
  visa: '4242424242424242',
  declined: '4000000000000002',
  /** Attaches, but every payment with it fails. */
  failsPayments: '4000000000000341',
  mastercard: '5555555555554444',
} as const;

export const sandboxOf = (t: TestApp): Sandbox => {
  const sandbox = t.context.providers.sandbox;
  if (!sandbox) throw new Error('the test app runs without the sandbox');
  return sandbox;
};

export type BillingBed = SyncBed & { owner: TestUser };

/**
 * A test app (webhooks and worker as `syncBed`, both on unless told not) and the workspaces'
 * owner-to-be, whose e-mail is verified as billing needs (issue 38).
 */
export const billingBed = async (
  options: { webhooks?: boolean; worker?: boolean } = {},
): Promise<BillingBed> => {
  const bed = await syncBed(options);
  const owner = await signUpVerifiedUser(bed.t.app, bed.t.context.database.db, { name: 'Olga Owner' });
  return { ...bed, owner };
};

/** The platform account's API with its secret key, as the server has it. */
export const platformApi = (t: TestApp): Stripe => {
  const settings = t.context.providers.stripe;
  if (!settings) throw new Error('no Stripe settings');
  return createStripeClient(settings);
};

/** The API as a browser reaches it with the publishable key (Stripe.js). */
export const browserApi = (t: TestApp): Stripe => {
  const settings = t.context.providers.stripe;
  if (!settings?.publishableKey) throw new Error('no publishable key');
  return createStripeClient({ ...settings, secretKey: settings.publishableKey });
};

/** A card payment method as the billing step creates it in the browser. */
export const browserCard = async (t: TestApp, number: string): Promise<string> => {
  const method = await browserApi(t).paymentMethods.create({
    type: 'card',
    card: { number, exp_month: 12, exp_year: 2034, cvc: '123' },
  } as Stripe.PaymentMethodCreateParams);
  return method.id;
};

/** A workspace on a paid plan created the way the billing step does; returns its id. */
export const createPaidWorkspace = async (
  t: TestApp,
  owner: TestUser,
  planId = 'pro',
  card: string = cards.visa,
): Promise<string> => {
  const paymentMethodId = await browserCard(t, card);
  const { status, body } = await callFunction(
    t.app,
    'createSubscription',
    { planId, billingInfo: { billingDetails, paymentMethodId } },
    owner,
  );
  if (status !== 200) throw new Error(`createSubscription failed: ${status} ${JSON.stringify(body)}`);
  return (body.result as { subscriptionId: string }).subscriptionId;
};

export const workspaceRow = async (t: TestApp, id: string): Promise<SubscriptionRow> => {
  const [row] = await t.context.database.db.select().from(subscription).where(eq(subscription.id, id));
  if (!row) throw new Error(`no workspace ${id}`);
  return row;
};

/** A card added the way the payment methods screen does: a setup intent confirmed by Stripe.js. */
export const addCardThroughSetupIntent = async (
  t: TestApp,
  owner: TestUser,
  subscriptionId: string,
  number: string,
): Promise<string> => {
  const { body } = await callFunction(t.app, 'createSetupIntent', { subscriptionId }, owner);
  const clientSecret = (body.result as { clientSecret: string }).clientSecret;
  const card = await browserCard(t, number);
  await browserApi(t).setupIntents.confirm(
    clientSecret.split('_secret_')[0] as string,
    {
      payment_method: card,
      client_secret: clientSecret,
    } as never,
  );
  return card;
};
