import type { FaultInjector } from '../faults.ts';
import { signPayload } from './signature.ts';
import type { StripeEvent } from './types.ts';

export type WebhookEndpoint = { url: string; secret: string; connect: boolean };

export type WebhookRetryOptions = {
  /** Total tries per event and endpoint (first delivery included). */
  maxAttempts: number;
  /** Delay before the first retry; doubles each time. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** An endpoint answering slower than this counts as failed. */
  timeoutMs: number;
};

export type WebhookDelivery = {
  eventId: string;
  type: string;
  account: string | null;
  url: string;
  attempts: number;
  status: 'pending' | 'delivered' | 'failed';
  lastStatus: number | null;
  lastError: string | null;
  updatedAt: string;
};

type Job = {
  payload: string;
  endpoint: WebhookEndpoint;
  attempt: number;
  record: WebhookDelivery;
  accountId: string;
};

export const defaultRetry: WebhookRetryOptions = {
  maxAttempts: 8,
  baseDelayMs: 1_000,
  maxDelayMs: 60_000,
  timeoutMs: 10_000,
};

const keyOf = (endpoint: WebhookEndpoint): string =>
  `${endpoint.connect ? 'connect' : 'account'} ${endpoint.url}`;

/**
 * Delivers events to configured endpoints, signed, never on the API request's path. Each endpoint
 * has a FIFO queue worked one delivery at a time; a failed delivery is retried with exponential
 * backoff (bounded) while later events keep flowing.
 */
export class WebhookDispatcher {
  private endpoints: WebhookEndpoint[] = [];
  private readonly queues = new Map<string, Job[]>();
  private readonly running = new Set<string>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly log: WebhookDelivery[] = [];
  private pending = 0;
  private waiters: (() => void)[] = [];
  private closed = false;
  private readonly retry: WebhookRetryOptions;
  private readonly onSettled: (eventId: string, accountId: string, delivered: boolean) => void;
  private readonly faults: FaultInjector | undefined;

  constructor(
    retry: WebhookRetryOptions,
    onSettled: (eventId: string, accountId: string, delivered: boolean) => void,
    faults?: FaultInjector,
  ) {
    this.retry = retry;
    this.onSettled = onSettled;
    this.faults = faults;
  }

  addEndpoint(endpoint: WebhookEndpoint): void {
    const duplicate = this.endpoints.some(
      (known) =>
        known.url === endpoint.url && known.connect === endpoint.connect && known.secret === endpoint.secret,
    );
    if (!duplicate) this.endpoints.push({ ...endpoint });
  }

  removeEndpoint(url: string): void {
    this.endpoints = this.endpoints.filter((endpoint) => endpoint.url !== url);
  }

  list(): WebhookEndpoint[] {
    return this.endpoints.map((endpoint) => ({ ...endpoint }));
  }

  /** Endpoints an event goes to: Connect endpoints for connected accounts' events, the others for the platform's. */
  targets(connected: boolean): WebhookEndpoint[] {
    return this.endpoints.filter((endpoint) => endpoint.connect === connected);
  }

  /** To `targets`: the configured endpoints that hear this account, and those it registered itself. */
  dispatch(event: StripeEvent, accountId: string, targets: WebhookEndpoint[]): void {
    if (this.closed) return;
    if (targets.length === 0 || this.dropped(event, accountId)) return;
    const payload = JSON.stringify(event, null, 2);
    for (const endpoint of targets) {
      const record: WebhookDelivery = {
        eventId: event.id,
        type: event.type,
        account: event.account ?? null,
        url: endpoint.url,
        attempts: 0,
        status: 'pending',
        lastStatus: null,
        lastError: null,
        updatedAt: new Date().toISOString(),
      };
      this.log.push(record);
      if (this.log.length > 2_000) this.log.splice(0, this.log.length - 2_000);
      this.pending += 1;
      this.enqueue({ payload, endpoint, attempt: 0, record, accountId });
    }
  }

  /** A fault told to lose this event's webhooks: no endpoint ever hears of it. */
  private dropped(event: StripeEvent, accountId: string): boolean {
    const objectId = (event.data.object as { id?: unknown }).id;
    return (
      this.faults?.takeWebhook({
        type: event.type,
        objectId: typeof objectId === 'string' ? objectId : undefined,
        tenant: accountId,
      }) ?? false
    );
  }

  deliveries(): WebhookDelivery[] {
    return this.log.map((record) => ({ ...record }));
  }

  /** Resolves once every delivery so far has succeeded or used up its retries. */
  idle(): Promise<void> {
    if (this.pending === 0) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  close(): void {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    this.queues.clear();
    this.pending = 0;
    this.release();
  }

  private enqueue(job: Job): void {
    const key = keyOf(job.endpoint);
    const queue = this.queues.get(key) ?? [];
    queue.push(job);
    this.queues.set(key, queue);
    void this.pump(key);
  }

  private async pump(key: string): Promise<void> {
    if (this.running.has(key)) return;
    this.running.add(key);
    try {
      for (let job = this.queues.get(key)?.shift(); job; job = this.queues.get(key)?.shift()) {
        await this.attempt(job);
        if (this.closed) return;
      }
    } finally {
      this.running.delete(key);
    }
  }

  private async attempt(job: Job): Promise<void> {
    job.attempt += 1;
    job.record.attempts = job.attempt;
    job.record.updatedAt = new Date().toISOString();
    try {
      const response = await fetch(job.endpoint.url, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json; charset=utf-8',
          'User-Agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
          'Stripe-Signature': signPayload(job.payload, job.endpoint.secret),
        },
        body: job.payload,
        signal: AbortSignal.timeout(this.retry.timeoutMs),
      });
      job.record.lastStatus = response.status;
      await response.arrayBuffer().catch(() => undefined);
      if (response.ok) {
        job.record.status = 'delivered';
        job.record.lastError = null;
        this.settle(job, true);
        return;
      }
      job.record.lastError = `HTTP ${response.status}`;
    } catch (error) {
      job.record.lastError = error instanceof Error ? error.message : String(error);
    }
    this.retryLater(job);
  }

  private retryLater(job: Job): void {
    if (this.closed) return;
    if (job.attempt >= this.retry.maxAttempts) {
      job.record.status = 'failed';
      this.settle(job, false);
      return;
    }
    const delay = Math.min(this.retry.maxDelayMs, this.retry.baseDelayMs * 2 ** (job.attempt - 1));
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      this.enqueue(job);
    }, delay);
    timer.unref();
    this.timers.add(timer);
  }

  private settle(job: Job, delivered: boolean): void {
    job.record.updatedAt = new Date().toISOString();
    this.onSettled(job.record.eventId, job.accountId, delivered);
    this.pending -= 1;
    if (this.pending <= 0) this.release();
  }

  private release(): void {
    this.pending = Math.max(0, this.pending);
    const waiters = this.waiters;
    this.waiters = [];
    for (const resolve of waiters) resolve();
  }
}
