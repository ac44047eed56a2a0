import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/**
 * This process's Prometheus metrics (issue 18 §6). Counters and the drain histogram count what
 * happens in this process (Prometheus sums the processes); the gauges read from the database at
 * each scrape (`database-gauges.ts`) are the same from every process. Labels stay bounded: a
 * status class, a queue name, a state, and at most `maxPortals` portal ids (then "other").
 */
export const registry = new Registry();
collectDefaultMetrics({ register: registry, prefix: 'billbridge_' });

const maxPortals = 100;
const portalsSeen = new Set<string>();
/** A portal id as a label value: the first `maxPortals` seen keep their id, later ones are "other". */
export const portalLabel = (hubId: number): string => {
  const id = String(hubId);
  if (portalsSeen.has(id)) return id;
  if (portalsSeen.size >= maxPortals) return 'other';
  portalsSeen.add(id);
  return id;
};

export const webhooksReceived = new Counter({
  name: 'billbridge_webhooks_received_total',
  help: 'Stripe webhook deliveries answered 2xx (stored, or a duplicate of a stored event)',
  registers: [registry],
});
export const webhooksRefused = new Counter({
  name: 'billbridge_webhooks_refused_total',
  help: 'Stripe webhook deliveries not answered 2xx, by status class (4xx: not from Stripe or malformed; 5xx: Stripe retries)',
  labelNames: ['status'] as const,
  registers: [registry],
});
export const drainLatency = new Histogram({
  name: 'billbridge_drain_latency_seconds',
  help: 'Seconds from a webhook stored to its event written to HubSpot',
  buckets: [0.5, 1, 2, 5, 10, 30, 60, 300, 900],
  registers: [registry],
});
export const hubspotCalls = new Counter({
  name: 'billbridge_hubspot_calls_total',
  help: 'HubSpot API calls let out by the per-portal budget',
  labelNames: ['portal'] as const,
  registers: [registry],
});
export const hubspotRateLimited = new Counter({
  name: 'billbridge_hubspot_429_total',
  help: 'HubSpot answers 429 (rate limited), after which the portal waits',
  labelNames: ['portal'] as const,
  registers: [registry],
});
export const emailsSent = new Counter({
  name: 'billbridge_emails_sent_total',
  help: 'E-mails handed to SMTP (or kept in the dev mailbox)',
  registers: [registry],
});
export const emailsFailed = new Counter({
  name: 'billbridge_emails_failed_total',
  help: 'E-mail attempts that failed (each is retried by the queue)',
  registers: [registry],
});

/** Drain latency of the events just written, from the moment each was stored. */
export const observeSynced = (events: { receivedAt: Date }[]): void => {
  for (const event of events) drainLatency.observe((Date.now() - event.receivedAt.getTime()) / 1000);
};
