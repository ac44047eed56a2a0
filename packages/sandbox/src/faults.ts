import type { FastifyReply, FastifyRequest } from 'fastify';
import { base62 } from './shared/ids.ts';

export type FaultService = 'stripe' | 'hubspot';

/**
 * One injected misbehaviour. `path` is an exact path, a pattern with `*` (any characters) and `:name`
 * (one path segment) parts, or a RegExp; it is matched against the path without the query string.
 */
export type FaultRule = {
  service?: FaultService | 'any';
  method?: string;
  path: string | RegExp;
  /** Delay before answering (or before the other effects). */
  latencyMs?: number;
  /** Answer with this status and the provider's error body for it (5xx, 429, …). */
  status?: number;
  /** Replaces the provider-shaped error body. */
  body?: unknown;
  headers?: Record<string, string>;
  /** Destroy the connection without answering. */
  drop?: boolean;
  /** How many matching requests to affect; every one when unset. */
  times?: number;
  /** Chance (0..1) that a matching request is affected; 1 when unset. */
  probability?: number;
  /**
   * Only requests for this tenant: a HubSpot portal id (of the bearer token) or a Stripe account id
   * (`Stripe-Account`, else the platform). Lets tests that share one sandbox fault their own tenant.
   */
  tenant?: string;
};

export type ActiveFault = FaultRule & { id: string; hits: number };

/**
 * Webhooks the Stripe stand-in never delivers, as when the endpoint was down longer than Stripe's
 * retries or disabled: the event stays in Stripe (`GET /v1/events`, `pending_webhooks` unchanged)
 * and the object keeps its state, but no endpoint hears of it.
 */
export type WebhookFaultRule = {
  /** Only events about this object (`data.object.id`). */
  objectId?: string;
  /** Only events of this type: exact, a pattern with `*`, or a RegExp. */
  type?: string | RegExp;
  /** Only events of this account (`account`, else the platform). */
  tenant?: string;
  /** How many matching events to drop; every one when unset. */
  times?: number;
};

export type ActiveWebhookFault = WebhookFaultRule & { id: string; hits: number };

/** One event about to be delivered, as the webhook rules see it. */
export type WebhookFaultEvent = { type: string; objectId?: string; tenant: string };

export type FaultOutcome = {
  latencyMs: number;
  status?: number;
  body?: unknown;
  headers: Record<string, string>;
  drop: boolean;
};

const patternToRegExp = (pattern: string): RegExp => {
  const escaped = pattern
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z_][A-Za-z0-9_]*/g, '[^/]+'))
    .join('.*');
  return new RegExp(`^${escaped}$`);
};

/** One request as the rules see it. */
export type FaultRequest = { service: FaultService; method: string; path: string; tenant?: string };

const matchesEvent = (rule: WebhookFaultRule, { type, objectId, tenant }: WebhookFaultEvent): boolean => {
  if (rule.objectId && rule.objectId !== objectId) return false;
  if (rule.tenant && rule.tenant !== tenant) return false;
  if (rule.type === undefined) return true;
  return (typeof rule.type === 'string' ? patternToRegExp(rule.type) : rule.type).test(type);
};

const matches = (rule: FaultRule, { service, method, path, tenant }: FaultRequest): boolean => {
  if (rule.service && rule.service !== 'any' && rule.service !== service) return false;
  if (rule.tenant && rule.tenant !== tenant) return false;
  if (rule.method && rule.method.toUpperCase() !== method.toUpperCase()) return false;
  const pattern = typeof rule.path === 'string' ? patternToRegExp(rule.path) : rule.path;
  return pattern.test(path);
};

/** Per-route latency, error statuses (5xx, 429 bursts) and dropped connections, for tests and demos. */
export class FaultInjector {
  private rules: ActiveFault[] = [];
  private webhookRules: ActiveWebhookFault[] = [];

  add(rule: FaultRule): string {
    const id = `fault_${base62(10)}`;
    this.rules.push({ ...rule, id, hits: 0 });
    return id;
  }

  /** Drops the webhooks of matching events (see `WebhookFaultRule`); `remove` and `clear` end it. */
  dropWebhooks(rule: WebhookFaultRule): string {
    const id = `fault_${base62(10)}`;
    this.webhookRules.push({ ...rule, id, hits: 0 });
    return id;
  }

  remove(id: string): void {
    this.rules = this.rules.filter((rule) => rule.id !== id);
    this.webhookRules = this.webhookRules.filter((rule) => rule.id !== id);
  }

  clear(): void {
    this.rules = [];
    this.webhookRules = [];
  }

  webhookFaults(): ActiveWebhookFault[] {
    return this.webhookRules.map((rule) => ({ ...rule }));
  }

  /** Whether the event's webhooks are to be dropped; consumes the matching rules. */
  takeWebhook(event: WebhookFaultEvent): boolean {
    const hit = this.webhookRules.filter((rule) => matchesEvent(rule, event));
    for (const rule of hit) rule.hits += 1;
    this.webhookRules = this.webhookRules.filter(
      (rule) => rule.times === undefined || rule.hits < rule.times,
    );
    return hit.length > 0;
  }

  list(): ActiveFault[] {
    return this.rules.map((rule) => ({ ...rule }));
  }

  /** Consumes the rules matching this request and merges their effects (first status/drop wins). */
  take(request: FaultRequest): FaultOutcome | undefined {
    const hit = this.rules.filter(
      (rule) =>
        matches(rule, request) && (rule.probability === undefined || Math.random() < rule.probability),
    );
    if (hit.length === 0) return undefined;
    const outcome: FaultOutcome = { latencyMs: 0, headers: {}, drop: false };
    for (const rule of hit) {
      rule.hits += 1;
      outcome.latencyMs += rule.latencyMs ?? 0;
      Object.assign(outcome.headers, rule.headers ?? {});
      if (outcome.status === undefined && !outcome.drop) {
        if (rule.drop) outcome.drop = true;
        else if (rule.status !== undefined) {
          outcome.status = rule.status;
          outcome.body = rule.body;
        }
      }
    }
    this.rules = this.rules.filter((rule) => rule.times === undefined || rule.hits < rule.times);
    return outcome;
  }
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * An `onRequest` hook applying the injector to one stand-in. The control plane (`/_sandbox…`) is never
 * faulted, so a test can always clear what it injected.
 */
export const faultHook =
  (
    injector: FaultInjector,
    service: FaultService,
    errorBody: (status: number) => unknown,
    tenantOf: (request: FastifyRequest) => string | undefined,
  ) =>
  async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const path = request.url.split('?')[0] ?? '/';
    if (path.startsWith('/_sandbox') || request.method === 'OPTIONS') return;
    const outcome = injector.take({ service, method: request.method, path, tenant: tenantOf(request) });
    if (!outcome) return;
    if (outcome.latencyMs > 0) await sleep(outcome.latencyMs);
    if (outcome.drop) {
      reply.hijack();
      request.raw.socket.destroy();
      return;
    }
    if (outcome.status !== undefined) {
      await reply
        .code(outcome.status)
        .headers(outcome.headers)
        .send(outcome.body ?? errorBody(outcome.status));
    }
  };
