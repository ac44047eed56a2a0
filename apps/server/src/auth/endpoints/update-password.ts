import { createAuthEndpoint, freshSessionMiddleware } from 'better-auth/api';
import { setSessionCookie } from 'better-auth/cookies';
import { z } from 'zod';

/**
 * `POST /api/auth/update-password` (spec §7 "update password"): the change-password form sends only
 * the new password and its confirmation, so a recent sign-in stands in for the current password
 * (`freshSessionMiddleware` answers SESSION_NOT_FRESH otherwise). The password policy runs in a
 * before hook. Every session of the user is revoked and this browser gets a new one.
 */
export const updatePasswordEndpoint = createAuthEndpoint(
  '/update-password',
  { method: 'POST', body: z.object({ newPassword: z.string() }), use: [freshSessionMiddleware] },
  async (ctx) => {
    const { session, user } = ctx.context.session;
    const adapter = ctx.context.internalAdapter;
    const hash = await ctx.context.password.hash(ctx.body.newPassword);
    const credential = await adapter.findCredentialAccount(user.id);
    if (credential) await adapter.updateAccount(credential.id, { password: hash });
    // An account made through a social provider gets its first password here.
    else
      await adapter.linkAccount({
        userId: user.id,
        providerId: 'credential',
        accountId: user.id,
        password: hash,
      });
    await adapter.deleteUserSessions(user.id);
    const fresh = await adapter.createSession(user.id, false, {
      ipAddress: session.ipAddress,
      userAgent: session.userAgent,
    });
    await setSessionCookie(ctx, { session: fresh, user });
    return ctx.json({ status: true });
  },
);
