import { controlRoutes } from './control/routes.ts';
import { FaultInjector } from './faults.ts';
import { buildHubSpotServer } from './hubspot/server.ts';
import { defaultHubSpotApp, HubSpotState } from './hubspot/state.ts';
import type { HubSpotData } from './hubspot/types.ts';
import { loadSnapshot, startPersistence } from './persist.ts';
import type { BrowserAccess } from './shared/browser-guard.ts';
import { listenOn } from './shared/http.ts';
import { buildStripeServer } from './stripe/server.ts';
import { defaultStripeCredentials, StripeState, type StripeCredentials } from './stripe/state.ts';
import type { StripeData } from './stripe/types.ts';
import { defaultRetry, type WebhookEndpoint, type WebhookRetryOptions } from './stripe/webhooks.ts';

export {
  FaultInjector,
  type FaultRule,
  type ActiveFault,
  type WebhookFaultRule,
  type ActiveWebhookFault,
} from './faults.ts';
export {
  StripeState,
  defaultStripeCredentials,
  type StripeCredentials,
  type LooseParams,
} from './stripe/state.ts';
export { HubSpotState, defaultHubSpotApp } from './hubspot/state.ts';
export { signPayload } from './stripe/signature.ts';
export type { WebhookEndpoint, WebhookRetryOptions, WebhookDelivery } from './stripe/webhooks.ts';
export type { LoggedRequest } from './hubspot/request-log.ts';
export { isAllowedHost, type BrowserAccess } from './shared/browser-guard.ts';
export type { SubscriptionStatus } from './stripe/types.ts';
export {
  startWebhookReceiver,
  type WebhookReceiver,
  type ReceivedWebhook,
} from './testing/webhook-receiver.ts';

export type SandboxOptions = {
  /** Interface both stand-ins listen on; default 127.0.0.1. */
  host?: string;
  /** 0 = a random free port (default). */
  stripePort?: number;
  /** 0 = a random free port (default). */
  hubspotPort?: number;
  /** When set, state is saved here (`stripe.json`, `hubspot.json`) and reloaded on start. */
  dataDir?: string;
  /** Endpoints to deliver events to; `connect: true` gets connected accounts' events (with `account`). */
  stripeWebhooks?: WebhookEndpoint[];
  /** Access token lifetime; default 1800 (30 min). */
  hubspotTokenTtlSeconds?: number;
  /** How long new and changed records stay invisible to search; default 1000 ms. */
  hubspotSearchIndexDelayMs?: number;
  /** 110 requests per rolling 10 s and 5 searches/s per portal; default true. */
  hubspotRateLimits?: boolean;
  /** Answer 403 MISSING_SCOPES when a token lacks the scope an endpoint needs; default true. */
  hubspotEnforceScopes?: boolean;
  logger?: boolean;
  /**
   * The app's own Stripe platform credentials (added to the fixed sandbox ones, which keep working),
   * and the Connect redirect URIs its platform registers (none by default: Connect OAuth then
   * refuses every redirect, as Stripe does).
   */
  stripeCredentials?: Partial<StripeCredentials>;
  /** The app's own HubSpot app credentials (replace the fixed sandbox ones). */
  hubspotApp?: Partial<{ clientId: string; clientSecret: string; appId: number; name: string }>;
  /** Webhook delivery retries; default 8 tries, 1 s doubling up to 60 s, 10 s timeout. */
  stripeWebhookRetry?: Partial<WebhookRetryOptions>;
  /** Name of the Connect application on consent pages and deauthorization events; default "Billbridge". */
  applicationName?: string;
  /**
   * The app origins whose pages may call the Stripe stand-in's API (none by default), and the host
   * names requests may name besides loopback ones (none by default): see `shared/browser-guard.ts`.
   */
  browserAccess?: Partial<BrowserAccess>;
};

export type Sandbox = {
  stripe: {
    url: string;
    host: string;
    port: number;
    secretKey: string;
    publishableKey: string;
    clientId: string;
    /** The platform account id. */
    accountId: string;
  };
  hubspot: { url: string; host: string; port: number; clientId: string; clientSecret: string; appId: number };
  /** The control page. */
  controlUrl: string;
  faults: FaultInjector;
  stripeState: StripeState;
  hubspotState: HubSpotState;
  addStripeWebhookEndpoint(endpoint: WebhookEndpoint): void;
  /** Waits for pending webhook deliveries (including retries) to finish. */
  webhooksIdle(): Promise<void>;
  /**
   * Keeps the state in memory only from now on: a benchmark's thousand portals made saving it a
   * tenth of the process's time, none of it the product's.
   */
  stopSaving(): void;
  close(): Promise<void>;
};

/** Hosted invoice links point at the stand-in's address; after a restart on another port they follow it. */
const rebaseLinks = (data: StripeData, url: string): void => {
  const origin = new URL(url).origin;
  const rebase = (link: string | null): string | null => (link ? `${origin}${new URL(link).pathname}` : link);
  for (const entry of Object.values(data.accounts)) {
    for (const invoice of Object.values(entry.objects.invoices)) {
      invoice.hosted_invoice_url = rebase(invoice.hosted_invoice_url);
      invoice.invoice_pdf = rebase(invoice.invoice_pdf);
    }
    for (const charge of Object.values(entry.objects.charges)) {
      if (typeof charge.receipt_url === 'string') charge.receipt_url = rebase(charge.receipt_url);
    }
  }
};

/** Starts the Stripe and HubSpot stand-ins (and the control page) and returns how to reach and steer them. */
export const startSandbox = async (options: SandboxOptions = {}): Promise<Sandbox> => {
  const host = options.host ?? '127.0.0.1';
  const credentials: StripeCredentials = { ...defaultStripeCredentials, ...options.stripeCredentials };
  const hubspotApp = { ...defaultHubSpotApp, ...options.hubspotApp };
  const faults = new FaultInjector();
  const stripeState = new StripeState({
    credentials,
    snapshot: loadSnapshot<StripeData>(options.dataDir, 'stripe'),
    webhooks: options.stripeWebhooks ?? [],
    retry: { ...defaultRetry, ...options.stripeWebhookRetry },
    applicationName: options.applicationName ?? 'Billbridge',
    faults,
  });
  const hubspotState = new HubSpotState(
    hubspotApp,
    {
      tokenTtlSeconds: options.hubspotTokenTtlSeconds ?? 1800,
      searchIndexDelayMs: options.hubspotSearchIndexDelayMs ?? 1000,
      rateLimits: options.hubspotRateLimits ?? true,
      enforceScopes: options.hubspotEnforceScopes ?? true,
    },
    loadSnapshot<HubSpotData>(options.dataDir, 'hubspot'),
  );
  const logger = options.logger ?? false;
  const browserAccess: BrowserAccess = { appOrigins: [], hostnames: [], ...options.browserAccess };
  const stripeApp = buildStripeServer({ rt: stripeState.rt, faults, logger, browserAccess });
  const hubspotServer = buildHubSpotServer({
    rt: hubspotState.rt,
    faults,
    logger,
    hostnames: browserAccess.hostnames,
  });
  controlRoutes(stripeApp, {
    stripe: stripeState,
    hubspot: hubspotState,
    faults,
    hubspotUrl: () => hubspotState.rt.baseUrl,
  });

  const stripeAddress = await listenOn(stripeApp, host, options.stripePort ?? 0);
  const hubspotAddress = await listenOn(hubspotServer, host, options.hubspotPort ?? 0).catch(
    async (error: unknown) => {
      await stripeApp.close();
      throw error;
    },
  );
  stripeState.rt.baseUrl = stripeAddress.url;
  hubspotState.rt.baseUrl = hubspotAddress.url;
  hubspotState.rt.controlUrl = `${stripeAddress.url}/_sandbox`;
  rebaseLinks(stripeState.snapshot(), stripeAddress.url);
  let persistence = options.dataDir
    ? startPersistence(options.dataDir, { stripe: stripeState, hubspot: hubspotState })
    : undefined;

  let closed = false;
  return {
    stripe: {
      url: stripeAddress.url,
      host,
      port: stripeAddress.port,
      secretKey: credentials.secretKey,
      publishableKey: credentials.publishableKey,
      clientId: credentials.clientId,
      accountId: stripeState.platformAccountId,
    },
    hubspot: {
      url: hubspotAddress.url,
      host,
      port: hubspotAddress.port,
      clientId: hubspotApp.clientId,
      clientSecret: hubspotApp.clientSecret,
      appId: hubspotApp.appId,
    },
    controlUrl: hubspotState.rt.controlUrl,
    faults,
    stripeState,
    hubspotState,
    addStripeWebhookEndpoint: (endpoint) => stripeState.addWebhookEndpoint(endpoint),
    webhooksIdle: () => stripeState.webhooks.idle(),
    stopSaving: () => {
      persistence?.stop();
      persistence = undefined;
    },
    close: async () => {
      if (closed) return;
      closed = true;
      persistence?.stop();
      stripeState.close();
      await Promise.all([stripeApp.close(), hubspotServer.close()]);
    },
  };
};
