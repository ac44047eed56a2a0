import { createAuthMiddleware } from 'better-auth/api';

const signInPath = (path: string | undefined) =>
  path === '/sign-in/email' ||
  path === '/sign-up/email' ||
  path === '/two-factor/verify-totp' ||
  path === '/two-factor/verify-backup-code' ||
  Boolean(path?.startsWith('/callback/'));

/**
 * Sessions are rotated at sign-in: better-auth issues a new token, and this hook revokes the
 * session the browser presented before, so a token captured earlier dies with the sign-in.
 */
export const sessionRotationHook = {
  matcher: (ctx: { path?: string }) => signInPath(ctx.path),
  handler: createAuthMiddleware(async (ctx) => {
    const created = ctx.context.newSession;
    if (!created) return;
    const previous = await ctx.getSignedCookie(ctx.context.authCookies.sessionToken.name, ctx.context.secret);
    if (previous && previous !== created.session.token)
      await ctx.context.internalAdapter.deleteSession(previous);
  }),
};
