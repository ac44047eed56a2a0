import { Client } from '@hubspot/api-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../index.ts';

let sandbox: Sandbox;
const redirectUri = 'http://localhost:3000/hubspot/callback';
const scope =
  'oauth crm.objects.contacts.read crm.objects.contacts.write crm.objects.deals.read crm.objects.deals.write';

const post = (path: string, values: Record<string, string>): Promise<Response> =>
  fetch(`${sandbox.hubspot.url}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(values).toString(),
    redirect: 'manual',
  });

/** Goes through the consent page and returns the `code` HubSpot would redirect with. */
const authorize = async (portal: string, state = 'sub1:dst1'): Promise<string> => {
  const response = await post('/oauth/authorize', {
    client_id: sandbox.hubspot.clientId,
    redirect_uri: redirectUri,
    scope,
    state,
    portal,
    name: 'Consent CRM',
    decision: 'allow',
  });
  expect(response.status).toBe(302);
  const location = new URL(response.headers.get('location') ?? '');
  expect(location.searchParams.get('state')).toBe(state);
  return location.searchParams.get('code') ?? '';
};

beforeAll(async () => {
  sandbox = await startSandbox({ hubspotTokenTtlSeconds: 60 });
});

afterAll(async () => {
  await sandbox.close();
});

describe('HubSpot OAuth stand-in', () => {
  it('shows a consent page that lists portals and can create one', async () => {
    sandbox.hubspotState.createPortal({ name: 'Existing CRM' });
    const response = await fetch(
      `${sandbox.hubspot.url}/oauth/authorize?client_id=${sandbox.hubspot.clientId}&redirect_uri=${encodeURIComponent(redirectUri)}&scope=${encodeURIComponent(scope)}&state=x`,
    );
    const page = await response.text();
    expect(page).toContain('Existing CRM');
    expect(page).toMatch(/New\s+portal/);
    expect(page).toContain('crm.objects.deals.write');
  });

  it('exchanges a code and a refresh token through the SDK’s v1 token endpoint', async () => {
    const code = await authorize('new');
    const oauth = new Client({ basePath: sandbox.hubspot.url }).oauth;
    const tokens = await oauth.tokensApi.create(
      'authorization_code',
      code,
      redirectUri,
      sandbox.hubspot.clientId,
      sandbox.hubspot.clientSecret,
    );
    expect(tokens).toMatchObject({ tokenType: 'bearer', expiresIn: 60 });
    const info = await oauth.accessTokensApi.get(tokens.accessToken);
    expect(info.hubId).toBeGreaterThan(0);
    expect(info.scopes).toContain('crm.objects.contacts.write');
    const refreshed = await oauth.tokensApi.create(
      'refresh_token',
      undefined,
      undefined,
      sandbox.hubspot.clientId,
      sandbox.hubspot.clientSecret,
      tokens.refreshToken,
    );
    expect(refreshed.accessToken).not.toBe(tokens.accessToken);
    const refreshInfo = await oauth.refreshTokensApi.get(tokens.refreshToken);
    expect(refreshInfo.hubId).toBe(info.hubId);
    const reused = await oauth.tokensApi
      .create('authorization_code', code, redirectUri, sandbox.hubspot.clientId, sandbox.hubspot.clientSecret)
      .catch((error: { code: number; body: unknown }) => error);
    expect(reused).toMatchObject({ code: 400 });
    await oauth.refreshTokensApi.archive(tokens.refreshToken);
    const crm = new Client({ accessToken: refreshed.accessToken, basePath: sandbox.hubspot.url });
    await expect(crm.crm.contacts.basicApi.getPage()).rejects.toMatchObject({ code: 401 });
  });

  it('serves the date-versioned token and introspection endpoints for plain fetch', async () => {
    const code = await authorize('new');
    const response = await post('/oauth/2026-03/token', {
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      client_id: sandbox.hubspot.clientId,
      client_secret: sandbox.hubspot.clientSecret,
    });
    expect(response.status).toBe(200);
    const tokens = (await response.json()) as {
      access_token: string;
      refresh_token: string;
      expires_in: number;
      hub_id: number;
      token_type: string;
    };
    expect(tokens).toMatchObject({ token_type: 'bearer', expires_in: 60 });
    const refreshed = (await (
      await post('/oauth/2026-03/token', {
        grant_type: 'refresh_token',
        refresh_token: tokens.refresh_token,
        client_id: sandbox.hubspot.clientId,
        client_secret: sandbox.hubspot.clientSecret,
      })
    ).json()) as { access_token: string; hub_id: number };
    expect(refreshed.hub_id).toBe(tokens.hub_id);
    const introspection = (await (
      await post('/oauth/2026-03/token/introspect', {
        token: refreshed.access_token,
        client_id: sandbox.hubspot.clientId,
        client_secret: sandbox.hubspot.clientSecret,
      })
    ).json()) as { active: boolean; hub_id: number; token_use: string };
    expect(introspection).toMatchObject({ active: true, hub_id: tokens.hub_id, token_use: 'access_token' });
    const bad = await post('/oauth/2026-03/token', {
      grant_type: 'refresh_token',
      refresh_token: 'nope',
      client_id: sandbox.hubspot.clientId,
      client_secret: sandbox.hubspot.clientSecret,
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { category: string }).category).toBe('VALIDATION_ERROR');
  });

  it('sends the user back with error=access_denied when they cancel', async () => {
    const response = await post('/oauth/authorize', {
      client_id: sandbox.hubspot.clientId,
      redirect_uri: redirectUri,
      scope,
      state: 'x',
      decision: 'deny',
    });
    const location = new URL(response.headers.get('location') ?? '');
    expect(location.searchParams.get('error')).toBe('access_denied');
  });

  it('answers an expired access token with 401 EXPIRED_AUTHENTICATION', async () => {
    const portal = sandbox.hubspotState.createPortal();
    const { accessToken } = sandbox.hubspotState.issueToken(portal.id);
    sandbox.hubspotState.expireToken(accessToken);
    const failure = await new Client({ accessToken, basePath: sandbox.hubspot.url }).crm.contacts.basicApi
      .getPage()
      .catch((error: { code: number; body: { category: string; message: string } }) => error);
    expect(failure).toMatchObject({ code: 401, body: { category: 'EXPIRED_AUTHENTICATION' } });
    const raw = await fetch(`${sandbox.hubspot.url}/crm/v3/objects/contacts`, {
      headers: { Authorization: `Bearer ${accessToken}` },
    });
    const body = (await raw.json()) as {
      status: string;
      message: string;
      category: string;
      correlationId: string;
    };
    expect(body).toMatchObject({ status: 'error', category: 'EXPIRED_AUTHENTICATION' });
    expect(body.message).toMatch(/^The OAuth token used to make this call expired/);
  });

  it('refuses a token without the scope an endpoint needs with 403 MISSING_SCOPES', async () => {
    const portal = sandbox.hubspotState.createPortal();
    const { accessToken } = sandbox.hubspotState.issueToken(portal.id, {
      scopes: ['oauth', 'crm.objects.contacts.read'],
    });
    const client = new Client({ accessToken, basePath: sandbox.hubspot.url });
    await expect(client.crm.contacts.basicApi.getPage()).resolves.toBeDefined();
    await expect(client.crm.deals.basicApi.getPage()).rejects.toMatchObject({ code: 403 });
  });
});
