import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { registerSecurityHeaders } from './security-headers.ts';

const expectSecurityHeaders = (headers: Record<string, unknown>) => {
  const csp = String(headers['content-security-policy']);
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("script-src 'self'");
  expect(csp).toContain("default-src 'self'");
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('no-referrer');
};

const metricsToken = 'Mt4Qx8Rz2Lw6Np0Ks3Vb7Hc1Jf5Gd9Ya';

describe('security headers', () => {
  let web: string;
  let t: TestApp;
  beforeAll(async () => {
    web = await mkdtemp(path.join(os.tmpdir(), 'bb-web-'));
    await writeFile(path.join(web, 'index.html'), '<!doctype html><div id="root"></div>');
    t = await createTestApp({ webDist: web });
  });
  afterAll(async () => {
    await t.close();
    await rm(web, { recursive: true, force: true });
  });

  it('come with the SPA, deep links, the action page and the API, without HSTS on http', async () => {
    const answers = [
      await t.app.inject({ method: 'GET', url: '/' }),
      await t.app.inject({ method: 'GET', url: '/subscription/abc/settings' }),
      await t.app.inject({ method: 'GET', url: '/auth/action?mode=resetPassword&oobCode=secret' }),
      await t.app.inject({ method: 'POST', url: '/api/functions/getProfile', payload: { data: {} } }),
      await t.app.inject({ method: 'GET', url: '/api/auth/get-session' }),
    ];
    for (const response of answers) {
      expectSecurityHeaders(response.headers);
      expect(response.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('let no form post elsewhere, and no cache keep an API answer, the dev mailbox or /metrics', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/' });
    expect(String(page.headers['content-security-policy'])).toContain("form-action 'self'");
    const sandbox = await createTestApp({
      webDist: web,
      env: { SANDBOX: 'true', METRICS_TOKEN: metricsToken },
    });
    try {
      const answers = [
        await sandbox.app.inject({ method: 'POST', url: '/api/functions/getProfile', payload: { data: {} } }),
        await sandbox.app.inject({ method: 'GET', url: '/api/auth/get-session' }),
        await sandbox.app.inject({ method: 'GET', url: '/api/dev/mailbox' }),
        await sandbox.app.inject({ method: 'GET', url: '/dev/mailbox' }),
        await sandbox.app.inject({
          method: 'GET',
          url: '/metrics',
          headers: { authorization: `Bearer ${metricsToken}` },
        }),
      ];
      for (const response of answers)
        expect(response.headers['cache-control'], response.body).toBe('no-store');
    } finally {
      await sandbox.close();
    }
  });

  it('answer /metrics with 404, not the app, when METRICS_TOKEN is unset', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('<div id="root">');
  });

  it('come with a webhook answer as the set for machines: nothing to load, frame, sniff or cache', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/webhooks/stripe',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=forged' },
      payload: '{}',
    });
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['cross-origin-opener-policy']).toBeUndefined();
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('let the payment forms load Stripe.js from its configured address and call its API', async () => {
    const stripe = t.context.providers.stripe;
    if (!stripe) throw new Error('The test app runs the sandbox.');
    const csp = String((await t.app.inject({ method: 'GET', url: '/' })).headers['content-security-policy']);
    const origin = new URL(stripe.stripeJsUrl).origin;
    expect(csp).toContain(`script-src 'self' ${origin}`);
    expect(csp).toContain(`connect-src 'self' ${new URL(stripe.apiUrl).origin}`);
    expect(csp).toContain(`frame-src 'self' ${origin}`);
  });
});

describe('security headers for a stand-in published under another name', () => {
  it('let Stripe.js call the API at the origin it was loaded from as well', async () => {
    const app = Fastify();
    registerSecurityHeaders(app, 'http://localhost:3000', {
      stripeJsUrl: 'http://localhost:12111/sandbox.js',
      apiUrl: 'http://sandbox:12111',
    });
    app.get('/', async () => 'ok');
    const csp = String((await app.inject({ method: 'GET', url: '/' })).headers['content-security-policy']);
    await app.close();
    expect(csp).toContain("connect-src 'self' http://sandbox:12111 http://localhost:12111");
    expect(csp).toContain("script-src 'self' http://localhost:12111");
  });
});

describe('security headers behind https', () => {
  it('add HSTS and upgrade insecure requests', async () => {
    const t = await createTestApp({
      env: { APP_URL: 'https://billbridge.example.com', UNSAFE_ALLOW_SANDBOX: 'true' },
    });
    try {
      const response = await t.app.inject({ method: 'GET', url: '/healthz' });
      expectSecurityHeaders(response.headers);
      expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect(String(response.headers['content-security-policy'])).toContain('upgrade-insecure-requests');
      const webhook = await t.app.inject({ method: 'POST', url: '/webhooks/stripe', payload: '{}' });
      expect(webhook.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    } finally {
      await t.close();
    }
  });
});
