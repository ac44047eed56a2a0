import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../index.ts';

let sandbox: Sandbox;
const appOrigin = 'http://localhost:3000';

beforeAll(async () => {
  sandbox = await startSandbox({ browserAccess: { appOrigins: [appOrigin], hostnames: ['sandbox'] } });
});
afterAll(() => sandbox.close());

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: string };

/** A raw request: fetch would not let a test name another Host. */
const send = (url: string, options: { method?: string; headers?: Record<string, string>; body?: string }) =>
  new Promise<Answer>((resolve, reject) => {
    const request = http.request(
      url,
      { method: options.method ?? 'GET', headers: options.headers },
      (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString()));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body }),
        );
      },
    );
    request.on('error', reject);
    request.end(options.body);
  });

const port = (url: string) => new URL(url).port;

describe('who reaches the stand-ins from a browser', () => {
  it('answers no Host but loopback names and the allowed ones, on both stand-ins', async () => {
    for (const base of [sandbox.stripe.url, sandbox.hubspot.url]) {
      for (const host of [`attacker.example:${port(base)}`, 'attacker.example']) {
        const refused = await send(`${base}/_sandbox`, { headers: { host } });
        expect(refused.status, `${base} ${host}`).toBe(421);
      }
      for (const host of [`localhost:${port(base)}`, `127.0.0.1:${port(base)}`, `sandbox:${port(base)}`]) {
        const answered = await send(`${base}/_sandbox`, { headers: { host } });
        expect(answered.status, `${base} ${host}`).not.toBe(421);
      }
    }
  });

  it('lets only the app’s pages call the Stripe API, and nobody the control API', async () => {
    const preflight = (origin: string, path: string) =>
      send(`${sandbox.stripe.url}${path}`, {
        method: 'OPTIONS',
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'authorization, content-type',
        },
      });
    const allowed = await preflight(appOrigin, '/v1/payment_methods');
    expect(allowed.headers['access-control-allow-origin']).toBe(appOrigin);
    expect(allowed.headers['access-control-allow-headers']).toBe('authorization, content-type');
    const stranger = await preflight('https://evil.example', '/v1/payment_methods');
    expect(stranger.headers['access-control-allow-origin']).toBeUndefined();
    const control = await preflight(appOrigin, '/_sandbox/api/clock');
    expect(control.headers['access-control-allow-origin']).toBeUndefined();

    const read = await send(`${sandbox.stripe.url}/v1/customers`, {
      headers: { origin: 'https://evil.example', authorization: `Bearer ${sandbox.stripe.secretKey}` },
    });
    expect(read.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('refuses a control form posted from another site’s page, and keeps the control page’s own', async () => {
    const post = (origin: string) =>
      send(`${sandbox.stripe.url}/_sandbox/clock`, {
        method: 'POST',
        headers: { origin, 'content-type': 'application/x-www-form-urlencoded' },
        body: 'days=1',
      });
    const before = sandbox.stripeState.rt.clock.now();
    expect((await post('https://evil.example')).status).toBe(403);
    expect(sandbox.stripeState.rt.clock.now()).toBeLessThan(before + 3600);
    expect((await post(new URL(sandbox.stripe.url).origin)).status).toBe(302);
    expect(sandbox.stripeState.rt.clock.now()).toBeGreaterThanOrEqual(before + 86_400);
  });
});
