import { createAuthMiddleware, getSessionFromCtx } from 'better-auth/api';
import { identityErrors } from '../identity-error.ts';

const sensitivePaths = new Set([
  '/change-email',
  '/update-password',
  '/delete-user',
  '/change-password',
  // Issue 36: turning two-factor sign-in off and new recovery codes, besides the password the plugin asks.
  '/two-factor/disable',
  '/two-factor/generate-backup-codes',
]);

/**
 * Password, e-mail, deletion and weakening two-factor sign-in demand a recent sign-in (spec §8 reAuthenticationRequired):
 * the session must be younger than `session.freshAge`. An e-mail change also needs the current
 * address verified (spec §5), checked first: signing in again would not help with that.
 */
export const sensitiveOperationsHook = {
  matcher: (ctx: { path?: string }) => Boolean(ctx.path && sensitivePaths.has(ctx.path)),
  handler: createAuthMiddleware(async (ctx) => {
    const session = await getSessionFromCtx(ctx);
    if (!session) return; // the endpoint itself answers 401
    if (ctx.path === '/change-email' && !session.user.emailVerified)
      throw identityErrors.emailVerificationRequired();
    const freshAgeMs = ctx.context.sessionConfig.freshAge * 1000;
    const age = Date.now() - new Date(session.session.createdAt).getTime();
    if (freshAgeMs !== 0 && age >= freshAgeMs) throw identityErrors.sessionNotFresh();
  }),
};
