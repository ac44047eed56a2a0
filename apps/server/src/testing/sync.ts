import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { AddressInfo } from 'node:net';
import { Client } from '@hubspot/api-client';
import Stripe from 'stripe';
import type { PipelineMappingRule } from '@billbridge/contract';
import type { Sandbox } from '@billbridge/sandbox';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/client.ts';
import { activity, destination, source, stripeEvent, type ActivityRow } from '../db/schema.ts';
import { startWorker } from '../main/start-worker.ts';
import { ensureStripeIdProperties } from '../providers/hubspot/hubspot-properties.ts';
import { createTestApp, type TestApp } from './test-app.ts';
import { signUpUser, type TestUser } from './users.ts';
import { seedWorkspace } from './workspaces.ts';
import { sealForRow } from './sealed.ts';
import { waitFor } from './wait.ts';
import { portalFactStore, rememberPortalFacts } from '../providers/hubspot/portal-facts.ts';
import { ruleOf } from './fixtures.ts';

export { billingSubscriptionOf, ruleOf } from './fixtures.ts';

/** A Stripe event as the stand-in would send it, for tests that post webhooks by hand. */
export const stripeEventOf = (
  overrides: {
    type?: string;
    account?: string;
    object?: Record<string, unknown>;
    created?: number;
    livemode?: boolean;
    id?: string;
  } = {},
): Stripe.Event =>
  ({
    id: overrides.id ?? `evt_${randomUUID().replaceAll('-', '').slice(0, 24)}`,
    object: 'event',
    api_version: '2026-10-28.endive',
    created: overrides.created ?? Math.floor(Date.now() / 1000),
    livemode: overrides.livemode ?? false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type: overrides.type ?? 'customer.created',
    account: overrides.account,
    data: {
      object: overrides.object ?? {
        id: `cus_${randomUUID().slice(0, 14)}`,
        object: 'customer',
        email: 'ada@example.com',
      },
    },
  }) as unknown as Stripe.Event;

/** The `Stripe-Signature` Stripe would put on `payload`, at `timestamp` (seconds). */
export const signatureOf = (
  context: AppContext,
  payload: string,
  timestamp = Math.floor(Date.now() / 1000),
): string =>
  Stripe.webhooks.generateTestHeaderString({
    payload,
    secret: context.providers.stripe?.webhookSecret ?? '',
    timestamp,
  });

/** Posts a webhook the way Stripe does: raw JSON body, signed unless told otherwise (null: no header). */
export const postWebhook = (
  t: TestApp,
  body: string,
  signature: string | null = signatureOf(t.context, body),
) =>
  t.app.inject({
    method: 'POST',
    url: '/webhooks/stripe',
    headers: {
      'content-type': 'application/json; charset=utf-8',
      ...(signature ? { 'stripe-signature': signature } : {}),
    },
    payload: body,
  });

/** Posts one signed Stripe event and waits until its activity settles; returns that activity. */
export const postAndSettle = async (
  t: TestApp,
  event: { id: string; type: string },
): Promise<ActivityRow> => {
  const response = await postWebhook(t, JSON.stringify(event));
  if (response.statusCode !== 200) throw new Error(`The webhook answered ${response.statusCode}`);
  return waitFor(
    async () => {
      const [row] = await t.context.database.db.select().from(activity).where(eq(activity.eventId, event.id));
      return row && row.status !== 'pending' ? row : undefined;
    },
    { what: `the ${event.type} activity to settle` },
  );
};

/** A source row connected to `accountId` (as connectSource leaves it), enabled unless told otherwise. */
/** The source row `seedSource` inserts: a Stripe source of `accountId`. */
export const sourceRow = (
  subscriptionId: string,
  accountId: string,
  options: { enabled?: boolean; livemode?: boolean; settings?: Record<string, unknown> } = {},
) => ({
  id: randomUUID(),
  subscriptionId,
  name: 'Stripe',
  type: 'stripe',
  enabled: options.enabled ?? true,
  accountId,
  livemode: options.livemode ?? false,
  auth: { account_id: accountId },
  settings: options.settings ?? {},
});

export const seedSource = async (
  context: AppContext,
  subscriptionId: string,
  accountId: string,
  options: { enabled?: boolean; livemode?: boolean; settings?: Record<string, unknown> } = {},
): Promise<string> => {
  const row = sourceRow(subscriptionId, accountId, options);
  await context.database.db.insert(source).values(row);
  return row.id;
};

/** Lets the app receive the embedded Stripe stand-in's webhooks on a real port. */
export const listenForWebhooks = async (t: TestApp): Promise<void> => {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as AddressInfo;
  t.context.providers.receiveWebhooksAt(`http://127.0.0.1:${port}/webhooks/stripe`);
};

export type SyncBed = {
  t: TestApp;
  sandbox: Sandbox;
  /** Stops the worker (if one runs) and closes the app. */
  stop: () => Promise<void>;
};

/**
 * A test app for one test file that syncs as deployed: it receives the Stripe stand-in's webhooks
 * and runs the job worker, unless told not to.
 */
export const syncBed = async ({ webhooks = true, worker = true } = {}): Promise<SyncBed> => {
  const t = await createTestApp();
  if (webhooks) await listenForWebhooks(t);
  const stopWorker = worker ? await startWorker(t.context) : () => {};
  const stop = async () => {
    stopWorker();
    await t.close();
  };
  return { t, sandbox: t.context.providers.sandbox as Sandbox, stop };
};

/** A dead-lettered event and its failure activity, as the writer leaves them; returns the activity id. */
export const seedFailedActivity = async (db: Db, subscriptionId: string): Promise<number> => {
  const event = stripeEventOf({ account: 'acct_1SeededFailure0001' });
  const [row] = await db
    .insert(stripeEvent)
    .values({
      accountId: 'acct_1SeededFailure0001',
      eventId: event.id,
      type: event.type,
      livemode: false,
      created: event.created,
      objectId: 'cus_seeded',
      payload: event,
      subscriptionId,
      state: 'failed',
      attempts: 3,
      lastError: 'Property values were not valid',
    })
    .returning({ id: stripeEvent.id });
  const [logged] = await db
    .insert(activity)
    .values({
      subscriptionId,
      stripeEventId: row?.id ?? 0,
      type: 'customer',
      rawEventType: event.type,
      eventId: event.id,
      time: new Date(event.created * 1000),
      status: 'failure',
      reason: 'Property values were not valid',
    })
    .returning({ id: activity.id });
  return logged?.id ?? 0;
};

/** The optional scopes a portal grants unless a test says otherwise: every unique property. */
export const schemaScopes = [
  'crm.schemas.contacts.write',
  'crm.schemas.deals.write',
  'crm.schemas.invoices.write',
];

/** The destination row `seedDestination` inserts: a HubSpot portal connected with `token`. */
export const destinationRow = (
  context: AppContext,
  subscriptionId: string,
  token: { hubId: number; accessToken: string; refreshToken: string; expiresIn: number },
  rules: PipelineMappingRule[],
  scopes: string[] = schemaScopes,
) => {
  const id = randomUUID();
  return {
    id,
    subscriptionId,
    name: 'HubSpot',
    type: 'hubspot',
    enabled: true,
    hubId: token.hubId,
    scopes,
    accessTokenSealed: sealForRow(context, 'destination', id, 'accessTokenSealed', token.accessToken),
    refreshTokenSealed: sealForRow(context, 'destination', id, 'refreshTokenSealed', token.refreshToken),
    tokenExpiresAt: new Date(Date.now() + token.expiresIn * 1000),
    settings: { pipeline_mapping_rules: rules },
  };
};

/**
 * A destination connected to a portal of the embedded HubSpot stand-in (a fresh one unless
 * `portalId` names one), with the unique properties the connect flow creates for the granted
 * `scopes`, the portal facts it keeps, and the given rules.
 */
export const seedDestination = async (
  context: AppContext,
  subscriptionId: string,
  rules: PipelineMappingRule[],
  { portalId, scopes = schemaScopes }: { portalId?: number; scopes?: string[] } = {},
): Promise<{ destinationId: string; portalId: number; accessToken: string }> => {
  const sandbox = context.providers.sandbox;
  if (!sandbox) throw new Error('seedDestination needs the embedded sandbox');
  const portal = portalId ? sandbox.hubspotState.portal(portalId) : sandbox.hubspotState.createPortal();
  const token = sandbox.hubspotState.issueToken(portal.id);
  const client = new Client({ accessToken: token.accessToken, basePath: sandbox.hubspot.url });
  await ensureStripeIdProperties(client, scopes);
  await rememberPortalFacts(client, portal.id, portalFactStore(context.database.db));
  const row = destinationRow(context, subscriptionId, { hubId: portal.id, ...token }, rules, scopes);
  await context.database.db.insert(destination).values(row);
  sandbox.hubspotState.resetRateLimits(portal.id);
  return { destinationId: row.id, portalId: portal.id, accessToken: token.accessToken };
};

export type SyncedWorkspace = {
  subscriptionId: string;
  owner: TestUser;
  account: string;
  sourceId: string;
  destinationId: string;
  portalId: number;
};

/**
 * A workspace with a connected Stripe account (a sandbox connected account) and a connected
 * HubSpot portal: active subscriptions become closed-won deals, past-due ones contract-sent.
 */
export const seedSyncedWorkspace = async (
  t: TestApp,
  {
    planId = 'pro',
    rules,
    portalId: sharedPortalId,
    scopes,
  }: { planId?: string; rules?: PipelineMappingRule[]; portalId?: number; scopes?: string[] } = {},
): Promise<SyncedWorkspace> => {
  const sandbox = t.context.providers.sandbox;
  if (!sandbox) throw new Error('seedSyncedWorkspace needs the embedded sandbox');
  const owner = await signUpUser(t.app);
  const subscriptionId = await seedWorkspace(t.context.database.db, owner.id, [], { planId });
  const account = sandbox.stripeState.createConnectedAccount().id;
  const sourceId = await seedSource(t.context, subscriptionId, account);
  const { destinationId, portalId } = await seedDestination(
    t.context,
    subscriptionId,
    rules ?? [ruleOf('active', 'closedwon'), ruleOf('past_due', 'contractsent')],
    { portalId: sharedPortalId, ...(scopes ? { scopes } : {}) },
  );
  return { subscriptionId, owner, account, sourceId, destinationId, portalId };
};

/** A monthly USD price of a new product in a sandbox Stripe account. */
export const seedMonthlyPrice = (sandbox: Sandbox, account: string, unitAmount: number, name = 'Plan') => {
  const product = sandbox.stripeState.createProduct(account, { name });
  return sandbox.stripeState.createPrice(account, {
    product: product.id,
    unit_amount: unitAmount,
    currency: 'usd',
    recurring: { interval: 'month' },
  });
};

/**
 * Gives a sandbox Stripe customer a card and a billing subscription of a new monthly USD price;
 * `params` go with the subscription (a trial, say). Returns the subscription.
 */
export const subscribeCustomer = (
  sandbox: Sandbox,
  account: string,
  customerId: string,
  { unitAmount, params = {} }: { unitAmount: number; params?: Record<string, unknown> },
) => {
  sandbox.stripeState.addCard(account, customerId, '4242424242424242');
  const price = seedMonthlyPrice(sandbox, account, unitAmount);
  return sandbox.stripeState.createSubscription(account, {
    customer: customerId,
    items: [{ price: price.id }],
    ...params,
  });
};

/** A charge of `customerId` the card declined, as Stripe sends it: a payment-trouble note (decision 068). */
export const failedChargeOf = (customerId: string, id = `ch_failed_${customerId}`) => ({
  id,
  object: 'charge',
  amount: 4900,
  amount_refunded: 0,
  currency: 'usd',
  customer: customerId,
  status: 'failed',
  failure_code: 'card_declined',
  failure_message: 'Your card has insufficient funds.',
  outcome: { reason: 'insufficient_funds', seller_message: 'The bank declined the payment.' },
});

/** An invoice object as Stripe sends it in `data.object`: one line of `amount` minor units. */
export const invoiceOf = (
  id: string,
  customer: string,
  subscription: string | null,
  status: 'draft' | 'open' | 'paid' | 'void' | 'uncollectible',
  { amount = 1999, currency = 'usd', created = 1_700_000_000 } = {},
) => ({
  id,
  object: 'invoice',
  status,
  currency,
  customer,
  created,
  due_date: null,
  number: status === 'draft' ? null : `INV-${id.slice(3)}`,
  total: amount,
  amount_paid: status === 'paid' ? amount : 0,
  amount_remaining: status === 'paid' ? 0 : amount,
  hosted_invoice_url: null,
  status_transitions: { paid_at: status === 'paid' ? created : null },
  parent: subscription ? { type: 'subscription_details', subscription_details: { subscription } } : null,
  lines: {
    object: 'list',
    has_more: false,
    data: [
      {
        id: `il_${id.slice(3)}`,
        object: 'line_item',
        amount,
        currency,
        description: '1 × Basic (at 19.99 / month)',
        quantity: 1,
        period: { start: created, end: created + 30 * 86_400 },
        pricing: { type: 'price_details', unit_amount_decimal: String(amount) },
      },
    ],
  },
});

/** Waits until every event of the workspace is in the activity log and none is still being written. */
export const everyEventSettled = (t: TestApp, subscriptionId: string) =>
  waitFor(
    async () => {
      const { db } = t.context.database;
      const events = await db
        .select({ id: stripeEvent.id })
        .from(stripeEvent)
        .where(eq(stripeEvent.subscriptionId, subscriptionId));
      const logged = await db
        .select({ status: activity.status })
        .from(activity)
        .where(eq(activity.subscriptionId, subscriptionId));
      return logged.length === events.length && logged.every((row) => row.status !== 'pending');
    },
    { what: 'every event settled', timeoutMs: 30_000 },
  );

/** HubSpot requests that wrote a billing subscription's deal (batch upserts, updates, creates). */
export const dealWritesOf = (sandbox: Sandbox, portalId: number, billingId: string): number =>
  sandbox.hubspotState
    .requestLog(portalId)
    .filter(
      (entry) =>
        entry.method === 'POST' &&
        /\/objects\/deals\/batch\/(upsert|update|create)$/.test(entry.path) &&
        JSON.stringify(entry.body).includes(billingId),
    ).length;

/** The activity of the event `eventId` once it is no longer pending (or once `done` says so). */
export const settledActivity = (
  t: TestApp,
  eventId: string,
  done: (row: ActivityRow) => boolean = (row) => row.status !== 'pending',
): Promise<ActivityRow> =>
  waitFor(
    async () => {
      const [row] = await t.context.database.db.select().from(activity).where(eq(activity.eventId, eventId));
      return row && done(row) ? row : undefined;
    },
    { what: `the activity of ${eventId} to settle` },
  );
