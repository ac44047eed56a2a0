import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

const appHtml = '<!doctype html><div id="root"></div><script type="module" src="/assets/app.js"></script>';

describe('deep links to the app', () => {
  let web: string;
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    web = await mkdtemp(path.join(os.tmpdir(), 'bb-web-'));
    await mkdir(path.join(web, 'assets'));
    await writeFile(path.join(web, 'index.html'), appHtml);
    await writeFile(path.join(web, 'assets', 'app.js'), 'export {};');
    t = await createTestApp({ webDist: web });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await t.close();
    await rm(web, { recursive: true, force: true });
  });

  const get = async (pathname: string) => {
    const response = await fetch(`${base}${pathname}`, { headers: { accept: 'text/html' } });
    return {
      status: response.status,
      type: response.headers.get('content-type'),
      body: await response.text(),
    };
  };
  const paymentMethods = '/subscription/7c9e6679-7425-40de-944b-e07fc1f90ae7/billing/payment-methods';

  it('answer the app for any app route, and the JSON 404 for unknown API paths and files', async () => {
    expect(await get(paymentMethods)).toEqual({
      status: 200,
      type: 'text/html; charset=utf-8',
      body: appHtml,
    });
    expect((await get('/api/nothing-here')).status).toBe(404);
    expect((await get('/assets/missing.js')).status).toBe(404);
  });

  it('still answer the app while the web build is being replaced on disk', async () => {
    // `vite build` (npm run build, bench:bundle) empties dist before it writes the new index.html:
    // a deep link typed then got `{"error":{"status":"NOT_FOUND","message":"No route GET …"}}`.
    await rm(path.join(web, 'index.html'));
    const answer = await get(paymentMethods);
    expect(answer.status).toBe(200);
    expect(answer.body).toBe(appHtml);
  });
});
