import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { matchRoute, type LanguageCode, type PageKey } from '@billbridge/contract';
import { requestLanguageOf } from '../features/accounts/request-language.ts';

export const defaultWebDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web/dist');

const isApiPath = (url: string) =>
  /^\/(api|webhooks|dev)(\/|$)/.test(url) || url === '/healthz' || url === '/readyz';

/**
 * Serves the built SPA; any other GET path gets `index.html`, so deep links open the app.
 * Hashed assets are cached for a year, `index.html` never. The build writes a brotli and a gzip file
 * beside every text asset (`apps/web/vite.config.ts`): `preCompressed` sends the best one the browser
 * accepts, with `Content-Encoding` and `Vary: Accept-Encoding`, and the plain file to a client that
 * accepts neither. `index.html` is compressed on the fly (`compression.ts`).
 *
 * `index.html` is read once, here, and answered from memory: read from disk per request, a rebuild
 * of the web app under a running server (`vite build` empties `dist` first, as `bench:bundle`
 * does) made deep links answer the JSON "No route" 404 until the new file landed. New assets
 * need a restart anyway: their routes are fixed at start.
 */
/** What `apps/web/build/route-chunks.ts` writes: per page and language, the chunks it loads after the entry. */
type RouteChunks = Partial<Record<PageKey, Record<LanguageCode, string[]>>>;

const readRouteChunks = (webDist: string): RouteChunks => {
  const file = path.join(webDist, 'route-chunks.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as RouteChunks) : {};
};

/**
 * `index.html` for one address: the page's own chunks named as `modulepreload` links, so the browser
 * fetches them beside the entry instead of once the entry has run and asked for them — on a phone's
 * network, a round trip and the entry's run time sooner. The visitor's language is the browser's
 * (`Accept-Language`), as the web app's own detection falls back to; English comes along either way.
 */
const htmlFor = (indexHtml: string, chunks: RouteChunks) => {
  const answered = new Map<string, string>();
  return (pathname: string, acceptLanguage: string | undefined): string => {
    const key = matchRoute(pathname)?.definition.key;
    const language =
      requestLanguageOf(new Headers(acceptLanguage ? { 'accept-language': acceptLanguage } : {})) ?? 'en';
    const files = key ? chunks[key]?.[language] : undefined;
    if (!key || !files?.length) return indexHtml;
    const cacheKey = `${key}:${language}`;
    let html = answered.get(cacheKey);
    if (!html) {
      const links = files.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`).join('');
      html = indexHtml.replace('</head>', `${links}</head>`);
      answered.set(cacheKey, html);
    }
    return html;
  };
};

export const registerSpa = async (app: FastifyInstance, webDist = defaultWebDist) => {
  if (!existsSync(path.join(webDist, 'index.html'))) {
    app.log.warn(`No built web app in ${webDist}: run \`npm run build\` (npm start does it for you).`);
    return;
  }
  const pageHtml = htmlFor(readFileSync(path.join(webDist, 'index.html'), 'utf8'), readRouteChunks(webDist));
  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: false,
    index: false,
    preCompressed: true,
    setHeaders: (reply, filePath) => {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  app.get('/*', async (request, reply) => {
    // Files were registered as routes at start; a path with an extension here is a missing file.
    const pathname = request.url.split('?')[0] ?? '/';
    if (isApiPath(pathname) || path.extname(pathname)) return reply.callNotFound();
    return reply
      .header('cache-control', 'no-cache')
      .header('vary', 'Accept-Language')
      .type('text/html; charset=utf-8')
      .send(pageHtml(pathname, request.headers['accept-language']));
  });
};
