import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { authenticate, requireScope, type HubSpotAuth } from './auth.ts';
import { resolveObjectType } from './object-types.ts';
import { refreshCalculated } from './records.ts';
import type { HubSpotRuntime, PortalCtx } from './runtime.ts';

export type HsCall = PortalCtx & {
  auth: HubSpotAuth;
  params: Record<string, string>;
  query: Record<string, unknown>;
  body: unknown;
};

export type HsResult = { status: number; body?: unknown };

export const ok = (body: unknown): HsResult => ({ status: 200, body });
export const created = (body: unknown): HsResult => ({ status: 201, body });
export const noContent = (): HsResult => ({ status: 204 });

export type HsRoute = {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  url: string;
  /** Scopes of which the token needs one; computed from the call when a function. */
  scopes: string[] | ((call: HsCall) => string[]);
  search?: boolean;
  handler: (call: HsCall) => HsResult;
};

/** Which portal a request was for, so the request log can file it. */
export const requestPortals = new WeakMap<FastifyRequest, number>();

const asRecord = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};

/** Registers a CRM route: token → portal, HubSpot's rate limits and headers, scopes, then the handler. */
export const registerRoute = (app: FastifyInstance, rt: HubSpotRuntime, route: HsRoute): void => {
  app.route({
    method: route.method,
    url: route.url,
    handler: async (request: FastifyRequest, reply: FastifyReply) => {
      const auth = authenticate(rt, request);
      requestPortals.set(request, auth.portal.id);
      const limit = rt.limiter.check(auth.portal.id, route.search === true);
      reply.headers(limit.headers);
      if (!limit.allowed) return reply.code(429).send(limit.body);
      const call: HsCall = {
        rt,
        portal: auth.portal,
        auth,
        params: asRecord(request.params) as Record<string, string>,
        query: asRecord(request.query),
        body: request.body,
      };
      requireScope(rt, auth, typeof route.scopes === 'function' ? route.scopes(call) : route.scopes);
      const result = route.handler(call);
      // Calculated values (invoice amounts, deal revenue) follow any write, whichever record or association changed.
      if (route.method !== 'GET') refreshCalculated(call, mayChangeInvoices(call));
      reply.code(result.status);
      return result.body === undefined ? reply.send() : reply.send(result.body);
    },
  });
};

/**
 * Whether a write may change an invoice's calculated amounts: any write except one whose path names
 * only object types other than invoices and line items (a contact upsert, a deal-to-contact
 * association), so a portal of many invoices is not walked after every such request. Deals are
 * recalculated by what the write touched (`dirty-deals.ts`), whatever the path.
 */
const mayChangeInvoices = (call: HsCall): boolean => {
  const named = ['objectType', 'fromObjectType', 'toObjectType'].flatMap((name) => call.params[name] ?? []);
  return (
    named.length === 0 ||
    named.some((raw) => {
      const type = resolveObjectType(raw)?.name;
      return type === undefined || type === 'invoices' || type === 'line_items';
    })
  );
};

/** A query parameter that may repeat (`properties=a&properties=b`) or be comma-separated. */
export const listParam = (query: Record<string, unknown>, name: string): string[] | undefined => {
  const value = query[name];
  if (value === undefined) return undefined;
  const values = Array.isArray(value) ? value : [value];
  return values
    .flatMap((entry) => String(entry).split(','))
    .map((entry) => entry.trim())
    .filter(Boolean);
};

export const boolParam = (query: Record<string, unknown>, name: string): boolean =>
  String(query[name] ?? 'false') === 'true';
