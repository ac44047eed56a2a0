import type { StripeClock } from './clock.ts';
import type { StripeStore } from './store.ts';
import type { AccountEntry } from './types.ts';
import type { WebhookDispatcher } from './webhooks.ts';

export type StripeRuntime = {
  store: StripeStore;
  clock: StripeClock;
  webhooks: WebhookDispatcher;
  apiVersion: string;
  /** Base URL of the Stripe stand-in, known once it listens (hosted invoice links use it). */
  baseUrl: string;
  /** Name shown on the Connect consent page and in `account.application.*` events. */
  applicationName: string;
  /** Where Connect OAuth may send the user back to (the platform's settings, not persisted). */
  redirectUris: readonly string[];
};

export type RequestInfo = { id: string | null; idempotency_key: string | null };

export type PendingEvent = { type: string; object: unknown; previous?: Record<string, unknown> };

/** One operation on one account: where its events collect until the operation is done. */
export type Ctx = {
  rt: StripeRuntime;
  accountId: string;
  entry: AccountEntry;
  request: RequestInfo;
  events: PendingEvent[];
};

export const now = (ctx: Ctx): number => ctx.rt.clock.now();
