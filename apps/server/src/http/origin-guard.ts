import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '@billbridge/contract';

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);
const serverPaths = /^\/(api|webhooks)\//;

/** What normalizing can change: an escape, a dot segment, a doubled slash. */
const unresolved = /%|\/\.|\/\//;

/** The path as the router sees it: percent-decoded, dot segments and doubled slashes resolved. */
export const normalizedPath = (url: string): string | null => {
  const raw = url.split('?')[0] ?? '/';
  if (!unresolved.test(raw)) return raw;
  try {
    return path.posix.normalize(decodeURIComponent(raw));
  } catch {
    return null;
  }
};

/**
 * State-changing browser requests must come from the app's own origin (CSRF defence in depth
 * beside SameSite cookies). Requests without an Origin header (server-to-server, webhooks) pass:
 * browsers always send one on cross-site POSTs.
 *
 * The guard matches the normalized path, and a server path whose raw form differs from it
 * (`/api/%66unctions/…`, `/api/auth/x/../y`) is refused outright: the router decodes what a
 * raw-URL check would miss, and no client of ours sends such a path.
 */
export const registerOriginGuard = (app: FastifyInstance, appUrl: string, paths: RegExp) => {
  const allowed = new URL(appUrl).origin;
  const refusalOf = (request: FastifyRequest): AppError | undefined => {
    const pathname = normalizedPath(request.url);
    const raw = request.url.split('?')[0];
    if (pathname === null || (pathname !== raw && serverPaths.test(pathname))) {
      return new AppError('invalid-argument', 'The request path is not in its canonical form.');
    }
    if (safeMethods.has(request.method) || !paths.test(pathname)) return undefined;
    const origin = request.headers.origin;
    if (origin && origin !== allowed)
      return new AppError('permission-denied', 'Cross-origin request refused.');
    return undefined;
  };
  // A callback hook, not an async one: it runs on every request, and a promise each costs more.
  app.addHook('onRequest', (request, _reply, done) => {
    const refusal = refusalOf(request);
    if (refusal) done(refusal);
    else done();
  });
};
