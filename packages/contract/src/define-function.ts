import type { z } from 'zod';
import type { PermissionRequirement } from './permissions.ts';

/**
 * A callable function's contract (ARCHITECTURE §5): declared once here, enforced by the server's
 * framework (schema, session, permissions on `subscriptionId`) and typed into the web client.
 *
 * `requires`: `'signed-in'` needs only a session; a requirement needs the permissions on the
 * workspace named by the input's `subscriptionId`; `'public'` lets anonymous callers in.
 *
 * `whenCanceled`, for workspace functions: canceled is final (spec §4), so the framework refuses
 * every call on a canceled workspace with FAILED_PRECONDITION unless the function declares
 * `'allowed'` — the reads. A new function that forgets it is refused, never let through.
 *
 * `verifiedEmail: 'required'`: the caller's e-mail must be verified, else FAILED_PRECONDITION with
 * the `verifyEmailFirst` message key — for what acts on or through an e-mail address (invites) and
 * every billing change (issue 38).
 *
 * `withoutTwoFactor: 'allowed'`, for workspace functions: a workspace whose settings require
 * two-factor sign-in (issue 36) refuses a caller without it, FAILED_PRECONDITION with the
 * `twoFactorRequired` message key, except in the functions that declare this — what the browser
 * needs to show the workspace as locked.
 */
export type FunctionAccess = 'public' | 'signed-in' | PermissionRequirement;

export type FunctionContract<
  N extends string = string,
  I extends z.ZodType = z.ZodType,
  O extends z.ZodType = z.ZodType,
> = {
  name: N;
  input: I;
  output: O;
  requires: FunctionAccess;
  whenCanceled?: 'allowed' | 'refused';
  verifiedEmail?: 'required';
  withoutTwoFactor?: 'allowed';
};

/** The refusal of a `verifiedEmail: 'required'` function to an unverified caller. */
export const verifyEmailFirst = {
  message: 'Verify your email address first.',
  details: { messageKey: 'verifyEmailFirst' },
} as const;

export const defineFunction = <const N extends string, I extends z.ZodType, O extends z.ZodType>(
  contract: FunctionContract<N, I, O>,
): FunctionContract<N, I, O> => contract;
