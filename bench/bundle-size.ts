/**
 * `npm run bench:bundle`: builds the web app, serves it with the server's own SPA and compression code
 * (`apps/server/src/http/spa.ts`, `compression.ts`), and weighs what a first visit to a route
 * downloads as it travels: the encoded bytes answered to Chromium's `Accept-Encoding`
 * (`BENCH_ACCEPT_ENCODING` to try another, `identity` for none).
 *
 * - eager: what `dist/index.html` loads before any route runs — the entry script plus every
 *   `<link rel="modulepreload">` it names for every page.
 * - per route: eager plus the lazy chunks fetched before it renders — the translation namespaces it
 *   needs in the visitor's language (English here; `app/page-namespaces.ts`) and the route's layouts
 *   and page with their static imports, as the build lists them for the server to name in that
 *   page's HTML (`route-chunks.json`, decision 061): `/signin`, the dashboard, and a
 *   destination's detail page (the heaviest form: mapping editor, selects, dialogs). Chunks a page
 *   loads after its first render (the dashboard's chart and activity table, which load beside their
 *   data) are not counted.
 *
 * One JSON line per page (`route`, `renderJsKb`, the eager JS and CSS, `htmlKb`, `encoding`).
 * BENCH_SKIP_BUILD=1 weighs the existing dist. Lighthouse's view of the same pages, with the network
 * and CPU of a phone: `npm run bench:lighthouse`.
 */
import { execFileSync } from 'node:child_process';
import http from 'node:http';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import { registerCompression } from '../apps/server/src/http/compression.ts';
import { registerSpa } from '../apps/server/src/http/spa.ts';
import type { PageKey } from '@billbridge/contract';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'apps/web/dist');
const acceptEncoding = process.env.BENCH_ACCEPT_ENCODING ?? 'gzip, deflate, br, zstd';
/** Each measured page's route and its page key in the build's `route-chunks.json`. */
const routes: Record<string, PageKey> = {
  '/signin': 'signIn',
  '/subscription/:id': 'subscription',
  '/subscription/:id/destinations/:destinationId': 'destinationDetails',
};

if (process.env.BENCH_SKIP_BUILD !== '1') {
  execFileSync('npm', ['run', 'build', '--workspace', 'apps/web'], { cwd: root, stdio: 'inherit' });
}

const app = Fastify();
await registerCompression(app);
await registerSpa(app, dist);
const origin = await app.listen({ host: '127.0.0.1', port: 0 });

/** The bytes of one answer as they crossed the wire (not decoded), and how they were encoded. */
const fetchEncoded = (urlPath: string) =>
  new Promise<{ bytes: number; encoding: string }>((resolve, reject) => {
    const request = http.get(`${origin}${urlPath}`, { headers: { 'accept-encoding': acceptEncoding } });
    request.on('error', reject);
    request.on('response', (response) => {
      if (response.statusCode !== 200) reject(new Error(`${urlPath} answered ${response.statusCode}`));
      let bytes = 0;
      response.on('data', (chunk: Buffer) => (bytes += chunk.length));
      response.on('end', () =>
        resolve({ bytes, encoding: String(response.headers['content-encoding'] ?? 'identity') }),
      );
    });
  });

const sizes = new Map<string, { bytes: number; encoding: string }>();
const weigh = async (files: Iterable<string>) => {
  let sum = 0;
  for (const file of files) {
    if (!sizes.has(file)) sizes.set(file, await fetchEncoded(`/${file}`));
    sum += sizes.get(file)?.bytes ?? 0;
  }
  return sum;
};
const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
const attribute = (tag: string, name: string) => new RegExp(`${name}="([^"]+)"`).exec(tag)?.[1];
const eagerScripts = new Set<string>();
const stylesheets = new Set<string>();
for (const [tag] of html.matchAll(/<(?:script|link)\b[^>]*>/g)) {
  const src = attribute(tag, 'src');
  const href = attribute(tag, 'href');
  if (tag.startsWith('<script') && src && attribute(tag, 'type') === 'module') eagerScripts.add(src.slice(1));
  if (/rel="modulepreload"/.test(tag) && href) eagerScripts.add(href.slice(1));
  // The entry's stylesheet is preloaded, and applied by the entry before its first render (decision 074).
  if (/rel="stylesheet"|rel="preload" as="style"/.test(tag) && href) stylesheets.add(href.slice(1));
}
if (eagerScripts.size === 0) throw new Error('dist/index.html loads no module script: is the build broken?');

/** Per page, the chunks it loads after the entry (English), as the build lists them for the server. */
const routeChunks = JSON.parse(readFileSync(path.join(dist, 'route-chunks.json'), 'utf8')) as Partial<
  Record<PageKey, { en: string[] }>
>;

/** The scripts a route needs: the eager ones, then the page's own. */
const scriptsOf = (key: PageKey) => {
  const own = routeChunks[key]?.en;
  if (!own) throw new Error(`${key} is not in route-chunks.json: is the build broken?`);
  return new Set([...eagerScripts, ...own]);
};

const page = await fetchEncoded('/signin');
const eagerJsKb = kb(await weigh(eagerScripts));
for (const [route, key] of Object.entries(routes)) {
  const scripts = scriptsOf(key);
  const renderJsKb = kb(await weigh(scripts));
  console.log(`\n${route} — JavaScript as sent for Accept-Encoding: ${acceptEncoding}`);
  for (const file of scripts) {
    const mark = eagerScripts.has(file) ? 'eager' : 'route';
    const size = sizes.get(file);
    console.log(
      `  ${mark.padEnd(5)} ${String(kb(size?.bytes ?? 0)).padStart(7)} KB ${size?.encoding}  ${file}`,
    );
  }
  console.log(`  to render it: ${renderJsKb} KB in ${scripts.size} files`);
  console.log(
    JSON.stringify({
      bench: 'bundle-size',
      route,
      renderJsKb,
      files: scripts.size,
      eagerJsKb,
      eagerCssKb: kb(await weigh(stylesheets)),
      htmlKb: kb(page.bytes),
      encoding: sizes.get([...eagerScripts][0] ?? '')?.encoding,
    }),
  );
}
await app.close();
