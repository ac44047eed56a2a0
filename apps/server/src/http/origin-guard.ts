import type { FastifyInstance } from 'fastify';
import { AppError } from '@billbridge/contract';

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * State-changing browser requests must come from the app's own origin (CSRF defence in depth
 * beside SameSite cookies). Requests without an Origin header (server-to-server, webhooks) pass:
 * browsers always send one on cross-site POSTs.
 */
export const registerOriginGuard = (app: FastifyInstance, appUrl: string, paths: RegExp) => {
  const allowed = new URL(appUrl).origin;
  app.addHook('onRequest', async (request) => {
    if (safeMethods.has(request.method) || !paths.test(request.url)) return;
    const origin = request.headers.origin;
    if (origin && origin !== allowed)
      throw new AppError('permission-denied', 'Cross-origin request refused.');
  });
};
