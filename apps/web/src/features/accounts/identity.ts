import type { ActionMode, OwnedSubscriptionsRefusal, SocialProviderId } from '@billbridge/contract';
import { authClient } from '../../lib/auth-client.ts';

/** A refusal from `/api/auth`: better-auth's `{ code, message }` plus the HTTP status. */
export type IdentityError = {
  status: number;
  code?: string;
  message?: string;
  minLength?: number;
  /** An account deletion refused for the workspaces it owns, by name. */
  owned?: OwnedSubscriptionsRefusal;
};

export type IdentityResult<T> = { data: T; error?: undefined } | { data?: undefined; error: IdentityError };

type Request = { method?: 'GET' | 'POST'; body?: Record<string, unknown>; query?: Record<string, string> };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

const namesOf = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((name): name is string => typeof name === 'string') : [];

const ownedOf = (error: Record<string, unknown>): OwnedSubscriptionsRefusal | undefined =>
  Array.isArray(error.noAdmin) || Array.isArray(error.paidPlan)
    ? { noAdmin: namesOf(error.noAdmin), paidPlan: namesOf(error.paidPlan) }
    : undefined;

/** Reads the error of any better-auth client call (`{ status, code, message }`). */
export const identityErrorOf = (error: unknown): IdentityError => {
  if (!isRecord(error)) return { status: 0 };
  return {
    status: typeof error.status === 'number' ? error.status : 0,
    code: typeof error.code === 'string' ? error.code : undefined,
    message: typeof error.message === 'string' ? error.message : undefined,
    minLength: typeof error.minLength === 'number' ? error.minLength : undefined,
    owned: ownedOf(error),
  };
};

/**
 * One call to the identity endpoints (spec §7 "Account and identity"). Never throws: a network
 * failure comes back as an error with status 0.
 */
const identityCall = async <T>(
  path: string,
  { method = 'POST', body, query }: Request = {},
): Promise<IdentityResult<T>> => {
  try {
    const result = await authClient.$fetch<T>(path, { method, body, query });
    if (result.error) return { error: identityErrorOf(result.error) };
    return { data: result.data as T };
  } catch (error) {
    return { error: { status: 0, message: error instanceof Error ? error.message : undefined } };
  }
};

export type ActionCodeInfo = { email: string; newEmail?: string };

export const identity = {
  socialProviders: () =>
    identityCall<{ providers: SocialProviderId[] }>('/social-providers', { method: 'GET' }),
  signInSocial: (provider: SocialProviderId, callbackURL: string, errorCallbackURL: string) =>
    identityCall<{ url?: string }>('/sign-in/social', { body: { provider, callbackURL, errorCallbackURL } }),
  requestPasswordReset: (email: string) =>
    identityCall<{ status: boolean }>('/request-password-reset', { body: { email } }),
  checkActionCode: (mode: ActionMode, oobCode: string) =>
    identityCall<ActionCodeInfo>('/check-action-code', { body: { mode, oobCode } }),
  /** Applies a verification or e-mail change link (better-auth's `/verify-email`). */
  applyVerification: (oobCode: string) =>
    identityCall<{ status: boolean }>('/verify-email', { method: 'GET', query: { token: oobCode } }),
  resetPassword: (oobCode: string, newPassword: string) =>
    identityCall<{ status: boolean }>('/reset-password', { body: { token: oobCode, newPassword } }),
  recoverEmail: (oobCode: string) => identityCall<{ email: string }>('/recover-email', { body: { oobCode } }),
  sendVerificationEmail: (email: string) =>
    identityCall<{ status: boolean }>('/send-verification-email', { body: { email } }),
  changeEmail: (newEmail: string) =>
    identityCall<{ status: boolean }>('/change-email', { body: { newEmail } }),
  updatePassword: (newPassword: string) =>
    identityCall<{ status: boolean }>('/update-password', { body: { newPassword } }),
  deleteAccount: () => identityCall<{ success: boolean }>('/delete-user', { body: {} }),
  /** Two-factor sign-in (issue 36): enrolment answers the authenticator URI and the recovery codes. */
  enableTwoFactor: (password: string) =>
    identityCall<{ totpURI: string; backupCodes: string[] }>('/two-factor/enable', { body: { password } }),
  /** Confirms enrolment (signed in) or answers the sign-in's code step. */
  verifyTotp: (code: string, trustDevice = false) =>
    identityCall<{ user: { id: string } }>('/two-factor/verify-totp', { body: { code, trustDevice } }),
  verifyRecoveryCode: (code: string, trustDevice = false) =>
    identityCall<{ user: { id: string } }>('/two-factor/verify-backup-code', { body: { code, trustDevice } }),
  regenerateRecoveryCodes: (password: string) =>
    identityCall<{ backupCodes: string[] }>('/two-factor/generate-backup-codes', { body: { password } }),
  disableTwoFactor: (password: string) =>
    identityCall<{ status: boolean }>('/two-factor/disable', { body: { password } }),
};
