import { hex, uuid } from '../shared/ids.ts';
import type { HubSpotRuntime } from './runtime.ts';
import type { AccessTokenRecord, PortalData, RefreshTokenRecord } from './types.ts';

/** Every scope the sandbox knows, granted to tokens made directly by tests. */
export const allScopes = [
  'oauth',
  'crm.objects.contacts.read',
  'crm.objects.contacts.write',
  'crm.objects.companies.read',
  'crm.objects.companies.write',
  'crm.objects.deals.read',
  'crm.objects.deals.write',
  'crm.objects.line_items.read',
  'crm.objects.line_items.write',
  'crm.objects.invoices.read',
  'crm.objects.invoices.write',
  'crm.objects.products.read',
  'crm.objects.products.write',
  'crm.schemas.contacts.read',
  'crm.schemas.contacts.write',
  'crm.schemas.companies.read',
  'crm.schemas.companies.write',
  'crm.schemas.deals.read',
  'crm.schemas.deals.write',
  'crm.schemas.line_items.read',
  'crm.schemas.invoices.read',
  'crm.schemas.invoices.write',
  'e-commerce',
  'settings.currencies.read',
  'settings.currencies.write',
];

/** HubSpot-looking tokens: access tokens are long opaque strings, refresh tokens `na1-xxxx-…`. */
const accessTokenText = (): string => `CJ${hex(48)}`;
const refreshTokenText = (): string => {
  const id = uuid();
  return `na1-${id.slice(0, 4)}-${id.slice(9, 13)}-${id.slice(14, 18)}-${id.slice(19, 23)}-${id.slice(24)}`;
};

export type TokenGrant = { access: AccessTokenRecord; refresh: RefreshTokenRecord };

export const issueRefreshToken = (
  rt: HubSpotRuntime,
  portal: PortalData,
  clientId: string,
  scopes: string[],
): RefreshTokenRecord => {
  const refresh: RefreshTokenRecord = {
    token: refreshTokenText(),
    portalId: portal.id,
    clientId,
    scopes,
    userId: portal.userId,
    user: portal.userEmail,
    createdAt: Date.now(),
  };
  rt.store.data.refreshTokens[refresh.token] = refresh;
  rt.store.touch();
  return refresh;
};

export const issueAccessToken = (
  rt: HubSpotRuntime,
  refresh: RefreshTokenRecord,
  ttlSeconds = rt.options.tokenTtlSeconds,
): AccessTokenRecord => {
  const access: AccessTokenRecord = {
    token: accessTokenText(),
    portalId: refresh.portalId,
    clientId: refresh.clientId,
    scopes: refresh.scopes,
    userId: refresh.userId,
    user: refresh.user,
    expiresAt: Date.now() + ttlSeconds * 1000,
    refreshToken: refresh.token,
  };
  rt.store.data.accessTokens[access.token] = access;
  rt.store.touch();
  return access;
};

/** The token response both `/oauth/v1/token` and `/oauth/2026-03/token` send. */
export const tokenResponse = (grant: TokenGrant) => ({
  token_type: 'bearer',
  refresh_token: grant.refresh.token,
  access_token: grant.access.token,
  expires_in: Math.max(0, Math.round((grant.access.expiresAt - Date.now()) / 1000)),
  hub_id: grant.access.portalId,
  scopes: grant.access.scopes,
  user_id: grant.access.userId,
  token_use: 'access_token',
});

/** Revoking a refresh token also kills the access tokens minted from it. */
export const revokeRefreshToken = (rt: HubSpotRuntime, token: string): boolean => {
  if (!rt.store.data.refreshTokens[token]) return false;
  delete rt.store.data.refreshTokens[token];
  for (const [key, access] of Object.entries(rt.store.data.accessTokens)) {
    if (access.refreshToken === token) delete rt.store.data.accessTokens[key];
  }
  rt.store.touch();
  return true;
};
