import { Client } from '@hubspot/api-client';
import type { HubSpotSettings } from '../../config/env.ts';

/**
 * The official HubSpot SDK aimed at the configured API (HubSpot, or the sandbox stand-in). Retries
 * stay off: the SDK's retry settings are process-wide, so callers throttle and retry themselves.
 */
export const createHubSpotClient = (settings: HubSpotSettings, accessToken?: string): Client =>
  new Client({ basePath: settings.apiUrl, ...(accessToken ? { accessToken } : {}) });

/** HubSpot's token answer (date-versioned endpoint), as far as we use it. */
export type HubSpotTokenGrant = {
  access_token: string;
  refresh_token: string;
  expires_in: number;
};

export type HubSpotTokenInfo = { active: boolean; hub_id?: number; scopes?: string[] };

/** A refused OAuth call, with HubSpot's status and error code (e.g. BAD_REFRESH_TOKEN); never a token. */
export class HubSpotOAuthError extends Error {
  readonly status: number;
  readonly errorCode: string | undefined;
  constructor(status: number, errorCode: string | undefined, message: string) {
    super(message);
    this.name = 'HubSpotOAuthError';
    this.status = status;
    this.errorCode = errorCode;
  }
}

type ErrorBody = { message?: string; status?: string; errors?: { code?: string }[] };

/**
 * Form-encoded POSTs to the OAuth endpoints SDK 14 has no method for (the date-versioned
 * `/oauth/2026-03/…`; v1 is switched off on 2027-02-16), sent through the SDK's generic request.
 */
const postForm = async <T>(
  settings: HubSpotSettings,
  path: string,
  form: Record<string, string>,
): Promise<T> => {
  const response = await createHubSpotClient(settings).apiRequest({
    method: 'POST',
    path,
    body: new URLSearchParams(form).toString(),
    defaultJson: false,
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
  });
  const body = (await response.json().catch(() => ({}))) as T & ErrorBody;
  if (!response.ok) {
    const code = body.errors?.[0]?.code ?? body.status;
    throw new HubSpotOAuthError(
      response.status,
      code,
      `HubSpot OAuth ${path} answered ${response.status} (${code ?? 'no code'})`,
    );
  }
  return body;
};

const tokenPath = '/oauth/2026-03/token';

export const exchangeHubSpotCode = (
  settings: HubSpotSettings,
  { code, redirectUri }: { code: string; redirectUri: string },
): Promise<HubSpotTokenGrant> =>
  postForm(settings, tokenPath, {
    grant_type: 'authorization_code',
    client_id: settings.clientId,
    client_secret: settings.clientSecret,
    redirect_uri: redirectUri,
    code,
  });

export const refreshHubSpotToken = (
  settings: HubSpotSettings,
  refreshToken: string,
): Promise<HubSpotTokenGrant> =>
  postForm(settings, tokenPath, {
    grant_type: 'refresh_token',
    client_id: settings.clientId,
    client_secret: settings.clientSecret,
    refresh_token: refreshToken,
  });

/** The portal (`hub_id`) and granted scopes of a token. */
export const introspectHubSpotToken = (settings: HubSpotSettings, token: string): Promise<HubSpotTokenInfo> =>
  postForm(settings, `${tokenPath}/introspect`, {
    client_id: settings.clientId,
    client_secret: settings.clientSecret,
    token,
  });

/**
 * Revokes a refresh token and every access token minted from it (the date-versioned endpoint);
 * a token HubSpot no longer knows (BAD_REFRESH_TOKEN) is already gone.
 */
export const revokeHubSpotRefreshToken = async (
  settings: HubSpotSettings,
  refreshToken: string,
): Promise<void> => {
  try {
    await postForm(settings, `${tokenPath}/revoke`, {
      client_id: settings.clientId,
      client_secret: settings.clientSecret,
      token: refreshToken,
      token_type_hint: 'refresh_token',
    });
  } catch (error) {
    const gone =
      error instanceof HubSpotOAuthError && (error.status === 404 || error.errorCode === 'BAD_REFRESH_TOKEN');
    if (gone) return;
    throw error;
  }
};
