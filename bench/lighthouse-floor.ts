/**
 * `npm run bench:lighthouse-floor`: what the stack itself allows. Builds `apps/web/floor` — one
 * sign-in card on React 19 and Mantine with all of Mantine's CSS, and nothing of the app (no router,
 * translations, session or lazy chunks) — with Vite and the app's compression, serves it with the
 * server's own SPA and compression code, and audits it with Lighthouse's mobile defaults, as
 * `bench:lighthouse` audits the app. The gap between this and the app's `/signin` is the app's own.
 *
 * One JSON line per run (BENCH_RUNS, default 3):
 * `{"bench":"lighthouse-floor","performance","fcpMs","lcpMs","tbtMs","transferKb"}`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { launch } from 'chrome-launcher';
import Fastify from 'fastify';
import lighthouse from 'lighthouse';
import { build } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { registerCompression } from '../apps/server/src/http/compression.ts';
import { registerSpa } from '../apps/server/src/http/spa.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/web/floor');
const outDir = mkdtempSync(path.join(os.tmpdir(), 'billbridge-floor-'));
const runs = Number(process.env.BENCH_RUNS ?? 3);

await build({
  root,
  // Mantine's "use client" directives mean nothing in a browser build: Rolldown's notices about them are noise.
  logLevel: 'error',
  configFile: false,
  oxc: { jsx: { runtime: 'automatic' } },
  plugins: [
    compression({
      algorithms: [defineAlgorithm('brotliCompress'), defineAlgorithm('gzip', { level: 9 })],
      exclude: [/index\.html$/],
      logLevel: 'silent',
    }),
  ],
  build: { outDir, emptyOutDir: true, target: 'es2022' },
});

const app = Fastify();
await registerCompression(app);
await registerSpa(app, outDir);
const origin = await app.listen({ host: '127.0.0.1', port: 0 });
const chrome = await launch({
  chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
});
try {
  for (let run = 0; run < runs; run += 1) {
    const result = await lighthouse(`${origin}/`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
    });
    if (!result) throw new Error('Lighthouse returned nothing');
    const { audits, categories } = result.lhr;
    const numeric = (id: string) => Math.round(audits[id]?.numericValue ?? Number.NaN);
    console.log(
      JSON.stringify({
        bench: 'lighthouse-floor',
        performance: Math.round((categories.performance?.score ?? 0) * 100),
        fcpMs: numeric('first-contentful-paint'),
        lcpMs: numeric('largest-contentful-paint'),
        tbtMs: numeric('total-blocking-time'),
        transferKb: Math.round(numeric('total-byte-weight') / 102.4) / 10,
      }),
    );
  }
} finally {
  chrome.kill();
  await app.close();
  rmSync(outDir, { recursive: true, force: true });
}
