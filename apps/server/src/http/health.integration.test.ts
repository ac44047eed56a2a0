import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testEngine, type TestApp } from '../testing/test-app.ts';

describe('health and the SPA', () => {
  let t: TestApp;

  beforeAll(async () => {
    const webDist = await mkdtemp(path.join(os.tmpdir(), 'bb-web-'));
    await mkdir(path.join(webDist, 'assets'));
    await writeFile(path.join(webDist, 'index.html'), '<!doctype html><div id="root"></div>');
    await writeFile(path.join(webDist, 'assets', 'app-123.js'), 'console.log("app")');
    t = await createTestApp({ webDist });
  });
  afterAll(() => t.close());

  it('says the process is up and which release it runs (package.json)', async () => {
    const response = await t.app.inject('/healthz');
    expect(response.statusCode).toBe(200);
    const manifest = JSON.parse(await readFile(new URL('../../../../package.json', import.meta.url), 'utf8'));
    expect(response.json()).toEqual({ status: 'ok', version: manifest.version });
    expect(manifest.version).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it('says the database is reachable and migrated', async () => {
    const response = await t.app.inject('/readyz');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ready', database: testEngine() });
  });

  it('answers a deep link with the app', async () => {
    const response = await t.app.inject('/subscription/abc/users?page=2');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('<div id="root">');
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('serves hashed assets with a long cache life', async () => {
    const response = await t.app.inject('/assets/app-123.js');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toContain('immutable');
  });

  it('answers a missing asset and an unknown API path with 404, not the app', async () => {
    expect((await t.app.inject('/assets/missing.js')).statusCode).toBe(404);
    const api = await t.app.inject('/api/nothing-here');
    expect(api.statusCode).toBe(404);
    expect(api.json().error.status).toBe('NOT_FOUND');
  });
});
