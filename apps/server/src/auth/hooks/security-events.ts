import { createAuthMiddleware, getSessionFromCtx, isAPIError } from 'better-auth/api';
import type { SecurityAuditKind } from '@billbridge/contract';
import type { Db } from '../../db/client.ts';
import { recordSecurityEvent } from '../../functions/audit-trail.ts';
import { originOfHeaders } from '../../security/client-ip.ts';
import {
  countedCodes,
  isCodeStep,
  isSignInStep,
  signInEmailOf,
  type HookContext,
} from './sign-in-failures.ts';

const signInPaths = (path: string | undefined) =>
  isSignInStep({ path }) || Boolean(path?.startsWith('/callback/') || path?.startsWith('/oauth2/callback/'));

/** A signed-in user's own changes, recorded once the endpoint succeeded. */
const afterSuccess: Record<string, SecurityAuditKind> = {
  '/change-password': 'security.password_changed',
  '/update-password': 'security.password_changed',
  '/two-factor/generate-backup-codes': 'security.recovery_codes_regenerated',
  '/revoke-session': 'security.sessions_ended',
  '/revoke-sessions': 'security.sessions_ended',
  '/revoke-other-sessions': 'security.sessions_ended',
};

type User = { id: string; email: string };

/**
 * A code step answers a sign-in's challenge (its signed two-factor cookie); the same step with a
 * session and no challenge is turning two-factor on, which renews the session but signs nobody in.
 */
const isSignIn = async (ctx: HookContext): Promise<boolean> =>
  !isCodeStep(ctx.path) ||
  Boolean(await ctx.getSignedCookie(ctx.context.createAuthCookie('two_factor').name, ctx.context.secret));

const failedSignInUser = async (ctx: HookContext): Promise<User | null> => {
  const email = await signInEmailOf(ctx);
  const found = email ? await ctx.context.internalAdapter.findUserByEmail(email) : null;
  return found?.user ?? null;
};

/**
 * A user's own security events for their profile (issue 36 §2): sign-ins (password, code or
 * social), failed sign-ins of an existing account (a wrong password or code), sign-outs, ended
 * sessions, password changes and new recovery codes. Two-factor on and off are recorded where its
 * e-mail is sent (`features/two-factor/two-factor-changes.ts`), a password reset by its endpoint's
 * hook (`securityEventsBeforeHook`).
 */
export const securityEventsHook = (db: Db) => ({
  matcher: (ctx: { path?: string }) => signInPaths(ctx.path) || Boolean(ctx.path && ctx.path in afterSuccess),
  handler: createAuthMiddleware(async (ctx) => {
    const origin = originOfHeaders(ctx.headers);
    const answer = ctx.context.returned;
    if (signInPaths(ctx.path)) {
      const signedIn = ctx.context.newSession;
      if (signedIn && (await isSignIn(ctx)))
        return recordSecurityEvent(db, signedIn.user, 'security.signed_in', origin);
      if (isAPIError(answer) && countedCodes.has(String(answer.body?.code))) {
        const user = await failedSignInUser(ctx);
        if (user) await recordSecurityEvent(db, user, 'security.sign_in_failed', origin);
      }
      return;
    }
    const kind = afterSuccess[ctx.path ?? ''];
    const user = ctx.context.session?.user ?? ctx.context.newSession?.user;
    if (kind && user && !isAPIError(answer)) await recordSecurityEvent(db, user, kind, origin);
  }),
});

/** Sign-out, recorded before the session it ends is gone. */
export const signOutEventHook = (db: Db) => ({
  matcher: (ctx: { path?: string }) => ctx.path === '/sign-out',
  handler: createAuthMiddleware(async (ctx) => {
    const session = await getSessionFromCtx(ctx);
    if (session)
      await recordSecurityEvent(db, session.user, 'security.signed_out', originOfHeaders(ctx.headers));
  }),
});
