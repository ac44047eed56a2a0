import { createAuthMiddleware, getSessionFromCtx, isAPIError } from 'better-auth/api';
import type { Db } from '../../db/client.ts';
import { identityErrorCodes } from '@billbridge/contract';
import { identityErrors } from '../identity-error.ts';
import {
  clearSignInFailures,
  releaseSignInAttempt,
  reserveSignInAttempt,
  signInFailureKey,
} from '../sign-in-failures.ts';

/** The second step of a sign-in: an authenticator code or a recovery code (issue 36). */
const codeSteps = new Set(['/two-factor/verify-totp', '/two-factor/verify-backup-code']);
export const isCodeStep = (path: string | undefined) => Boolean(path && codeSteps.has(path));
export const isSignInStep = (ctx: { path?: string }) =>
  ctx.path === '/sign-in/email' || Boolean(ctx.path && codeSteps.has(ctx.path));

export type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

/**
 * The account a code step is for: the one the pending challenge (better-auth's signed two-factor
 * cookie) names. A call with a session is an enrolment, not a sign-in, and is not counted.
 */
const codeStepEmail = async (ctx: HookContext): Promise<string | undefined> => {
  if (await getSessionFromCtx(ctx)) return undefined;
  const cookie = ctx.context.createAuthCookie('two_factor');
  const challenge = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
  if (!challenge) return undefined;
  const pending = await ctx.context.internalAdapter.findVerificationValue(challenge);
  const user = pending ? await ctx.context.internalAdapter.findUserById(pending.value) : null;
  return user?.email;
};

/** The address a sign-in step is for: the form's, or the pending challenge's for a code step. */
export const signInEmailOf = async (ctx: HookContext): Promise<string | undefined> => {
  const email = codeSteps.has(ctx.path ?? '')
    ? await codeStepEmail(ctx)
    : (ctx.body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' && email ? email : undefined;
};

const keyOf = async (secret: string, ctx: HookContext): Promise<string | undefined> => {
  const email = await signInEmailOf(ctx);
  return email ? signInFailureKey(secret, email) : undefined;
};

/**
 * Answers whose attempt keeps its place in the count: a wrong password or code, or one refused
 * as locked.
 */
export const countedCodes = new Set([
  'INVALID_EMAIL_OR_PASSWORD',
  'INVALID_CODE',
  'INVALID_BACKUP_CODE',
  identityErrorCodes.tooManyFailedSignIns,
]);

export type SignInFailureOptions = { db: Db; secret: string };

/**
 * Per-address throttling across client addresses and processes (issue 12, item 9): the per-IP limit
 * stops one machine, this stops many guessing one account's password — or, past the password, its
 * two-factor code (issue 36): both steps count against one budget. While locked, every attempt
 * is refused with 429, the right password or code too, so a lucky guess learns nothing. Each
 * attempt is counted as a failure before it is checked; a session made clears the count, and an
 * attempt that checked nothing gives its place back — as does a right password that still needs
 * its code, so signing in again cannot reset the count of code guesses.
 */
export const signInFailureHooks = ({ db, secret }: SignInFailureOptions) => ({
  before: {
    matcher: isSignInStep,
    handler: createAuthMiddleware(async (ctx) => {
      const key = await keyOf(secret, ctx);
      const wait = key ? await reserveSignInAttempt(db, key) : 0;
      if (wait > 0) throw identityErrors.tooManyFailedSignIns(wait);
    }),
  },
  after: {
    matcher: isSignInStep,
    handler: createAuthMiddleware(async (ctx) => {
      const signedIn = ctx.context.newSession;
      if (signedIn) return clearSignInFailures(db, signInFailureKey(secret, signedIn.user.email));
      const key = await keyOf(secret, ctx);
      const answer = ctx.context.returned;
      if (key && (!isAPIError(answer) || !countedCodes.has(String(answer.body?.code))))
        await releaseSignInAttempt(db, key);
    }),
  },
});
