import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

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
export const registerSpa = async (app: FastifyInstance, webDist = defaultWebDist) => {
  if (!existsSync(path.join(webDist, 'index.html'))) {
    app.log.warn(`No built web app in ${webDist}: run \`npm run build\` (npm start does it for you).`);
    return;
  }
  const indexHtml = readFileSync(path.join(webDist, 'index.html'));
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
    return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(indexHtml);
  });
};
