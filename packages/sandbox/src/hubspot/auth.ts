import type { FastifyRequest } from 'fastify';
import { hubspotError, HubSpotApiError } from './errors.ts';
import type { HubSpotRuntime } from './runtime.ts';
import type { AccessTokenRecord, PortalData } from './types.ts';

export type HubSpotAuth = { token: AccessTokenRecord; portal: PortalData };

export const bearerToken = (request: FastifyRequest): string | undefined => {
  const header = request.headers.authorization;
  const value = Array.isArray(header) ? header[0] : header;
  const match = value ? /^Bearer\s+(.+)$/i.exec(value) : null;
  return match?.[1]?.trim();
};

/** The portal an access token opens, with HubSpot's 401 bodies for missing, unknown and expired tokens. */
export const authenticate = (rt: HubSpotRuntime, request: FastifyRequest): HubSpotAuth => {
  const token = bearerToken(request);
  if (!token) {
    throw hubspotError(
      401,
      'INVALID_AUTHENTICATION',
      'Authentication credentials not found. This API supports OAuth 2.0 authentication and you can find more details at https://developers.hubspot.com/docs/methods/auth/oauth-overview',
    );
  }
  const record = rt.store.data.accessTokens[token];
  const portal = record ? rt.store.portal(record.portalId) : undefined;
  if (!record || !portal) {
    throw hubspotError(
      401,
      'INVALID_AUTHENTICATION',
      'Authentication credentials not found. This API supports OAuth 2.0 authentication and you can find more details at https://developers.hubspot.com/docs/methods/auth/oauth-overview',
    );
  }
  if (record.expiresAt <= Date.now()) {
    const expiredFor = Math.round((Date.now() - record.expiresAt) / 1000);
    throw new HubSpotApiError(401, {
      status: 'error',
      message: `The OAuth token used to make this call expired ${expiredFor} second(s) ago.`,
      category: 'EXPIRED_AUTHENTICATION',
    });
  }
  return { token: record, portal };
};

/** HubSpot's 403 for a token without the scope an endpoint needs. Any one of `anyOf` suffices. */
export const requireScope = (rt: HubSpotRuntime, auth: HubSpotAuth, anyOf: string[]): void => {
  // An empty list means the route could not tell (an unknown object type): its handler answers 404.
  if (!rt.options.enforceScopes || anyOf.length === 0) return;
  if (anyOf.some((scope) => auth.token.scopes.includes(scope))) return;
  throw hubspotError(
    403,
    'MISSING_SCOPES',
    "This app hasn't been granted all required scopes to make this call. Read more about required scopes here: https://developers.hubspot.com/scopes.",
    {
      errors: [
        {
          message: 'One or more of the following scopes are required.',
          context: { requiredGranularScopes: anyOf },
        },
      ],
      links: { scopes: 'https://developers.hubspot.com/scopes' },
    },
  );
};

/** Scopes an object endpoint accepts (products and line items also take the older `e-commerce`). */
export const objectScopes = (scope: string, access: 'read' | 'write'): string[] => [
  `crm.objects.${scope}.${access}`,
  ...(access === 'read' ? [`crm.objects.${scope}.write`] : []),
  ...(scope === 'products' || scope === 'line_items' ? ['e-commerce'] : []),
];
