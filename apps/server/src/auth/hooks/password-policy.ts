import { APIError, createAuthMiddleware } from 'better-auth/api';
import type { PasswordPolicyConfig } from '../../config/env.ts';
import { checkPassword } from '../password-policy.ts';

/** Where a new password arrives, and under which body field. */
const passwordFields: Record<string, 'password' | 'newPassword'> = {
  '/sign-up/email': 'password',
  '/reset-password': 'newPassword',
  '/update-password': 'newPassword',
  '/change-password': 'newPassword',
};

/**
 * Runs the configured policy before better-auth sees a new password, so every way of setting one
 * obeys it and the form shows the policy's own reason (`{ code, message }`).
 */
export const passwordPolicyHook = (policy: PasswordPolicyConfig) => ({
  matcher: (ctx: { path?: string }) => Boolean(ctx.path && ctx.path in passwordFields),
  handler: createAuthMiddleware(async (ctx) => {
    const field = passwordFields[ctx.path];
    const body: unknown = ctx.body;
    const password =
      field && typeof body === 'object' && body !== null && field in body
        ? (body as Record<string, unknown>)[field]
        : undefined;
    if (typeof password !== 'string') return;
    const issue = checkPassword(policy, password);
    if (issue) throw new APIError('BAD_REQUEST', issue);
  }),
});
