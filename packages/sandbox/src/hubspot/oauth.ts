import type { FastifyInstance, FastifyReply } from 'fastify';
import { hiddenInputs, html, page } from '../shared/html.ts';
import { hex, uuid } from '../shared/ids.ts';
import type { HubSpotRuntime } from './runtime.ts';
import { issueAccessToken, issueRefreshToken, revokeRefreshToken, tokenResponse } from './tokens.ts';

const codeLifetimeMs = 10 * 60_000;

type Form = Record<string, unknown>;

const text = (form: Form, name: string): string | undefined => {
  const value = form[name];
  return typeof value === 'string' ? value : undefined;
};

const asForm = (value: unknown): Form => (typeof value === 'object' && value !== null ? (value as Form) : {});

const scopesOf = (form: Form): string[] =>
  [
    ...(text(form, 'scope') ?? '').split(/[\s+]+/),
    ...(text(form, 'optional_scope') ?? '').split(/[\s+]+/),
  ].filter(Boolean);

/** v1 errors: `{ status: 'BAD_…', message, correlationId }`; date-versioned ones: HubSpot's standard error body. */
const tokenError = (reply: FastifyReply, versioned: boolean, status: string, message: string) =>
  reply.code(400).send(
    versioned
      ? {
          status: 'error',
          message,
          correlationId: uuid(),
          category: 'VALIDATION_ERROR',
          errors: [{ message, code: status, in: 'body', subCategory: 'OAUTH' }],
        }
      : { status, message, correlationId: uuid() },
  );

const withQuery = (url: string, params: Record<string, string | undefined>): string => {
  const target = new URL(url);
  for (const [key, value] of Object.entries(params))
    if (value !== undefined) target.searchParams.set(key, value);
  return target.toString();
};

const consentPage = (rt: HubSpotRuntime, query: Form, problem?: string): string => {
  const portals = rt.store.portals();
  const scopes = scopesOf(query);
  return page(
    { title: 'Connect to HubSpot (sandbox)', narrow: true, ...(problem ? { notice: problem } : {}) },
    html`<div class="card">
      <h1>Install ${rt.app.name}</h1>
      <p class="muted">
        This sandbox consent page stands in for HubSpot's. Choose the portal (HubSpot account) to connect.
      </p>
      <p><strong>Requested scopes</strong><br /><span class="mono">${scopes.join(' ') || '(none)'}</span></p>
      <form method="post" action="/oauth/authorize">
        ${hiddenInputs({
          client_id: text(query, 'client_id'),
          redirect_uri: text(query, 'redirect_uri'),
          scope: text(query, 'scope'),
          optional_scope: text(query, 'optional_scope'),
          state: text(query, 'state'),
        })}
        ${portals.map(
          (portal, index) =>
            html`<label style="flex-direction:row;gap:8px;color:inherit;font-size:14px">
              <input type="radio" name="portal" value="${portal.id}" ${index === 0 ? html`checked` : ''} />
              <span
                ><strong>${portal.name}</strong> <span class="muted mono">hub ${portal.id}</span></span
              ></label
            >`,
        )}
        <label style="flex-direction:row;gap:8px;color:inherit;font-size:14px"
          ><input type="radio" name="portal" value="new" ${portals.length === 0 ? html`checked` : ''} /> New
          portal</label
        >
        <label>Portal name<input name="name" value="Sandbox CRM" /></label>
        <p style="display:flex;gap:8px;margin-top:16px">
          <button type="submit" name="decision" value="allow">Connect app</button>
          <button type="submit" name="decision" value="deny" class="secondary">Cancel</button>
        </p>
      </form>
    </div>`,
  );
};

/**
 * HubSpot OAuth: the consent page, `/oauth/v1/token` (what SDK 14 calls), the date-versioned
 * `/oauth/2026-03/token` (and `/oauth/v3/token`), token info, introspection and revocation.
 */
export const oauthRoutes = (app: FastifyInstance, rt: HubSpotRuntime): void => {
  app.get('/oauth/authorize', async (request, reply) =>
    reply.type('text/html').send(consentPage(rt, asForm(request.query))),
  );

  app.post('/oauth/authorize', async (request, reply) => {
    const form = asForm(request.body);
    const redirectUri = text(form, 'redirect_uri');
    if (text(form, 'client_id') !== rt.app.clientId || !redirectUri) {
      return reply
        .code(400)
        .type('text/html')
        .send(consentPage(rt, form, 'Unknown client_id or missing redirect_uri.'));
    }
    const state = text(form, 'state');
    if (text(form, 'decision') !== 'allow') {
      return reply.redirect(
        withQuery(redirectUri, {
          error: 'access_denied',
          error_description: 'The user denied access',
          state,
        }),
      );
    }
    const choice = text(form, 'portal') ?? 'new';
    const portal =
      choice === 'new'
        ? rt.store.createPortal({ name: text(form, 'name') || undefined })
        : rt.store.portal(choice);
    if (!portal)
      return reply
        .code(400)
        .type('text/html')
        .send(consentPage(rt, form, `No such portal: ${choice}`));
    const code = `${uuid()}`;
    rt.store.data.codes[code] = {
      code,
      portalId: portal.id,
      clientId: rt.app.clientId,
      redirectUri,
      scopes: scopesOf(form),
      createdAt: Date.now(),
      used: false,
    };
    rt.store.touch();
    return reply.redirect(withQuery(redirectUri, { code, state }));
  });

  const token =
    (versioned: boolean) => async (request: { body: unknown; query: unknown }, reply: FastifyReply) => {
      const form = { ...asForm(request.query), ...asForm(request.body) };
      if (text(form, 'client_id') !== rt.app.clientId)
        return tokenError(reply, versioned, 'BAD_CLIENT_ID', 'missing or unknown client id');
      if (text(form, 'client_secret') !== rt.app.clientSecret)
        return tokenError(reply, versioned, 'BAD_CLIENT_SECRET', 'missing or invalid client secret');
      const grantType = text(form, 'grant_type');
      if (grantType === 'authorization_code') {
        const code = rt.store.data.codes[text(form, 'code') ?? ''];
        if (!code || code.used || Date.now() - code.createdAt > codeLifetimeMs) {
          return tokenError(reply, versioned, 'BAD_AUTH_CODE', 'missing or unknown auth code');
        }
        if (text(form, 'redirect_uri') !== code.redirectUri) {
          return tokenError(
            reply,
            versioned,
            'BAD_REDIRECT_URI',
            'redirect_uri does not match the one used to authorize',
          );
        }
        const portal = rt.store.portal(code.portalId);
        if (!portal)
          return tokenError(reply, versioned, 'BAD_AUTH_CODE', 'the portal of this code no longer exists');
        code.used = true;
        const refresh = issueRefreshToken(rt, portal, code.clientId, code.scopes);
        return reply.send(tokenResponse({ refresh, access: issueAccessToken(rt, refresh) }));
      }
      if (grantType === 'refresh_token') {
        const refresh = rt.store.data.refreshTokens[text(form, 'refresh_token') ?? ''];
        if (!refresh)
          return tokenError(reply, versioned, 'BAD_REFRESH_TOKEN', 'missing or unknown refresh token');
        return reply.send(tokenResponse({ refresh, access: issueAccessToken(rt, refresh) }));
      }
      return tokenError(reply, versioned, 'BAD_GRANT_TYPE', `unsupported grant_type: ${grantType ?? ''}`);
    };
  app.post('/oauth/v1/token', token(false));
  app.post('/oauth/2026-03/token', token(true));
  app.post('/oauth/v3/token', token(true));

  app.get<{ Params: { token: string } }>('/oauth/v1/access-tokens/:token', async (request, reply) => {
    const access = rt.store.data.accessTokens[request.params.token];
    const portal = access ? rt.store.portal(access.portalId) : undefined;
    if (!access || !portal)
      return reply.code(404).send({
        status: 'error',
        message: 'Token not found',
        correlationId: uuid(),
        category: 'OBJECT_NOT_FOUND',
      });
    return reply.send({
      token: access.token,
      user: access.user,
      hub_domain: portal.domain,
      scopes: access.scopes,
      signed_access_token: {
        expiresAt: access.expiresAt,
        hubId: portal.id,
        appId: rt.app.appId,
        userId: access.userId,
        scopes: access.scopes.join(' '),
        signature: hex(16),
      },
      hub_id: portal.id,
      app_id: rt.app.appId,
      expires_in: Math.max(0, Math.round((access.expiresAt - Date.now()) / 1000)),
      user_id: access.userId,
      token_type: 'access',
    });
  });

  app.get<{ Params: { token: string } }>('/oauth/v1/refresh-tokens/:token', async (request, reply) => {
    const refresh = rt.store.data.refreshTokens[request.params.token];
    const portal = refresh ? rt.store.portal(refresh.portalId) : undefined;
    if (!refresh || !portal)
      return reply.code(404).send({
        status: 'error',
        message: 'Token not found',
        correlationId: uuid(),
        category: 'OBJECT_NOT_FOUND',
      });
    return reply.send({
      token: refresh.token,
      user: refresh.user,
      hub_domain: portal.domain,
      scopes: refresh.scopes,
      hub_id: portal.id,
      client_id: refresh.clientId,
      user_id: refresh.userId,
      token_type: 'refresh',
    });
  });

  app.delete<{ Params: { token: string } }>('/oauth/v1/refresh-tokens/:token', async (request, reply) => {
    revokeRefreshToken(rt, request.params.token);
    return reply.code(204).send();
  });

  const introspect = async (request: { body: unknown }, reply: FastifyReply) => {
    const form = asForm(request.body);
    if (text(form, 'client_id') !== rt.app.clientId || text(form, 'client_secret') !== rt.app.clientSecret) {
      return tokenError(reply, true, 'BAD_CLIENT_ID', 'missing or invalid client credentials');
    }
    const value = text(form, 'token') ?? '';
    const access = rt.store.data.accessTokens[value];
    const refresh = rt.store.data.refreshTokens[value];
    const record = access ?? refresh;
    const portal = record ? rt.store.portal(record.portalId) : undefined;
    const active = Boolean(portal && (refresh || (access && access.expiresAt > Date.now())));
    if (!record || !portal || !active) return reply.send({ active: false });
    return reply.send({
      active: true,
      token_use: access ? 'access_token' : 'refresh_token',
      token: value,
      hub_id: portal.id,
      user_id: record.userId,
      client_id: record.clientId,
      app_id: rt.app.appId,
      scopes: record.scopes,
      expires_in: access ? Math.round((access.expiresAt - Date.now()) / 1000) : 0,
      is_private_distribution: false,
      token_type: 'bearer',
      user: record.user,
      hub_domain: portal.domain,
    });
  };
  app.post('/oauth/2026-03/token/introspect', introspect);
  app.post('/oauth/v3/token/introspect', introspect);

  /**
   * Revokes a refresh token of this app, and the access tokens minted from it. The spec names only
   * the error answer; success is 200 with an empty body (RFC 7009). An unknown, already revoked or
   * access token is refused rather than ignored, so a revoke that did nothing does not pass unseen.
   */
  const revoke = async (request: { body: unknown }, reply: FastifyReply) => {
    const form = asForm(request.body);
    if (text(form, 'client_id') !== rt.app.clientId)
      return tokenError(reply, true, 'BAD_CLIENT_ID', 'missing or unknown client id');
    if (text(form, 'client_secret') !== rt.app.clientSecret)
      return tokenError(reply, true, 'BAD_CLIENT_SECRET', 'missing or invalid client secret');
    const refresh = rt.store.data.refreshTokens[text(form, 'token') ?? ''];
    if (!refresh || refresh.clientId !== rt.app.clientId)
      return tokenError(reply, true, 'BAD_REFRESH_TOKEN', 'missing or unknown refresh token');
    revokeRefreshToken(rt, refresh.token);
    return reply.code(200).send();
  };
  app.post('/oauth/2026-03/token/revoke', revoke);
  app.post('/oauth/v3/token/revoke', revoke);
};
