import { createHash, generateKeyPairSync } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/**
 * A real OpenID Connect provider (the `oidc-provider` package) standing in for Google in tests:
 * discovery, JWKS-signed ID tokens, PKCE and the authorization-code flow, with a one-field
 * sign-in page (any e-mail signs in as that person). GOOGLE_ISSUER points the app at it.
 */
export type TestOidcProvider = {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Follows an authorization URL through the sign-in page as `email`; returns the app callback URL. */
  signIn: (authorizationUrl: string, person: { email: string; name?: string }) => Promise<string>;
  close: () => Promise<void>;
};

export type TestOidcOptions = {
  /** The app's redirect URI(s), e.g. `${APP_URL}/api/auth/callback/google`. */
  redirectUris: string[];
  port?: number;
  clientId?: string;
  clientSecret?: string;
};

type Person = { email: string; name: string };

const subjectOf = (email: string) =>
  `sub-${createHash('sha256').update(email.toLowerCase()).digest('hex').slice(0, 16)}`;

const escape = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

const readForm = async (request: IncomingMessage): Promise<URLSearchParams> => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
};

const signInPage = (uid: string, clientId: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Sign in · Test Google</title></head>
<body>
<h1>Sign in with Test Google</h1>
<p>Signing in to ${escape(clientId)}.</p>
<form method="post" action="/interaction/${escape(uid)}/login">
<label>Email <input type="email" name="email" required autofocus></label>
<label>Name <input type="text" name="name"></label>
<button type="submit">Continue</button>
</form>
</body></html>`;

export const startOidcProvider = async ({
  redirectUris,
  port = 0,
  clientId = 'billbridge-test-client',
  clientSecret = 'billbridge-test-client-secret',
}: TestOidcOptions): Promise<TestOidcProvider> => {
  const people = new Map<string, Person>();
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
  const issuer = `http://localhost:${(server.address() as AddressInfo).port}`;

  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    jwks: { keys: [{ ...privateKey.export({ format: 'jwk' }), kid: 'test-key', alg: 'RS256', use: 'sig' }] },
    cookies: { keys: ['oidc-test-cookie-key'] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'picture'] },
    // Like Google: the ID token itself carries the e-mail and profile claims.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    findAccount: (_ctx, sub) => {
      const person = people.get(sub);
      return person
        ? {
            accountId: sub,
            claims: () => ({
              sub,
              email: person.email,
              email_verified: true,
              name: person.name,
              picture: null,
            }),
          }
        : undefined;
    },
  });
  const callback = provider.callback();

  const finishLogin = async (request: IncomingMessage, response: ServerResponse) => {
    const form = await readForm(request);
    const email = (form.get('email') ?? '').trim().toLowerCase();
    const details = await provider.interactionDetails(request, response);
    const accountId = subjectOf(email);
    people.set(accountId, { email, name: form.get('name')?.trim() || email.split('@')[0] || email });
    const grant = new provider.Grant({ accountId, clientId: String(details.params.client_id) });
    grant.addOIDCScope('openid email profile');
    const grantId = await grant.save();
    await provider.interactionFinished(request, response, { login: { accountId }, consent: { grantId } });
  };

  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', issuer);
    const interaction = /^\/interaction\/([^/]+)(\/login)?$/.exec(url.pathname);
    if (!interaction) {
      callback(request, response);
      return;
    }
    const work =
      request.method === 'POST' && interaction[2]
        ? finishLogin(request, response)
        : provider.interactionDetails(request, response).then((details) => {
            response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
            response.end(signInPage(details.uid, String(details.params.client_id)));
          });
    work.catch((error: unknown) => {
      response.writeHead(400, { 'content-type': 'text/plain' });
      response.end(error instanceof Error ? error.message : 'interaction failed');
    });
  });

  const signIn: TestOidcProvider['signIn'] = async (authorizationUrl, person) => {
    const jar = new Map<string, string>();
    const send = async (url: string, init: RequestInit = {}) => {
      const response = await fetch(url, {
        ...init,
        redirect: 'manual',
        headers: {
          ...(init.headers as Record<string, string>),
          cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
        },
      });
      for (const cookie of response.headers.getSetCookie()) {
        const [pair = ''] = cookie.split(';');
        const separator = pair.indexOf('=');
        jar.set(pair.slice(0, separator), pair.slice(separator + 1));
      }
      return response;
    };
    let location = authorizationUrl;
    for (let hop = 0; hop < 10; hop += 1) {
      if (!location.startsWith(issuer)) return location;
      const page = /\/interaction\/([^/?]+)$/.exec(new URL(location).pathname);
      const response = page
        ? await send(`${issuer}/interaction/${page[1]}/login`, {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body: new URLSearchParams({ email: person.email, name: person.name ?? '' }).toString(),
          })
        : await send(location);
      const next = response.headers.get('location');
      if (!next)
        throw new Error(
          `OIDC sign-in stopped at ${location} with ${response.status}: ${await response.text()}`,
        );
      location = new URL(next, location).toString();
    }
    throw new Error('OIDC sign-in redirected too often');
  };

  return {
    issuer,
    clientId,
    clientSecret,
    signIn,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};
