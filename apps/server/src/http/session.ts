import type { FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import type { AuthService } from '../context.ts';
import type { Caller } from '../functions/framework.ts';

/** The signed-in user behind a request (its session cookie), or null. */
export const callerOf = async (auth: AuthService, request: FastifyRequest): Promise<Caller | null> => {
  const session = await auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
  if (!session) return null;
  return {
    userId: session.user.id,
    sessionId: session.session.id,
    email: session.user.email,
    emailVerified: session.user.emailVerified,
    twoFactorEnabled: session.user.twoFactorEnabled === true,
  };
};
