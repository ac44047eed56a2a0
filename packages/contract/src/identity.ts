/**
 * Identity constants without zod, so the sign-in page can import them without pulling the schema
 * library into its chunk (decision 005).
 */

/** The UI languages (spec §1); English is the fallback. */
export const languageCodes = ['en', 'zh'] as const;
export type LanguageCode = (typeof languageCodes)[number];

/**
 * The `mode` values of the action handler `/auth/action?mode=…&oobCode=…` (spec §2); the account
 * e-mails link there. Any other mode is an unsupported operation.
 */
export const actionModes = ['verifyEmail', 'resetPassword', 'verifyAndChangeEmail', 'recoverEmail'] as const;
export type ActionMode = (typeof actionModes)[number];

export const isActionMode = (value: unknown): value is ActionMode =>
  typeof value === 'string' && (actionModes as readonly string[]).includes(value);

/** The social sign-in providers of spec §1 a browser can use; the server says which are enabled. */
/**
 * The shortest password a user may choose, checked by the forms and by the server alike. Spec §9
 * names 6 for the client and lets the identity server ask more; the server ships 8 (decision 007),
 * so 8 is the one rule: a form that let 6 through met a refusal from the server after sending it.
 * An operator may raise the server's minimum (PASSWORD_MIN_LENGTH), never lower it below this.
 */
export const passwordMinLength = 8;

/** A password's length in code points, so one of emoji or CJK characters is measured as it is typed. */
export const passwordLength = (password: string): number => [...password].length;

export const socialProviderIds = [
  'google',
  'microsoft',
  'apple',
  'facebook',
  'github',
  'twitter',
  'yahoo',
] as const;
export type SocialProviderId = (typeof socialProviderIds)[number];

/**
 * Codes `/api/auth` answers with beside better-auth's own (`INVALID_EMAIL_OR_PASSWORD`,
 * `TOKEN_EXPIRED`, …): each has a message key in the browser.
 */
export const identityErrorCodes = {
  /** Password, e-mail change and deletion need a sign-in younger than AUTH_FRESH_AGE. */
  sessionNotFresh: 'SESSION_NOT_FRESH',
  /** An e-mail change needs the current address verified first (spec §5). */
  emailVerificationRequired: 'EMAIL_VERIFICATION_REQUIRED',
  /** The link's code is unknown, was already used, or belongs to another state of the account. */
  invalidActionCode: 'INVALID_ACTION_CODE',
  expiredActionCode: 'EXPIRED_ACTION_CODE',
  /** Recovering an address another account took meanwhile. */
  emailAlreadyInUse: 'EMAIL_ALREADY_IN_USE',
  /** A name over the profile's limit, through any route that writes one. */
  nameTooLong: 'NAME_TOO_LONG',
  /** A picture that is not an https URL. */
  invalidImage: 'INVALID_IMAGE',
  /** The operator disabled the account (`npm run admin -- disable-user`): no sign-in. */
  userDisabled: 'USER_DISABLED',
  /** Ten failed sign-ins for one address within 15 minutes, from any client address: wait. */
  tooManyFailedSignIns: 'TOO_MANY_FAILED_SIGN_INS',
  /**
   * Deleting an account that owns workspaces it cannot hand over; the refusal names them
   * (`OwnedSubscriptionsRefusal`) so the browser says it in the reader's language.
   */
  ownedSubscriptions: 'OWNED_SUBSCRIPTIONS',
} as const;

/** The workspaces that hold an account deletion back: without an admin to inherit, or still paying. */
export type OwnedSubscriptionsRefusal = { noAdmin: string[]; paidPlan: string[] };
