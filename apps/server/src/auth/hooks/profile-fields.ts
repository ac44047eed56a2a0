import { APIError, createAuthMiddleware } from 'better-auth/api';
import { displayNameMaxLength, identityErrorCodes } from '@billbridge/contract';

/** The routes of better-auth that write a user's name or picture. */
const profileWriters = new Set(['/sign-up/email', '/update-user']);

const isHttpsUrl = (value: string): boolean => {
  try {
    return new URL(value).protocol === 'https:';
  } catch {
    return false;
  }
};

/**
 * The profile's limits hold on better-auth's own routes too: a name of at most
 * `displayNameMaxLength` characters (a 200,000-character name once went in through sign-up) and a
 * picture only as an https URL (never `javascript:` or plain http).
 */
export const profileFieldsHook = {
  matcher: (ctx: { path?: string }) => Boolean(ctx.path && profileWriters.has(ctx.path)),
  handler: createAuthMiddleware(async (ctx) => {
    const body = (typeof ctx.body === 'object' && ctx.body !== null ? ctx.body : {}) as Record<
      string,
      unknown
    >;
    const { name, image } = body;
    if (name !== undefined && (typeof name !== 'string' || name.trim().length > displayNameMaxLength)) {
      throw new APIError('BAD_REQUEST', {
        code: identityErrorCodes.nameTooLong,
        message: `The name must be at most ${displayNameMaxLength} characters.`,
      });
    }
    if (image !== undefined && image !== null && (typeof image !== 'string' || !isHttpsUrl(image))) {
      throw new APIError('BAD_REQUEST', {
        code: 'INVALID_IMAGE',
        message: 'The picture must be an https URL.',
      });
    }
  }),
};
