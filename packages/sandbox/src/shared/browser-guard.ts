import { isIP } from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * Who may reach a stand-in from a browser (issue 38, items 6 and 7). The stand-ins and their control
 * API have no authentication: they are for this machine, so a page elsewhere must neither rebind its
 * own name to 127.0.0.1 (the Host check) nor call them from its origin (CORS, the control's origin check).
 */
export type BrowserAccess = {
  /** Origins whose pages call the Stripe stand-in's API (the app's billing form), e.g. `http://localhost:3000`. */
  appOrigins: string[];
  /** Host names, besides loopback ones, that requests may name (a compose service name, APP_URL's). */
  hostnames: string[];
};

/** The host name a Host header names, lower-case, without its port (`[::1]` keeps its brackets). */
export const hostnameOf = (host: string | undefined): string | undefined => {
  if (!host) return undefined;
  try {
    return new URL(`http://${host}`).hostname.toLowerCase();
  } catch {
    return undefined;
  }
};

/** `localhost`, 127.0.0.0/8 and `[::1]`: names that reach this machine whatever a DNS server says. */
export const isLoopbackHostname = (hostname: string): boolean => {
  if (hostname === 'localhost' || hostname === '[::1]') return true;
  return isIP(hostname) === 4 && hostname.startsWith('127.');
};

/** Whether a request's Host header names this machine or one of the allowed host names. */
export const isAllowedHost = (host: string | undefined, hostnames: readonly string[]): boolean => {
  const hostname = hostnameOf(host);
  if (!hostname) return false;
  return isLoopbackHostname(hostname) || hostnames.some((allowed) => allowed.toLowerCase() === hostname);
};

/** 421 Misdirected Request (RFC 9110 §15.5.20): this server does not answer for that name. */
const refuseHost = (reply: FastifyReply) => reply.code(421).type('text/plain').send('Misdirected Request');

/** Refuses a request whose Host is not loopback or allowed: a rebound DNS name gets nothing. */
export const registerHostCheck = (app: FastifyInstance, hostnames: readonly string[]): void => {
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (isAllowedHost(request.headers.host, hostnames)) return;
    await refuseHost(reply);
    return reply;
  });
};

/**
 * CORS for the app's pages only, and only on the paths a browser calls: the API Stripe.js uses. Real
 * Stripe answers any origin there (publishable keys are public); the stand-in has fixed keys and
 * sends signed webhooks into the app, so other pages get no CORS headers and their browsers stop.
 */
export const registerCors = (
  app: FastifyInstance,
  appOrigins: readonly string[],
  pathPrefix: string,
): void => {
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const origin = request.headers.origin;
    if (!origin || !request.url.startsWith(pathPrefix)) return;
    reply.header('Vary', 'Origin');
    if (!appOrigins.includes(origin)) return;
    reply.header('Access-Control-Allow-Origin', origin);
    reply.header('Access-Control-Expose-Headers', 'Request-Id, Idempotent-Replayed, Stripe-Should-Retry');
    if (request.method === 'OPTIONS') {
      reply.header('Access-Control-Allow-Methods', 'GET, POST, DELETE, OPTIONS');
      // The headers asked for, as before: the origin is what is limited (a test browser adds its own).
      reply.header(
        'Access-Control-Allow-Headers',
        String(request.headers['access-control-request-headers'] ?? 'Authorization, Content-Type'),
      );
      reply.header('Access-Control-Max-Age', '600');
      await reply.code(204).send();
      return reply;
    }
  });
};

/**
 * The control page's forms post to themselves; a form on another site's page posts too (no CORS
 * needed for that), so a state-changing request whose Origin is not the stand-in's own is refused.
 */
export const registerSameOriginWrites = (app: FastifyInstance, pathPrefix: string): void => {
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.method === 'GET' || request.method === 'HEAD' || !request.url.startsWith(pathPrefix)) return;
    const origin = request.headers.origin;
    if (origin === undefined || hostOfOrigin(origin) === request.headers.host?.toLowerCase()) return;
    await reply.code(403).type('text/plain').send('Cross-origin request refused');
    return reply;
  });
};

const hostOfOrigin = (origin: string): string | undefined => {
  try {
    return new URL(origin).host.toLowerCase();
  } catch {
    return undefined;
  }
};
