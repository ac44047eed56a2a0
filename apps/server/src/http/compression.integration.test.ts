import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { callFunction, signUpUser, verifyEmail } from '../testing/users.ts';

/** What a browser sends (Chromium's list), and what an old client or a script may send. */
const browser = 'gzip, deflate, br, zstd';

const script = `export const app = ${JSON.stringify('Billbridge '.repeat(400))};\n`;
const indexHtml = `<!doctype html><html><head><title>Billbridge</title>${'<meta name="x" content="y">'.repeat(60)}</head><body><div id="root"></div></body></html>`;

/** The decoded body of an answer, whatever its encoding. */
const decoded = (encoding: unknown, body: Buffer) =>
  (encoding === 'br' ? brotliDecompressSync(body) : encoding === 'gzip' ? gunzipSync(body) : body).toString();

describe('compression of what the server sends', () => {
  let web: string;
  let t: TestApp;
  beforeAll(async () => {
    // A build as `vite build` leaves it: each text asset with its .br and .gz beside it.
    web = await mkdtemp(path.join(os.tmpdir(), 'bb-web-'));
    await mkdir(path.join(web, 'assets'));
    await writeFile(path.join(web, 'index.html'), indexHtml);
    const asset = path.join(web, 'assets', 'app-abc123.js');
    await writeFile(asset, script);
    await writeFile(`${asset}.br`, brotliCompressSync(script));
    await writeFile(`${asset}.gz`, gzipSync(script, { level: 9 }));
    t = await createTestApp({ webDist: web });
  });
  afterAll(async () => {
    await t.close();
    await rm(web, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string) =>
    t.app.inject({
      method: 'GET',
      url,
      headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
    });

  it('sends a built asset as the brotli file the build made to a browser, marked and varying by encoding', async () => {
    const answer = await get('/assets/app-abc123.js', browser);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(String(answer.headers.vary)).toMatch(/accept-encoding/i);
    expect(answer.headers['content-type']).toMatch(/javascript/);
    expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(answer.rawPayload.length).toBeLessThan(script.length / 10);
    expect(decoded('br', answer.rawPayload)).toBe(script);
  });

  it('sends the gzip file to a client that accepts only gzip', async () => {
    const answer = await get('/assets/app-abc123.js', 'gzip');
    expect(answer.headers['content-encoding']).toBe('gzip');
    expect(decoded('gzip', answer.rawPayload)).toBe(script);
  });

  it('sends the plain bytes to a client that asks for neither', async () => {
    for (const acceptEncoding of [undefined, 'identity', 'deflate']) {
      const answer = await get('/assets/app-abc123.js', acceptEncoding);
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-encoding']).toBeUndefined();
      expect(answer.rawPayload.toString()).toBe(script);
    }
  });

  it('compresses index.html on the fly for every app route, and sends it plain when not accepted', async () => {
    for (const url of ['/', '/signin', '/subscription/abc/billing/payment-methods']) {
      const answer = await get(url, browser);
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-encoding']).toBe('br');
      expect(String(answer.headers.vary)).toMatch(/accept-encoding/i);
      expect(decoded('br', answer.rawPayload)).toBe(indexHtml);
      const gzipped = await get(url, 'gzip');
      expect(decoded(gzipped.headers['content-encoding'], gzipped.rawPayload)).toBe(indexHtml);
      expect(gzipped.headers['content-encoding']).toBe('gzip');
    }
    const plain = await get('/signin');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(indexHtml);
  });

  it('compresses a JSON answer of 1 KB and more, and leaves a small one as it is', async () => {
    const owner = await signUpUser(t.app, { name: 'Compression Owner' });
    await verifyEmail(t.context.database.db, owner);
    for (let count = 0; count < 3; count += 1) {
      expect((await callFunction(t.app, 'createSubscription', { planId: 'free' }, owner)).status).toBe(200);
    }
    const list = (acceptEncoding?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/functions/listMySubscriptions',
        headers: { cookie: owner.cookie, ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) },
        payload: { data: {} },
      });
    const plain = await list();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const compressed = await list(browser);
    expect(compressed.statusCode).toBe(200);
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    expect(JSON.parse(decoded('br', compressed.rawPayload))).toEqual(plain.json());

    const small = await t.app.inject({
      method: 'POST',
      url: '/api/functions/getProfile',
      headers: { cookie: owner.cookie, 'accept-encoding': browser },
      payload: { data: {} },
    });
    expect(small.rawPayload.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.statusCode).toBe(200);
  });
});
