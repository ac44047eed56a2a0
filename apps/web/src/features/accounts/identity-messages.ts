import type { TFunction } from 'i18next';
import { identityErrorCodes, passwordMinLength, type OwnedSubscriptionsRefusal } from '@billbridge/contract';
import type { IdentityError } from './identity.ts';

type ReasonKey = `accounts.reasons.${keyof typeof import('../../i18n/en.ts').en.accounts.reasons}`;
type AccountsKey =
  | 'accounts.reAuthenticationRequired'
  | 'accounts.emailVerificationRequired'
  | `twoFactor.reasons.${keyof typeof import('../../i18n/en.ts').en.twoFactor.reasons}`;

/** better-auth's codes and ours, each with the translation that explains it (STYLE §4). */
const reasonByCode: Record<string, ReasonKey | AccountsKey> = {
  INVALID_EMAIL_OR_PASSWORD: 'accounts.reasons.invalidCredentials',
  USER_ALREADY_EXISTS: 'accounts.reasons.emailInUse',
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: 'accounts.reasons.emailInUse',
  [identityErrorCodes.emailAlreadyInUse]: 'accounts.reasons.emailInUse',
  PASSWORD_TOO_SHORT: 'accounts.reasons.passwordTooShort',
  PASSWORD_TOO_LONG: 'accounts.reasons.passwordTooLong',
  PASSWORD_TOO_COMMON: 'accounts.reasons.passwordTooCommon',
  PASSWORD_NEEDS_LOWERCASE: 'accounts.reasons.passwordNeedsLowercase',
  PASSWORD_NEEDS_UPPERCASE: 'accounts.reasons.passwordNeedsUppercase',
  PASSWORD_NEEDS_NUMERIC: 'accounts.reasons.passwordNeedsNumeric',
  PASSWORD_NEEDS_SYMBOL: 'accounts.reasons.passwordNeedsSymbol',
  [identityErrorCodes.sessionNotFresh]: 'accounts.reAuthenticationRequired',
  SESSION_EXPIRED: 'accounts.reAuthenticationRequired',
  [identityErrorCodes.emailVerificationRequired]: 'accounts.emailVerificationRequired',
  [identityErrorCodes.expiredActionCode]: 'accounts.reasons.actionCodeExpired',
  TOKEN_EXPIRED: 'accounts.reasons.actionCodeExpired',
  [identityErrorCodes.invalidActionCode]: 'accounts.reasons.actionCodeInvalid',
  INVALID_TOKEN: 'accounts.reasons.actionCodeInvalid',
  USER_NOT_FOUND: 'accounts.reasons.actionCodeInvalid',
  INVALID_USER: 'accounts.reasons.actionCodeOtherUser',
  SOCIAL_SIGN_IN_FAILED: 'accounts.reasons.socialSignInFailed',
  [identityErrorCodes.nameTooLong]: 'accounts.reasons.nameTooLong',
  [identityErrorCodes.invalidImage]: 'accounts.reasons.invalidImage',
  [identityErrorCodes.userDisabled]: 'accounts.reasons.userDisabled',
  [identityErrorCodes.tooManyFailedSignIns]: 'accounts.reasons.tooManyRequests',
  INVALID_CODE: 'twoFactor.reasons.invalidCode',
  INVALID_BACKUP_CODE: 'twoFactor.reasons.invalidRecoveryCode',
  INVALID_TWO_FACTOR_COOKIE: 'twoFactor.reasons.expired',
  TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE: 'twoFactor.reasons.expired',
  INVALID_PASSWORD: 'twoFactor.reasons.invalidPassword',
};

/** Password, e-mail and deletion were refused for want of a recent sign-in (spec §8). */
export const needsReAuthentication = (error: IdentityError | undefined): boolean =>
  error?.code === identityErrorCodes.sessionNotFresh || error?.code === 'SESSION_EXPIRED';

/** Why the account cannot be deleted yet: the workspaces, by name, and what each needs first. */
const ownedReason = (t: TFunction, { noAdmin, paidPlan }: OwnedSubscriptionsRefusal): string =>
  [
    t('accounts.owned.intro'),
    noAdmin.length ? t('accounts.owned.noAdmin', { names: noAdmin.join(', ') }) : '',
    paidPlan.length ? t('accounts.owned.paidPlan', { names: paidPlan.join(', ') }) : '',
  ]
    .filter(Boolean)
    .join(' ');

/**
 * Why the server refused, in the reader's language: a known code's translation, a rate limit, a
 * network failure, else the server's own words (a configured password rule, a workspace to hand over).
 */
export const identityReason = (t: TFunction, error: IdentityError): string => {
  if (error.code === identityErrorCodes.ownedSubscriptions && error.owned) return ownedReason(t, error.owned);
  const key = error.code ? reasonByCode[error.code] : undefined;
  if (key) return t(key, { min: error.minLength ?? passwordMinLength });
  if (error.status === 429) return t('accounts.reasons.tooManyRequests');
  if (error.status === 0) return t('accounts.reasons.network');
  return error.message || t('errors.unknown');
};
