import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { html, hiddenInputs, page } from '../shared/html.ts';
import { apiKeyOf } from './http/auth.ts';
import { authorizationCode, refreshToken, secretKey } from './ids.ts';
import { connectAccount, createStandaloneAccount, disconnectPlatform } from './ops/accounts.ts';
import { asParams, str, type Params } from './params.ts';
import type { StripeRuntime } from './runtime.ts';

const codeLifetimeMs = 10 * 60_000;

type OAuthErrorCode = 'invalid_grant' | 'invalid_client' | 'invalid_request' | 'unsupported_grant_type';

/** Connect OAuth errors have their own shape: `{ error, error_description }`. */
const oauthError = (reply: FastifyReply, status: number, error: OAuthErrorCode, description: string) =>
  reply.code(status).send({ error, error_description: description });

const withQuery = (url: string, params: Record<string, string | undefined>): string => {
  const target = new URL(url);
  for (const [key, value] of Object.entries(params))
    if (value !== undefined) target.searchParams.set(key, value);
  return target.toString();
};

/**
 * Where Stripe sends the user back: the `redirect_uri` asked for if the platform registered it
 * exactly, the first registered one when none is asked for; undefined when Stripe shows an error.
 */
const redirectTarget = (rt: StripeRuntime, query: Params): string | undefined => {
  const requested = str(query, 'redirect_uri');
  if (!requested) return rt.redirectUris[0];
  return rt.redirectUris.includes(requested) ? requested : undefined;
};

/** Shown on Stripe's own page: an unregistered redirect URI is never redirected to. */
const redirectUriProblem = (query: Params): string => {
  const requested = str(query, 'redirect_uri');
  return page(
    { title: 'Stripe sandbox — error', narrow: true },
    html`<div class="card">
      <h1>Invalid redirect URI</h1>
      <p>
        ${
          requested
            ? html`The redirect URI <code>${requested}</code> does not exactly match any redirect URI
                registered in the platform's Connect settings.`
            : 'The platform has no redirect URI registered in its Connect settings.'
        }
      </p>
    </div>`,
  );
};

const consentPage = (rt: StripeRuntime, query: Params, problem?: string): string => {
  const clientId = str(query, 'client_id') ?? '';
  const platformId = rt.store.data.clientIds[clientId];
  if (!platformId) {
    return page(
      { title: 'Stripe sandbox — error', narrow: true },
      html`<div class="card">
        <h1>Unknown application</h1>
        <p>No Connect application has the client id <code>${clientId}</code>.</p>
      </div>`,
    );
  }
  const accounts = rt.store.entries().filter((entry) => entry.role !== 'platform');
  const carried = hiddenInputs({
    client_id: clientId,
    redirect_uri: redirectTarget(rt, query),
    state: str(query, 'state'),
    scope: str(query, 'scope') ?? 'read_write',
    response_type: str(query, 'response_type') ?? 'code',
  });
  const options = accounts.map(
    (entry, index) =>
      html`<label style="flex-direction:row;gap:8px;color:inherit;font-size:14px">
        <input type="radio" name="account" value="${entry.account.id}" ${index === 0 ? html`checked` : ''} />
        <span
          ><strong>${entry.account.business_profile.name ?? entry.account.email ?? entry.account.id}</strong>
          <span class="muted mono">${entry.account.id}</span
          >${entry.connectedTo === platformId ? html` <span class="badge ok">connected</span>` : ''}</span
        ></label
      >`,
  );
  return page(
    { title: 'Connect with Stripe (sandbox)', narrow: true, ...(problem ? { notice: problem } : {}) },
    html`<div class="card">
      <h1>Connect ${rt.applicationName} to Stripe</h1>
      <p class="muted">
        ${rt.applicationName} is asking for <strong>${str(query, 'scope') ?? 'read_write'}</strong> access to
        a Stripe account. This is the sandbox consent page: no real account is involved.
      </p>
      <form method="post" action="/oauth/authorize">
        ${carried}
        <h3>Use an existing sandbox account</h3>
        ${options.length > 0 ? options : html`<p class="muted">No sandbox accounts yet.</p>`}
        <h3>…or create one</h3>
        <label style="flex-direction:row;gap:8px;color:inherit;font-size:14px"
          ><input type="radio" name="account" value="new" ${options.length === 0 ? html`checked` : ''} /> New
          account</label
        >
        <div class="grid">
          <label>Business name<input name="name" value="Sandbox Business" /></label>
          <label>E-mail<input name="email" type="email" value="owner@example.com" /></label>
          <label>Country<input name="country" value="US" maxlength="2" /></label>
        </div>
        <label style="flex-direction:row;gap:8px;margin-top:8px"
          ><input type="checkbox" name="onboarded" value="true" checked /> Onboarding complete (details
          submitted, charges and payouts enabled)</label
        >
        <p style="display:flex;gap:8px;margin-top:16px">
          <button type="submit" name="decision" value="allow">Allow access</button>
          <button type="submit" name="decision" value="deny" class="secondary">Deny</button>
        </p>
      </form>
    </div>`,
  );
};

/** Connect (Standard) OAuth: the consent page, `/oauth/token` and `/oauth/deauthorize`. */
export const oauthRoutes = (app: FastifyInstance, rt: StripeRuntime): void => {
  app.get('/oauth/authorize', async (request, reply) => {
    const query = asParams(request.query);
    const known = rt.store.data.clientIds[str(query, 'client_id') ?? ''] !== undefined;
    if (known && !redirectTarget(rt, query)) {
      return reply.code(400).type('text/html').send(redirectUriProblem(query));
    }
    return reply.type('text/html').send(consentPage(rt, query));
  });

  app.post('/oauth/authorize', async (request, reply) => {
    const form = asParams(request.body);
    const clientId = str(form, 'client_id') ?? '';
    const state = str(form, 'state');
    const platformId = rt.store.data.clientIds[clientId];
    if (!platformId) {
      return reply
        .code(400)
        .type('text/html')
        .send(consentPage(rt, form, 'A client_id is required.'));
    }
    const redirectUri = redirectTarget(rt, form);
    if (!redirectUri) return reply.code(400).type('text/html').send(redirectUriProblem(form));
    if (str(form, 'decision') !== 'allow') {
      return reply.redirect(
        withQuery(redirectUri, {
          error: 'access_denied',
          error_description: 'The user denied your request',
          state,
        }),
      );
    }
    const choice = str(form, 'account') ?? 'new';
    const onboarded = str(form, 'onboarded') === 'true';
    const entry =
      choice === 'new'
        ? createStandaloneAccount(rt, {
            name: str(form, 'name') || 'Sandbox Business',
            email: str(form, 'email') || null,
            country: (str(form, 'country') || 'US').toUpperCase(),
            detailsSubmitted: onboarded,
            chargesEnabled: onboarded,
            payoutsEnabled: onboarded,
          })
        : rt.store.entry(choice);
    if (!entry || entry.role === 'platform') {
      return reply
        .code(400)
        .type('text/html')
        .send(consentPage(rt, form, `No such sandbox account: ${choice}`));
    }
    const code = authorizationCode();
    rt.store.data.oauthCodes[code] = {
      code,
      accountId: entry.account.id,
      clientId,
      scope: str(form, 'scope') || 'read_write',
      createdAt: Date.now(),
      used: false,
    };
    rt.store.touch();
    return reply.redirect(withQuery(redirectUri, { code, scope: str(form, 'scope') || 'read_write', state }));
  });

  /** The platform authenticates with its secret key (Bearer) or `client_secret`. */
  const platformOf = (request: FastifyRequest, form: Params): string | undefined => {
    const key = apiKeyOf(request) ?? str(form, 'client_secret');
    const info = key ? rt.store.keyInfo(key) : undefined;
    if (!info || info.kind !== 'secret') return undefined;
    return rt.store.entry(info.accountId)?.role === 'platform' ? info.accountId : undefined;
  };

  app.post('/oauth/token', async (request, reply) => {
    const form = { ...asParams(request.query), ...asParams(request.body) };
    const platformId = platformOf(request, form);
    if (!platformId) return oauthError(reply, 401, 'invalid_client', 'No valid platform API key provided.');
    const grantType = str(form, 'grant_type');
    if (grantType === 'authorization_code') {
      const code = str(form, 'code') ?? '';
      const grant = rt.store.data.oauthCodes[code];
      if (!grant || grant.used || Date.now() - grant.createdAt > codeLifetimeMs) {
        return oauthError(reply, 400, 'invalid_grant', `Authorization code does not exist: ${code}`);
      }
      if (rt.store.data.clientIds[grant.clientId] !== platformId) {
        return oauthError(reply, 400, 'invalid_grant', 'Authorization code provided does not belong to you');
      }
      grant.used = true;
      const entry = connectAccount(rt, grant.accountId, platformId);
      const accessToken = secretKey();
      const token = refreshToken();
      rt.store.addSecretKey(entry.account.id, accessToken);
      rt.store.data.oauthGrants[token] = {
        refreshToken: token,
        accountId: entry.account.id,
        clientId: grant.clientId,
        accessToken,
      };
      rt.store.touch();
      return reply.send({
        access_token: accessToken,
        livemode: false,
        refresh_token: token,
        scope: grant.scope,
        stripe_publishable_key: entry.publishableKey,
        stripe_user_id: entry.account.id,
        token_type: 'bearer',
      });
    }
    if (grantType === 'refresh_token') {
      const token = str(form, 'refresh_token') ?? '';
      const grant = rt.store.data.oauthGrants[token];
      const entry = grant ? rt.store.entry(grant.accountId) : undefined;
      if (!grant || !entry || entry.connectedTo !== platformId) {
        return oauthError(reply, 400, 'invalid_grant', `Refresh token does not exist: ${token}`);
      }
      const accessToken = secretKey();
      rt.store.addSecretKey(entry.account.id, accessToken);
      grant.accessToken = accessToken;
      rt.store.touch();
      return reply.send({
        access_token: accessToken,
        livemode: false,
        refresh_token: token,
        scope: 'read_write',
        stripe_publishable_key: entry.publishableKey,
        stripe_user_id: entry.account.id,
        token_type: 'bearer',
      });
    }
    return oauthError(reply, 400, 'unsupported_grant_type', `Unsupported grant type: ${grantType ?? ''}`);
  });

  app.post('/oauth/deauthorize', async (request, reply) => {
    const form = { ...asParams(request.query), ...asParams(request.body) };
    const platformId = platformOf(request, form);
    if (!platformId) return oauthError(reply, 401, 'invalid_client', 'No valid platform API key provided.');
    const clientId = str(form, 'client_id') ?? '';
    if (rt.store.data.clientIds[clientId] !== platformId) {
      return oauthError(reply, 401, 'invalid_client', `No such application: '${clientId}'`);
    }
    const accountId = str(form, 'stripe_user_id') ?? '';
    const entry = rt.store.entry(accountId);
    if (!entry || entry.connectedTo !== platformId) {
      return oauthError(
        reply,
        401,
        'invalid_client',
        `This application is not connected to stripe account ${accountId}, or that account does not exist.`,
      );
    }
    disconnectPlatform(rt, accountId, clientId);
    return reply.send({ stripe_user_id: accountId });
  });
};
