import { createAuthMiddleware, isAPIError } from 'better-auth/api';
import type { SendAccountMail } from '../../features/accounts/send-account-mail.ts';
import { openActionCode } from '../action-code.ts';
import { identityErrors } from '../identity-error.ts';
import { createRecoveryCode } from '../recovery-code.ts';
import { checkVerificationToken, isEmailChange } from '../verification-token.ts';

const queryToken = (query: unknown): string | undefined =>
  typeof query === 'object' && query !== null && 'token' in query && typeof query.token === 'string'
    ? query.token
    : undefined;

/**
 * The reset link's `oobCode` is a sealed better-auth token (action-code.ts): an expired one is
 * refused as expired; a good one is handed on as the plain token better-auth expects.
 */
export const resetPasswordCodeHook = {
  matcher: (ctx: { path?: string }) => ctx.path === '/reset-password',
  handler: createAuthMiddleware(async (ctx) => {
    const body: unknown = ctx.body;
    const code =
      typeof body === 'object' && body !== null && 'token' in body && typeof body.token === 'string'
        ? body.token
        : '';
    const opened = openActionCode(ctx.context.secret, 'resetPassword', code);
    if (!opened) throw identityErrors.invalidActionCode();
    if (opened.expired) throw identityErrors.expiredActionCode();
    return { context: { body: { ...(body as object), token: opened.token } } };
  }),
};

/**
 * better-auth accepts a verification link again once the address is verified; a used link fails
 * here instead, as the spec's action handler expects.
 */
export const usedVerificationHook = {
  matcher: (ctx: { path?: string }) => ctx.path === '/verify-email',
  handler: createAuthMiddleware(async (ctx) => {
    const token = queryToken(ctx.query);
    const check = token ? await checkVerificationToken(token, ctx.context.secret) : undefined;
    if (check?.status !== 'valid' || check.claims.updateTo) return;
    const found = await ctx.context.internalAdapter.findUserByEmail(check.claims.email);
    if (found?.user.emailVerified) throw identityErrors.invalidActionCode();
  }),
};

/** Once a new address is confirmed, the old one gets a link that restores it (spec §4). */
export const emailChangeRecoveryHook = (sendMail: SendAccountMail) => ({
  matcher: (ctx: { path?: string }) => ctx.path === '/verify-email',
  handler: createAuthMiddleware(async (ctx) => {
    if (isAPIError(ctx.context.returned)) return;
    const token = queryToken(ctx.query);
    const check = token ? await checkVerificationToken(token, ctx.context.secret) : undefined;
    if (check?.status !== 'valid' || !isEmailChange(check.claims) || !check.claims.userId) return;
    const { email, updateTo, userId } = check.claims;
    const user = await ctx.context.internalAdapter.findUserById(userId);
    if (user?.email.toLowerCase() !== updateTo) return;
    const oobCode = await createRecoveryCode(ctx, { userId, email, newEmail: updateTo });
    await sendMail({
      kind: 'recoverEmail',
      user,
      to: email,
      oobCode,
      otherEmail: updateTo,
      request: ctx.request,
    });
  }),
});
