import { forceSubscriptionStatus, settleInvoice } from './billing/force.ts';
import { markUncollectible, voidInvoice } from './billing/invoices.ts';
import { advanceClock, processDue } from './billing/renewals.ts';
import { cancelSubscription, createSubscription, updateSubscription } from './billing/subscriptions.ts';
import { StripeClock } from './clock.ts';
import { runOperation, systemRequest } from './events.ts';
import { restrictedKey, secretKey } from './ids.ts';
import { restrictedKeyResources } from './http/permissions.ts';
import { getInvoice } from './lookup.ts';
import { buildAccount, buildAccountEntry } from './objects/account.ts';
import { createPrice, createProduct, updateProduct } from './ops/catalog.ts';
import { createCustomer, updateCustomer } from './ops/customers.ts';
import { createMeter, createMeterEvent } from './ops/meters.ts';
import { attachPaymentMethod, createPaymentMethod } from './ops/payment-methods.ts';
import {
  connectAccount,
  createStandaloneAccount,
  disconnectPlatform,
  updateAccountFlags,
  type AccountFlags,
  type NewAccount,
} from './ops/accounts.ts';
import type { Params } from './params.ts';
import type { Ctx, StripeRuntime } from './runtime.ts';
import { StripeStore } from './store.ts';
import type {
  AccountEntry,
  AccountWebhookEndpoint,
  KeyAccess,
  Customer,
  Invoice,
  Meter,
  MeterEvent,
  PaymentMethod,
  Price,
  Product,
  StripeData,
  StripeEvent,
  Subscription,
  SubscriptionStatus,
} from './types.ts';
import type { FaultInjector } from '../faults.ts';
import { WebhookDispatcher, type WebhookEndpoint, type WebhookRetryOptions } from './webhooks.ts';

export const stripeApiVersion = '2026-10-28.endive';

export type StripeCredentials = {
  secretKey: string;
  publishableKey: string;
  clientId: string;
  accountId: string;
  /** The platform's Connect redirect URIs (its Connect settings); the first is the default. */
  redirectUris: readonly string[];
};

export const defaultStripeCredentials: StripeCredentials = {
  secretKey: 'sk_test_sandbox_platform',
  publishableKey: 'pk_test_sandbox_platform',
  clientId: 'ca_sandbox',
  accountId: 'acct_1SandboxPlatfrm',
  redirectUris: [],
};

/** Plain values → the string params Stripe's form encoding would have produced. */
export type LooseParams = {
  [key: string]: string | number | boolean | null | undefined | LooseParams | LooseParams[] | string[];
};

const toParams = (value: LooseParams): Params => {
  const convert = (entry: unknown): unknown => {
    if (entry === null) return '';
    if (Array.isArray(entry)) return entry.map(convert);
    if (typeof entry === 'object' && entry !== undefined) {
      return Object.fromEntries(
        Object.entries(entry as Record<string, unknown>)
          .filter(([, inner]) => inner !== undefined)
          .map(([key, inner]) => [key, convert(inner)]),
      );
    }
    return String(entry);
  };
  return convert(value) as Params;
};

const initialData = (credentials: StripeCredentials, now: number): StripeData => {
  const platform = buildAccountEntry(
    buildAccount({
      id: credentials.accountId,
      created: now,
      name: 'Billbridge (sandbox platform)',
      email: 'platform@billbridge.test',
    }),
    'platform',
    { secretKeys: [credentials.secretKey], publishableKey: credentials.publishableKey },
  );
  return {
    version: 1,
    clockOffsetSeconds: 0,
    platformAccountId: credentials.accountId,
    clientIds: { [credentials.clientId]: credentials.accountId },
    accounts: { [credentials.accountId]: platform },
    oauthCodes: {},
    oauthGrants: {},
  };
};

export type StripeStateOptions = {
  credentials: StripeCredentials;
  snapshot: StripeData | undefined;
  webhooks: WebhookEndpoint[];
  retry: WebhookRetryOptions;
  applicationName: string;
  /** Webhook faults (`FaultInjector.dropWebhooks`). */
  faults?: FaultInjector;
};

/**
 * Direct access to the Stripe stand-in for tests, the control page and demos. Every change goes
 * through the same operations the HTTP API uses, so it emits the same events and webhooks.
 */
export class StripeState {
  readonly rt: StripeRuntime;
  readonly credentials: StripeCredentials;
  private readonly tick: NodeJS.Timeout;

  constructor(options: StripeStateOptions) {
    this.credentials = options.credentials;
    const data = options.snapshot ?? initialData(options.credentials, Math.floor(Date.now() / 1000));
    const store = new StripeStore(data);
    const clock = new StripeClock(data.clockOffsetSeconds, (offset) => {
      data.clockOffsetSeconds = offset;
      store.touch();
    });
    // `pending_webhooks` counts deliveries not yet accepted: a delivery that gave up stays pending.
    const webhooks = new WebhookDispatcher(
      options.retry,
      (eventId, accountId, delivered) => {
        if (!delivered) return;
        const event = store.entry(accountId)?.events.find((candidate) => candidate.id === eventId);
        if (event && event.pending_webhooks > 0) {
          event.pending_webhooks -= 1;
          store.touch();
        }
      },
      options.faults,
    );
    for (const endpoint of options.webhooks) webhooks.addEndpoint(endpoint);
    this.rt = {
      store,
      clock,
      webhooks,
      apiVersion: stripeApiVersion,
      baseUrl: '',
      applicationName: options.applicationName,
      redirectUris: options.credentials.redirectUris,
    };
    this.adoptCredentials(options.credentials);
    // Real time passes too: renewals that fall due while nobody touches the clock still happen.
    this.tick = setInterval(() => {
      try {
        processDue(this.rt);
      } catch (error) {
        // A timer must never take the host process down; the next tick tries again.
        console.error('sandbox: processing due Stripe subscriptions failed', error);
      }
    }, 30_000);
    this.tick.unref();
  }

  /** The app may bring its own keys and client id: they are added to the platform account. */
  private adoptCredentials(credentials: StripeCredentials): void {
    const { store } = this.rt;
    const platformId = store.data.platformAccountId;
    store.addSecretKey(platformId, credentials.secretKey);
    const platform = store.requireEntry(platformId);
    if (
      store.keyInfo(credentials.publishableKey) === undefined &&
      platform.publishableKey !== credentials.publishableKey
    ) {
      platform.publishableKey = credentials.publishableKey;
      store.reindexKeys();
    }
    store.data.clientIds[credentials.clientId] = platformId;
  }

  get store(): StripeStore {
    return this.rt.store;
  }

  get webhooks(): WebhookDispatcher {
    return this.rt.webhooks;
  }

  get platformAccountId(): string {
    return this.rt.store.data.platformAccountId;
  }

  revision(): number {
    return this.rt.store.revision();
  }

  snapshot(): StripeData {
    return this.rt.store.data;
  }

  close(): void {
    clearInterval(this.tick);
    this.rt.webhooks.close();
  }

  /** The sandbox clock (Unix seconds). */
  now(): number {
    return this.rt.clock.now();
  }

  /** Moves the clock forward, renewing periods, issuing and charging invoices, retrying failures. */
  advanceClock(seconds: number): void {
    advanceClock(this.rt, seconds);
  }

  account(accountId: string): AccountEntry {
    return this.rt.store.requireEntry(accountId);
  }

  accounts(): AccountEntry[] {
    return this.rt.store.entries();
  }

  events(accountId: string): StripeEvent[] {
    return [...this.account(accountId).events];
  }

  /** A Standard account already connected to the platform, as if its owner went through OAuth. */
  createConnectedAccount(input: NewAccount = {}): { id: string; secretKey: string; publishableKey: string } {
    const entry = createStandaloneAccount(this.rt, { name: 'Sandbox Business', ...input });
    connectAccount(this.rt, entry.account.id, this.platformAccountId);
    const accessToken = secretKey();
    this.rt.store.addSecretKey(entry.account.id, accessToken);
    return { id: entry.account.id, secretKey: accessToken, publishableKey: entry.publishableKey };
  }

  /** A Standard account not connected to anything (OAuth can connect it later). */
  createAccount(input: NewAccount = {}): { id: string; secretKey: string; publishableKey: string } {
    const entry = createStandaloneAccount(this.rt, input);
    const [ownKey] = entry.secretKeys;
    if (!ownKey) throw new Error(`Account ${entry.account.id} has no secret key`);
    return { id: entry.account.id, secretKey: ownKey, publishableKey: entry.publishableKey };
  }

  updateAccount(accountId: string, flags: AccountFlags): void {
    updateAccountFlags(this.rt, accountId, flags);
  }

  /** The account holder revokes the platform's access in their dashboard (`account.application.deauthorized`). */
  revokePlatformAccess(accountId: string): void {
    const platformId = this.account(accountId).connectedTo;
    const clientId = Object.entries(this.rt.store.data.clientIds).find(([, id]) => id === platformId)?.[0];
    if (!clientId) throw new Error(`Account ${accountId} is not connected to a platform`);
    disconnectPlatform(this.rt, accountId, clientId);
  }

  /** Runs an operation on one account and publishes its events. */
  run<T>(accountId: string, operation: (ctx: Ctx) => T): T {
    return runOperation(this.rt, accountId, systemRequest, operation);
  }

  createCustomer(accountId: string, params: LooseParams = {}): Customer {
    return this.run(accountId, (ctx) => createCustomer(ctx, toParams(params)));
  }

  updateCustomer(accountId: string, customerId: string, params: LooseParams): Customer {
    return this.run(accountId, (ctx) => updateCustomer(ctx, customerId, toParams(params)));
  }

  /** Creates a card from a test number and attaches it; by default it becomes the customer's default. */
  addCard(
    accountId: string,
    customerId: string,
    number = '4242424242424242',
    makeDefault = true,
  ): PaymentMethod {
    return this.run(accountId, (ctx) => {
      const card = createPaymentMethod(ctx, {
        type: 'card',
        card: { number, exp_month: '12', exp_year: String(new Date().getUTCFullYear() + 3), cvc: '123' },
      });
      attachPaymentMethod(ctx, card.id, customerId);
      if (makeDefault)
        updateCustomer(ctx, customerId, { invoice_settings: { default_payment_method: card.id } });
      return card;
    });
  }

  createProduct(accountId: string, params: LooseParams): Product {
    return this.run(accountId, (ctx) => createProduct(ctx, toParams(params)));
  }

  updateProduct(accountId: string, productId: string, params: LooseParams): Product {
    return this.run(accountId, (ctx) => updateProduct(ctx, productId, toParams(params)));
  }

  createPrice(accountId: string, params: LooseParams): Price {
    return this.run(accountId, (ctx) => createPrice(ctx, toParams(params)));
  }

  createMeter(accountId: string, params: LooseParams): Meter {
    return this.run(accountId, (ctx) => createMeter(ctx, toParams(params)));
  }

  createMeterEvent(accountId: string, params: LooseParams): MeterEvent {
    return this.run(accountId, (ctx) => createMeterEvent(ctx, toParams(params)));
  }

  meterEvents(accountId: string): MeterEvent[] {
    return [...this.account(accountId).objects.meter_events];
  }

  createSubscription(accountId: string, params: LooseParams): Subscription {
    return this.run(accountId, (ctx) => createSubscription(ctx, toParams(params)));
  }

  updateSubscription(accountId: string, subscriptionId: string, params: LooseParams): Subscription {
    return this.run(accountId, (ctx) => updateSubscription(ctx, subscriptionId, toParams(params)));
  }

  cancelSubscription(accountId: string, subscriptionId: string): Subscription {
    return this.run(accountId, (ctx) => cancelSubscription(ctx, subscriptionId, {}));
  }

  /** Moves a billing subscription to a status with Stripe's side effects (control page "move to"). */
  setSubscriptionStatus(accountId: string, subscriptionId: string, status: SubscriptionStatus): Subscription {
    return this.run(accountId, (ctx) => forceSubscriptionStatus(ctx, subscriptionId, status));
  }

  /** Pays an open invoice whatever the card says (out of band when there is no card). */
  payInvoice(accountId: string, invoiceId: string): Invoice {
    return this.run(accountId, (ctx) => {
      const invoice = getInvoice(ctx, invoiceId);
      settleInvoice(ctx, invoice, 'succeed');
      return invoice;
    });
  }

  /** Fails a payment attempt on an open invoice whatever the card says. */
  failInvoice(accountId: string, invoiceId: string): Invoice {
    return this.run(accountId, (ctx) => {
      const invoice = getInvoice(ctx, invoiceId);
      settleInvoice(ctx, invoice, 'fail');
      return invoice;
    });
  }

  voidInvoice(accountId: string, invoiceId: string): Invoice {
    return this.run(accountId, (ctx) => voidInvoice(ctx, getInvoice(ctx, invoiceId)));
  }

  markInvoiceUncollectible(accountId: string, invoiceId: string): Invoice {
    return this.run(accountId, (ctx) => markUncollectible(ctx, getInvoice(ctx, invoiceId)));
  }

  /**
   * A restricted key (`rk_`) of the account, as the dashboard's "Create restricted key" makes it:
   * `permissions` maps a resource (`restrictedKeyResources`) to read or write; others are "None".
   */
  createRestrictedKey(
    accountId: string,
    permissions: Record<string, KeyAccess>,
    name = 'Restricted key',
  ): string {
    this.account(accountId);
    const unknown = Object.keys(permissions).filter((resource) => !restrictedKeyResources.includes(resource));
    if (unknown.length > 0) throw new Error(`Unknown restricted-key resources: ${unknown.join(', ')}`);
    const key = restrictedKey();
    this.rt.store.addRestrictedKey(accountId, { key, name, created: this.now(), permissions });
    return key;
  }

  /** Deletes a restricted key: every later call with it answers 401, as Stripe does. */
  revokeRestrictedKey(key: string): void {
    if (!this.rt.store.revokeRestrictedKey(key)) throw new Error('No such restricted key.');
  }

  /** The webhook endpoints the account registered over the API, secrets included. */
  accountWebhookEndpoints(accountId: string): AccountWebhookEndpoint[] {
    return [...(this.account(accountId).webhookEndpoints ?? [])];
  }

  addWebhookEndpoint(endpoint: WebhookEndpoint): void {
    this.rt.webhooks.addEndpoint(endpoint);
  }
}
