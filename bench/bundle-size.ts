/**
 * `npm run bench:bundle`: builds the web app, then weighs the JavaScript a first visit to a route
 * downloads, gzipped (level 9, as a static server would send it).
 *
 * - eager: what `dist/index.html` loads before any route runs — the entry script plus every
 *   `<link rel="modulepreload">`.
 * - per route: eager plus the lazy chunks fetched before it renders — the translation namespaces it
 *   needs in the visitor's language (English here; `app/page-namespaces.ts`) and the route's layouts
 *   and page with their static imports, from Vite's manifest: `/signin`, the dashboard, and a destination's detail
 *   page (the heaviest form: mapping editor, selects, dialogs). Chunks a page loads after its first
 *   render (the dashboard's chart and activity table, which load beside their data) are not counted.
 *
 * One JSON line per page (`route`, `renderJsGzipKb`, with the eager and CSS figures).
 * BENCH_SKIP_BUILD=1 weighs the existing dist.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

type ManifestEntry = { file: string; imports?: string[]; css?: string[]; isEntry?: boolean };
type Manifest = Record<string, ManifestEntry>;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'apps/web/dist');
/** Each measured page's route and the lazy modules the router loads to render it. */
const routes: Record<string, string[]> = {
  '/signin': [
    'src/i18n/en/common.ts',
    'src/app/layouts/auth-layout.tsx',
    'src/features/accounts/sign-in-page.tsx',
  ],
  '/subscription/:id': [
    'src/i18n/en/common.ts',
    'src/i18n/en/connections.ts',
    'src/i18n/en/dashboard.ts',
    'src/app/layouts/main-layout.tsx',
    'src/app/layouts/subscription-layout.tsx',
    'src/features/dashboard/dashboard-page.tsx',
  ],
  '/subscription/:id/destinations/:destinationId': [
    'src/i18n/en/common.ts',
    'src/i18n/en/connections.ts',
    'src/app/layouts/main-layout.tsx',
    'src/app/layouts/subscription-layout.tsx',
    'src/features/destinations/destination-detail-page.tsx',
  ],
};

if (process.env.BENCH_SKIP_BUILD !== '1') {
  execFileSync('npm', ['run', 'build', '--workspace', 'apps/web'], { cwd: root, stdio: 'inherit' });
}

const gzipBytes = (file: string) => gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;
const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;
const total = (files: Iterable<string>) => [...files].reduce((sum, file) => sum + gzipBytes(file), 0);

const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
const attribute = (tag: string, name: string) => new RegExp(`${name}="([^"]+)"`).exec(tag)?.[1];
const eagerScripts = new Set<string>();
const stylesheets = new Set<string>();
for (const [tag] of html.matchAll(/<(?:script|link)\b[^>]*>/g)) {
  const src = attribute(tag, 'src');
  const href = attribute(tag, 'href');
  if (tag.startsWith('<script') && src && attribute(tag, 'type') === 'module') eagerScripts.add(src.slice(1));
  if (/rel="modulepreload"/.test(tag) && href) eagerScripts.add(href.slice(1));
  if (/rel="stylesheet"/.test(tag) && href) stylesheets.add(href.slice(1));
}
if (eagerScripts.size === 0) throw new Error('dist/index.html loads no module script: is the build broken?');

const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Manifest;

/** The scripts a route needs: eager ones, then each lazy module with its static imports. */
const scriptsOf = (modules: string[]) => {
  const scripts = new Set(eagerScripts);
  const visit = (key: string) => {
    const entry = manifest[key];
    if (!entry) throw new Error(`${key} is not in the Vite manifest: did the route's module move?`);
    if (scripts.has(entry.file) && !modules.includes(key)) return;
    scripts.add(entry.file);
    entry.css?.forEach((file) => stylesheets.add(file));
    entry.imports?.forEach(visit);
  };
  modules.forEach(visit);
  return scripts;
};
const eagerJsGzipKb = kb(total(eagerScripts));
const eagerCssGzipKb = kb(total(stylesheets));
for (const [route, modules] of Object.entries(routes)) {
  const scripts = scriptsOf(modules);
  console.log(`\n${route} — JavaScript, gzip -9`);
  for (const file of scripts) {
    const mark = eagerScripts.has(file) ? 'eager' : 'route';
    console.log(`  ${mark.padEnd(5)} ${String(kb(gzipBytes(file))).padStart(7)} KB  ${file}`);
  }
  console.log(`  to render it: ${kb(total(scripts))} KB in ${scripts.size} files`);
  console.log(
    JSON.stringify({
      bench: 'bundle-size',
      route,
      renderJsGzipKb: kb(total(scripts)),
      files: scripts.size,
      eagerJsGzipKb,
      eagerCssGzipKb,
    }),
  );
}
