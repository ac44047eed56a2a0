import type { RateLimiter } from './rate-limit.ts';
import type { RequestLog } from './request-log.ts';
import type { HubSpotStore } from './store.ts';
import type { PortalData } from './types.ts';

export type HubSpotApp = { clientId: string; clientSecret: string; appId: number; name: string };

export type HubSpotOptions = {
  tokenTtlSeconds: number;
  searchIndexDelayMs: number;
  rateLimits: boolean;
  enforceScopes: boolean;
};

export type HubSpotRuntime = {
  store: HubSpotStore;
  app: HubSpotApp;
  options: HubSpotOptions;
  limiter: RateLimiter;
  log: RequestLog;
  baseUrl: string;
  /** Where the control page lives (the Stripe stand-in's server): record links in the UI lead there. */
  controlUrl?: string;
};

/** One request's view: the runtime and the portal its token belongs to. */
export type PortalCtx = { rt: HubSpotRuntime; portal: PortalData };
