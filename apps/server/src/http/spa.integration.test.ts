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

describe('the HTML of a page names its chunks', () => {
  const html = '<!doctype html><html><head><title>Billbridge</title></head><body></body></html>';
  const chunks = {
    signIn: {
      en: ['assets/sign-in.js', 'assets/common-en.js'],
      zh: ['assets/sign-in.js', 'assets/common-zh.js', 'assets/common-en.js'],
    },
    subscription: { en: ['assets/dashboard.js'], zh: ['assets/dashboard.js', 'assets/dashboard-zh.js'] },
  };
  let web: string;
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    web = await mkdtemp(path.join(os.tmpdir(), 'bb-web-'));
    await writeFile(path.join(web, 'index.html'), html);
    await writeFile(path.join(web, 'route-chunks.json'), JSON.stringify(chunks));
    t = await createTestApp({ webDist: web });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await t.close();
    await rm(web, { recursive: true, force: true });
  });

  const preloads = async (pathname: string, language?: string) => {
    const response = await fetch(`${base}${pathname}`, {
      headers: { accept: 'text/html', ...(language ? { 'accept-language': language } : {}) },
    });
    const body = await response.text();
    expect(response.status).toBe(200);
    expect(response.headers.get('vary')).toMatch(/accept-language/i);
    return [...body.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map(
      (match) => match[1],
    );
  };

  it('in the head, in the language the browser asks for, English along as the fallback', async () => {
    expect(await preloads('/signin')).toEqual(['/assets/sign-in.js', '/assets/common-en.js']);
    expect(await preloads('/signin', 'zh-CN,zh;q=0.9')).toEqual([
      '/assets/sign-in.js',
      '/assets/common-zh.js',
      '/assets/common-en.js',
    ]);
    expect(await preloads('/subscription/7c9e6679-7425-40de-944b-e07fc1f90ae7', 'fr')).toEqual([
      '/assets/dashboard.js',
    ]);
  });

  it('names none for a page the build did not list, nor for an address that is no page', async () => {
    expect(await preloads('/profile')).toEqual([]);
    expect(await preloads('/no/such/page')).toEqual([]);
  });
});
