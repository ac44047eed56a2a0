import { createAuthEndpoint, getSessionFromCtx } from 'better-auth/api';
import { deleteSessionCookie } from 'better-auth/cookies';
import { z } from 'zod';
import { openActionCode } from '../action-code.ts';
import { identityErrors } from '../identity-error.ts';
import { consumeRecovery } from '../recovery-code.ts';

/**
 * `POST /api/auth/recover-email`: the old address undoes an e-mail change (spec §4 "The previous
 * email can be recovered"). The address is restored as verified (it was, before the change) and
 * every session of the account is revoked: whoever changed it is signed out everywhere.
 */
export const recoverEmailEndpoint = createAuthEndpoint(
  '/recover-email',
  { method: 'POST', body: z.object({ oobCode: z.string().min(1).max(4096) }) },
  async (ctx) => {
    const opened = openActionCode(ctx.context.secret, 'recoverEmail', ctx.body.oobCode);
    if (!opened) throw identityErrors.invalidActionCode();
    if (opened.expired) throw identityErrors.expiredActionCode();
    const recovery = await consumeRecovery(ctx, opened.token);
    const user = recovery && (await ctx.context.internalAdapter.findUserById(recovery.userId));
    if (!recovery || !user) throw identityErrors.invalidActionCode();

    const holder = await ctx.context.internalAdapter.findUserByEmail(recovery.email);
    if (holder && holder.user.id !== user.id) throw identityErrors.emailAlreadyInUse();
    await ctx.context.internalAdapter.updateUser(user.id, { email: recovery.email, emailVerified: true });
    await ctx.context.internalAdapter.deleteUserSessions(user.id);

    const session = await getSessionFromCtx(ctx).catch(() => null);
    if (session?.user.id === user.id) deleteSessionCookie(ctx);
    return ctx.json({ email: recovery.email });
  },
);
