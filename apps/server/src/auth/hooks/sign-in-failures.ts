import { createAuthMiddleware, isAPIError } from 'better-auth/api';
import type { Db } from '../../db/client.ts';
import { identityErrors } from '../identity-error.ts';
import {
  clearSignInFailures,
  lockedForSeconds,
  recordSignInFailure,
  signInFailureKey,
} from '../sign-in-failures.ts';

const isPasswordSignIn = (ctx: { path?: string }) => ctx.path === '/sign-in/email';

const keyOf = (secret: string, body: unknown): string | undefined => {
  const email = (body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' && email ? signInFailureKey(secret, email) : undefined;
};

export type SignInFailureOptions = { db: Db; secret: string };

/**
 * Per-address throttling across client addresses and processes (issue 12, item 9): the per-IP limit
 * stops one machine, this stops many guessing one account's password. While locked, every attempt
 * is refused with 429, the right password too, so a lucky guess learns nothing.
 */
export const signInFailureHooks = ({ db, secret }: SignInFailureOptions) => ({
  before: {
    matcher: isPasswordSignIn,
    handler: createAuthMiddleware(async (ctx) => {
      const key = keyOf(secret, ctx.body);
      const wait = key ? await lockedForSeconds(db, key) : 0;
      if (wait > 0) throw identityErrors.tooManyFailedSignIns(wait);
    }),
  },
  after: {
    matcher: isPasswordSignIn,
    handler: createAuthMiddleware(async (ctx) => {
      const key = keyOf(secret, ctx.body);
      if (!key) return;
      const answer = ctx.context.returned;
      if (ctx.context.newSession) await clearSignInFailures(db, key);
      else if (isAPIError(answer) && answer.body?.code === 'INVALID_EMAIL_OR_PASSWORD')
        await recordSignInFailure(db, key);
    }),
  },
});
