import { createAuthMiddleware, isAPIError } from 'better-auth/api';
import type { Db } from '../../db/client.ts';
import { identityErrorCodes } from '@billbridge/contract';
import { identityErrors } from '../identity-error.ts';
import {
  clearSignInFailures,
  releaseSignInAttempt,
  reserveSignInAttempt,
  signInFailureKey,
} from '../sign-in-failures.ts';

const isPasswordSignIn = (ctx: { path?: string }) => ctx.path === '/sign-in/email';

const keyOf = (secret: string, body: unknown): string | undefined => {
  const email = (body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' && email ? signInFailureKey(secret, email) : undefined;
};

/** Answers whose attempt keeps its place in the count: a wrong password, or one refused as locked. */
const countedCodes = new Set(['INVALID_EMAIL_OR_PASSWORD', identityErrorCodes.tooManyFailedSignIns]);

export type SignInFailureOptions = { db: Db; secret: string };

/**
 * Per-address throttling across client addresses and processes (issue 12, item 9): the per-IP limit
 * stops one machine, this stops many guessing one account's password. While locked, every attempt
 * is refused with 429, the right password too, so a lucky guess learns nothing. Each attempt is
 * counted as a failure before its password is checked; a success clears the count, and an attempt
 * that checked no password gives its place back.
 */
export const signInFailureHooks = ({ db, secret }: SignInFailureOptions) => ({
  before: {
    matcher: isPasswordSignIn,
    handler: createAuthMiddleware(async (ctx) => {
      const key = keyOf(secret, ctx.body);
      const wait = key ? await reserveSignInAttempt(db, key) : 0;
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
      else if (!isAPIError(answer) || !countedCodes.has(String(answer.body?.code)))
        await releaseSignInAttempt(db, key);
    }),
  },
});
