import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

export const testPassword = 'correct horse battery staple';

/** The `name=value` pairs of a response's Set-Cookie headers, ready for a Cookie header. */
export const cookiesOf = (response: Pick<LightMyRequestResponse, 'headers'>): string => {
  const setCookie = response.headers['set-cookie'];
  return (Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [])
    .map((cookie) => cookie.split(';')[0])
    .filter((pair) => pair && !/=$/.test(pair))
    .join('; ');
};

export type AuthCall = {
  cookie?: string;
  headers?: Record<string, string>;
};

/** POST to `/api/auth/<path>` the way the web app does (same origin, JSON). */
export const authPost = (
  app: FastifyInstance,
  path: string,
  payload: unknown,
  { cookie, headers }: AuthCall = {},
) =>
  app.inject({
    method: 'POST',
    url: `/api/auth${path}`,
    headers: { origin: 'http://localhost:3000', ...(cookie ? { cookie } : {}), ...headers },
    payload: payload as Record<string, unknown>,
  });

export const authGet = (app: FastifyInstance, path: string, { cookie, headers }: AuthCall = {}) =>
  app.inject({
    method: 'GET',
    url: `/api/auth${path}`,
    headers: { ...(cookie ? { cookie } : {}), ...headers },
  });

/** Signs in with e-mail and password; returns the response and its session cookie. */
export const signIn = async (
  app: FastifyInstance,
  email: string,
  password = testPassword,
  call: AuthCall = {},
) => {
  const response = await authPost(app, '/sign-in/email', { email, password }, call);
  return { response, cookie: cookiesOf(response) };
};

/** The signed-in user of a cookie, or null when the session is gone. */
export const sessionUserOf = async (app: FastifyInstance, cookie: string) => {
  const response = await authGet(app, '/get-session', { cookie });
  const body = response.json() as { user?: { id: string; email: string; emailVerified: boolean } } | null;
  return body?.user ?? null;
};

/**
 * Signs up from a client address of the caller's choosing, so tests with the rate limits on leave
 * the sign-up limit of the shared test address alone.
 */
export const signUpFrom = async (app: FastifyInstance, email: string, headers: Record<string, string>) => {
  const response = await authPost(
    app,
    '/sign-up/email',
    { name: 'Test User', email, password: testPassword },
    { headers },
  );
  if (response.statusCode !== 200) throw new Error(`sign-up failed: ${response.statusCode} ${response.body}`);
  return { id: (response.json() as { user: { id: string } }).user.id, email, cookie: cookiesOf(response) };
};
