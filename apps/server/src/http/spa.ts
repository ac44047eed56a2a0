import { existsSync } from 'node:fs';
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
 */
export const registerSpa = async (app: FastifyInstance, webDist = defaultWebDist) => {
  if (!existsSync(path.join(webDist, 'index.html'))) {
    app.log.warn(`No built web app in ${webDist}: run \`npm run build\` (npm start does it for you).`);
    return;
  }
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
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
};
