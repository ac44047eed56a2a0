import { APIError } from 'better-auth/api';
import { identityErrorCodes } from '@billbridge/contract';

/** Errors of our `/api/auth` additions, in better-auth's shape `{ code, message }` so one client reads both. */
export const identityErrors = {
  sessionNotFresh: () =>
    new APIError('FORBIDDEN', {
      code: identityErrorCodes.sessionNotFresh,
      message: 'Please sign in again before retry',
    }),
  emailVerificationRequired: () =>
    new APIError('FORBIDDEN', {
      code: identityErrorCodes.emailVerificationRequired,
      message: 'Verify your current email before changing it.',
    }),
  invalidActionCode: () =>
    new APIError('BAD_REQUEST', {
      code: identityErrorCodes.invalidActionCode,
      message: 'This link is invalid or has already been used.',
    }),
  expiredActionCode: () =>
    new APIError('BAD_REQUEST', {
      code: identityErrorCodes.expiredActionCode,
      message: 'This link has expired.',
    }),
  userDisabled: () =>
    new APIError('FORBIDDEN', {
      code: identityErrorCodes.userDisabled,
      message: 'This account has been disabled. Contact the administrator of this Billbridge.',
    }),
  tooManyFailedSignIns: (retryAfterSeconds: number) =>
    new APIError(
      'TOO_MANY_REQUESTS',
      {
        code: identityErrorCodes.tooManyFailedSignIns,
        message: 'Too many failed sign-ins for this account. Please try again later.',
      },
      { 'retry-after': String(retryAfterSeconds) },
    ),
  emailAlreadyInUse: () =>
    new APIError('CONFLICT', {
      code: identityErrorCodes.emailAlreadyInUse,
      message: 'Another account uses this email now.',
    }),
};
