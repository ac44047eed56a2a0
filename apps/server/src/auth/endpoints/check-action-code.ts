import { createAuthEndpoint } from 'better-auth/api';
import type { GenericEndpointContext } from 'better-auth';
import { z } from 'zod';
import { actionModes, type ActionMode } from '@billbridge/contract';
import { openActionCode } from '../action-code.ts';
import { identityErrors } from '../identity-error.ts';
import { findRecovery } from '../recovery-code.ts';
import { checkVerificationToken, isEmailChange } from '../verification-token.ts';

export type ActionCodeInfo = { email: string; newEmail?: string };

const resetPasswordInfo = async (ctx: GenericEndpointContext, oobCode: string): Promise<ActionCodeInfo> => {
  const opened = openActionCode(ctx.context.secret, 'resetPassword', oobCode);
  if (!opened) throw identityErrors.invalidActionCode();
  if (opened.expired) throw identityErrors.expiredActionCode();
  const row = await ctx.context.internalAdapter.findVerificationValue(`reset-password:${opened.token}`);
  const user = row && (await ctx.context.internalAdapter.findUserById(row.value));
  if (!user) throw identityErrors.invalidActionCode();
  return { email: user.email };
};

const recoverEmailInfo = async (ctx: GenericEndpointContext, oobCode: string): Promise<ActionCodeInfo> => {
  const opened = openActionCode(ctx.context.secret, 'recoverEmail', oobCode);
  if (!opened) throw identityErrors.invalidActionCode();
  if (opened.expired) throw identityErrors.expiredActionCode();
  const recovery = await findRecovery(ctx, opened.token);
  if (!recovery) throw identityErrors.invalidActionCode();
  return { email: recovery.email, newEmail: recovery.newEmail };
};

/** Verification links: unused while the account is still in the state the link was made for. */
const verificationInfo = async (
  ctx: GenericEndpointContext,
  mode: 'verifyEmail' | 'verifyAndChangeEmail',
  oobCode: string,
): Promise<ActionCodeInfo> => {
  const check = await checkVerificationToken(oobCode, ctx.context.secret);
  if (check.status === 'expired') throw identityErrors.expiredActionCode();
  if (check.status === 'invalid') throw identityErrors.invalidActionCode();
  const { claims } = check;
  if (mode === 'verifyAndChangeEmail') {
    const user =
      isEmailChange(claims) &&
      claims.userId &&
      (await ctx.context.internalAdapter.findUserById(claims.userId));
    if (!user || !isEmailChange(claims) || user.email.toLowerCase() !== claims.email)
      throw identityErrors.invalidActionCode();
    return { email: claims.email, newEmail: claims.updateTo };
  }
  const found = claims.updateTo ? null : await ctx.context.internalAdapter.findUserByEmail(claims.email);
  if (!found || found.user.emailVerified) throw identityErrors.invalidActionCode();
  return { email: found.user.email };
};

/**
 * `POST /api/auth/check-action-code` (spec §7 "check action code (returns the email)"): tells the
 * action page whether a link still works and which addresses it is about, without using it up.
 */
export const checkActionCodeEndpoint = createAuthEndpoint(
  '/check-action-code',
  { method: 'POST', body: z.object({ mode: z.enum(actionModes), oobCode: z.string().min(1).max(4096) }) },
  async (ctx) => {
    const { mode, oobCode } = ctx.body as { mode: ActionMode; oobCode: string };
    const info =
      mode === 'resetPassword'
        ? await resetPasswordInfo(ctx, oobCode)
        : mode === 'recoverEmail'
          ? await recoverEmailInfo(ctx, oobCode)
          : await verificationInfo(ctx, mode, oobCode);
    return ctx.json(info);
  },
);
