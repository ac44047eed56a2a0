import { passwordLength } from '@billbridge/contract';
import type { PasswordPolicyConfig, PasswordRequirement } from '../config/env.ts';
import { isCommonPassword } from './common-passwords.ts';

/** Why a password is refused: a code the browser translates and a message that reads on its own. */
export type PasswordIssue = {
  code:
    | 'PASSWORD_TOO_SHORT'
    | 'PASSWORD_TOO_LONG'
    | 'PASSWORD_TOO_COMMON'
    | 'PASSWORD_NEEDS_LOWERCASE'
    | 'PASSWORD_NEEDS_UPPERCASE'
    | 'PASSWORD_NEEDS_NUMERIC'
    | 'PASSWORD_NEEDS_SYMBOL';
  message: string;
  minLength?: number;
  maxLength?: number;
};

const requirementChecks: Record<PasswordRequirement, { test: RegExp; issue: PasswordIssue }> = {
  lowercase: {
    test: /\p{Ll}/u,
    issue: { code: 'PASSWORD_NEEDS_LOWERCASE', message: 'Password must contain a lowercase letter.' },
  },
  uppercase: {
    test: /\p{Lu}/u,
    issue: { code: 'PASSWORD_NEEDS_UPPERCASE', message: 'Password must contain an uppercase letter.' },
  },
  numeric: {
    test: /\p{Nd}/u,
    issue: { code: 'PASSWORD_NEEDS_NUMERIC', message: 'Password must contain a number.' },
  },
  symbol: {
    test: /[^\p{L}\p{Nd}]/u,
    issue: {
      code: 'PASSWORD_NEEDS_SYMBOL',
      message: 'Password must contain a character that is not a letter or a number.',
    },
  },
};

/** The server's password policy (spec §5: the identity server may add to the forms' minimum). */
export const checkPassword = (policy: PasswordPolicyConfig, password: string): PasswordIssue | null => {
  const length = passwordLength(password);
  if (length < policy.minLength) {
    return {
      code: 'PASSWORD_TOO_SHORT',
      message: `Password must be at least ${policy.minLength} characters.`,
      minLength: policy.minLength,
    };
  }
  if (length > policy.maxLength) {
    return {
      code: 'PASSWORD_TOO_LONG',
      message: `Password must be at most ${policy.maxLength} characters.`,
      maxLength: policy.maxLength,
    };
  }
  for (const requirement of policy.require) {
    const { test, issue } = requirementChecks[requirement];
    if (!test.test(password)) return issue;
  }
  if (policy.rejectCommon && isCommonPassword(password)) {
    return {
      code: 'PASSWORD_TOO_COMMON',
      message: 'This password is too common. Choose one that is harder to guess.',
    };
  }
  return null;
};
