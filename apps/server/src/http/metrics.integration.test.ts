import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signatureOf, stripeEventOf } from '../testing/sync.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { sql } from 'drizzle-orm';
import { largeTables } from '../metrics/database-gauges.ts';
import { buildServerHttpApp } from '../main/http-app.ts';

const token = 'Mt4Qx8Rz2Lw6Np0Ks3Vb7Hc1Jf5Gd9Ya';

/** The value of one sample in a Prometheus text exposition (0 when absent). */
const sampleOf = (text: string, sample: string): number => {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${sample} `));
  return line ? Number(line.slice(sample.length + 1)) : 0;
};

describe('GET /metrics', () => {
  const lines: string[] = [];
  let t: TestApp;
  let app: FastifyInstance;
  beforeAll(async () => {
    t = await createTestApp({ env: { LOG_LEVEL: 'info', METRICS_TOKEN: token }, logTo: lines });
    app = t.app;
  });
  afterAll(() => t.close());

  const scrape = (authorization?: string) =>
    app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });

  it('is off (404) when METRICS_TOKEN is unset', async () => {
    const context = { ...t.context, config: { ...t.context.config, metricsToken: undefined } };
    const without = await buildServerHttpApp(context, { webDist: '/nonexistent' });
    const response = await without.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.statusCode).toBe(404);
    await without.close();
  });

  it('refuses a scrape without the bearer token, or with another one', async () => {
    for (const authorization of [undefined, `Bearer ${token}x`, token, `Basic ${token}`]) {
      const response = await scrape(authorization);
      expect(response.statusCode).toBe(401);
      expect(response.body).not.toContain('billbridge_');
    }
  });

  it('answers the Prometheus text format with every metric the operator watches', async () => {
    const response = await scrape(`Bearer ${token}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain; version=0.0.4');
    for (const name of [
      'billbridge_webhooks_received_total',
      'billbridge_webhooks_refused_total',
      'billbridge_inbox_events',
      'billbridge_drain_latency_seconds',
      'billbridge_hubspot_calls_total',
      'billbridge_hubspot_429_total',
      'billbridge_hubspot_budget_tokens',
      'billbridge_queue_depth',
      'billbridge_emails_sent_total',
      'billbridge_emails_failed_total',
      'billbridge_backfills_running',
      'billbridge_backfill_imported_objects',
      'billbridge_process_resident_memory_bytes',
    ]) {
      expect(response.body).toContain(`# TYPE ${name} `);
    }
  });

  it('shows the rows and bytes of the large tables, on both engines', async () => {
    await t.context.database.db.execute(sql`analyze`);
    const body = (await scrape(`Bearer ${token}`)).body;
    for (const table of largeTables) {
      expect(body).toContain(`billbridge_table_rows{table="${table}"}`);
      // Every table has its indexes at least, on PGlite as on PostgreSQL.
      expect(sampleOf(body, `billbridge_table_bytes{table="${table}"}`)).toBeGreaterThan(0);
    }
  });

  it('counts webhooks received and refused, and the inbox by state', async () => {
    const before = (await scrape(`Bearer ${token}`)).body;
    const body = JSON.stringify(stripeEventOf({ account: 'acct_metrics' }));
    const post = (signature: string) =>
      app.inject({
        method: 'POST',
        url: '/webhooks/stripe',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        payload: body,
      });
    expect((await post(signatureOf(t.context, body))).statusCode).toBe(200);
    expect((await post('t=1,v1=forged')).statusCode).toBe(400);
    const after = (await scrape(`Bearer ${token}`)).body;
    const delta = (sample: string) => sampleOf(after, sample) - sampleOf(before, sample);
    expect(delta('billbridge_webhooks_received_total')).toBe(1);
    expect(delta('billbridge_webhooks_refused_total{status="4xx"}')).toBe(1);
    expect(after).toMatch(/^billbridge_inbox_events\{state="\w+"\} [1-9]/m);
  });

  it('logs each request as JSON with its request id, never the token', async () => {
    await scrape(`Bearer ${token}`);
    const scrapes = lines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((entry) => entry.msg === 'request completed' && JSON.stringify(entry).includes('/metrics'));
    expect(scrapes.length).toBeGreaterThan(0);
    for (const entry of scrapes) expect(entry.reqId).toEqual(expect.any(String));
    expect(lines.join('\n')).not.toContain(token);
  });
});
