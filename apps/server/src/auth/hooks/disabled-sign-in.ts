import { createAuthMiddleware } from 'better-auth/api';
import type { Db } from '../../db/client.ts';
import { isEmailDisabled } from '../../features/accounts/disabled-users.ts';
import { identityErrors } from '../identity-error.ts';

/**
 * A disabled account's password sign-in is refused before its password is checked (issue 38):
 * refused only once a session was about to be made, a right password answered 403 and a wrong
 * one 401, telling a guesser which was right. Now both get the same `USER_DISABLED`.
 */
export const disabledSignInHook = (db: Db) => ({
  matcher: (ctx: { path?: string }) => ctx.path === '/sign-in/email',
  handler: createAuthMiddleware(async (ctx) => {
    const email = (ctx.body as { email?: unknown } | undefined)?.email;
    if (typeof email === 'string' && (await isEmailDisabled(db, email))) throw identityErrors.userDisabled();
  }),
});
