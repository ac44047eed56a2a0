import { createAuthMiddleware, isAPIError } from 'better-auth/api';

/** better-auth's routes whose answers carry a session token in the body. */
const tokenAnswers = new Set([
  '/sign-up/email',
  '/sign-in/email',
  '/get-session',
  '/list-sessions',
  '/update-password',
  '/change-password',
  '/two-factor/verify-totp',
  '/two-factor/verify-backup-code',
]);

type Answer = Record<string, unknown>;
const isAnswer = (value: unknown): value is Answer => typeof value === 'object' && value !== null;

const withoutToken = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(withoutToken);
  if (!isAnswer(value)) return value;
  const { token: _token, ...rest } = value;
  return isAnswer(rest.session) ? { ...rest, session: withoutToken(rest.session) } : rest;
};

/**
 * The session lives in an HttpOnly cookie only: no answer hands its token to a script, so a
 * script injected into the page cannot carry the session away (issue 12, item 10). With the
 * bearer plugin gone, the token alone would not open a session anyway; this keeps it unseen.
 */
export const hideSessionTokensHook = {
  matcher: (ctx: { path?: string }) => Boolean(ctx.path && tokenAnswers.has(ctx.path)),
  handler: createAuthMiddleware(async (ctx) => {
    const answer = ctx.context.returned;
    if (!isAnswer(answer) || isAPIError(answer) || answer instanceof Response) return;
    // list-sessions answers an array; ctx.json sends any JSON value although it is typed for objects.
    return ctx.json(withoutToken(answer) as Answer);
  }),
};
