import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.ts';
import { user as authUser } from '../db/schema.ts';
import { cookiesOf } from './auth-requests.ts';

export type TestUser = { id: string; email: string; cookie: string };

let counter = 0;

/** Signs a new user up through the real auth endpoint and returns their session cookie. */
export const signUpUser = async (
  app: FastifyInstance,
  { name = 'Test User', email }: { name?: string; email?: string } = {},
): Promise<TestUser> => {
  counter += 1;
  const address = email ?? `user${counter}-${Date.now()}@example.com`;
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    payload: { name, email: address, password: 'correct horse battery staple' },
  });
  if (response.statusCode !== 200) throw new Error(`sign-up failed: ${response.statusCode} ${response.body}`);
  const body = response.json() as { user: { id: string } };
  return { id: body.user.id, email: address, cookie: cookiesOf(response) };
};

/** Calls a function the way the browser does and returns status and body. */
export const callFunction = async (
  app: FastifyInstance,
  name: string,
  data: unknown,
  user?: Pick<TestUser, 'cookie'>,
) => {
  const response = await app.inject({
    method: 'POST',
    url: `/api/functions/${name}`,
    headers: user ? { cookie: user.cookie } : {},
    payload: { data },
  });
  return { status: response.statusCode, body: response.json() as Record<string, unknown> };
};

/** Marks a user's e-mail verified, as the verification link will once the accounts issue sends it. */
export const verifyEmail = async (db: Db, user: Pick<TestUser, 'id'>): Promise<void> => {
  await db.update(authUser).set({ emailVerified: true }).where(eq(authUser.id, user.id));
};

export type ErrorBody = { status: string; message: string; details?: unknown };

/** The error envelope of a failed call (`{}` when the call did not fail). */
export const errorOf = (body: Record<string, unknown>): Partial<ErrorBody> =>
  (body.error ?? {}) as Partial<ErrorBody>;

/** A user signed up and verified: what a paid plan, a billing change or a second workspace needs. */
export const signUpVerifiedUser = async (
  app: FastifyInstance,
  db: Db,
  options: { name?: string; email?: string } = {},
): Promise<TestUser> => {
  const user = await signUpUser(app, options);
  await verifyEmail(db, user);
  return user;
};
