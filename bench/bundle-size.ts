/**
 * `npm run bench:bundle`: builds the web app, then weighs the JavaScript a first visit to `/signin`
 * downloads, gzipped (level 9, as a static server would send it).
 *
 * - eager: what `dist/index.html` loads before any route runs — the entry script plus every
 *   `<link rel="modulepreload">`.
 * - signin: eager plus the lazy chunks the router fetches to show `/signin` (the auth layout and the
 *   sign-in page with their static imports, from Vite's manifest).
 *
 * CSS is reported apart. Ends with one JSON line. BENCH_SKIP_BUILD=1 weighs the existing dist.
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
const signInModules = ['src/app/layouts/auth-layout.tsx', 'src/features/accounts/sign-in-page.tsx'];

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
const signInScripts = new Set(eagerScripts);
const visit = (key: string) => {
  const entry = manifest[key];
  if (!entry) throw new Error(`${key} is not in the Vite manifest: did the route's module move?`);
  if (signInScripts.has(entry.file) && !signInModules.includes(key)) return;
  signInScripts.add(entry.file);
  entry.css?.forEach((file) => stylesheets.add(file));
  entry.imports?.forEach(visit);
};
signInModules.forEach(visit);

const figures = {
  bench: 'bundle-size',
  route: '/signin',
  eagerJsGzipKb: kb(total(eagerScripts)),
  eagerFiles: eagerScripts.size,
  signinJsGzipKb: kb(total(signInScripts)),
  signinFiles: signInScripts.size,
  cssGzipKb: kb(total(stylesheets)),
};

console.log(`\n/signin — JavaScript, gzip -9`);
for (const file of signInScripts) {
  const mark = eagerScripts.has(file) ? 'eager' : 'route';
  console.log(`  ${mark.padEnd(5)} ${String(kb(gzipBytes(file))).padStart(7)} KB  ${file}`);
}
console.log(`  eager (entry + modulepreload): ${figures.eagerJsGzipKb} KB in ${figures.eagerFiles} files`);
console.log(`  to render /signin:             ${figures.signinJsGzipKb} KB in ${figures.signinFiles} files`);
console.log(`  CSS:                           ${figures.cssGzipKb} KB`);
console.log(JSON.stringify(figures));
