import { describe, expect, it } from 'vitest';
import type { PasswordPolicyConfig } from '../config/env.ts';
import { checkPassword } from './password-policy.ts';

const shipped: PasswordPolicyConfig = { minLength: 8, maxLength: 128, require: [], rejectCommon: true };

describe('checkPassword', () => {
  it('accepts a long uncommon password under the shipped policy', () => {
    expect(checkPassword(shipped, 'correct horse battery staple')).toBeNull();
  });

  it('refuses a password shorter than the minimum and says how long it must be', () => {
    expect(checkPassword(shipped, 'abc1234')).toEqual({
      code: 'PASSWORD_TOO_SHORT',
      message: 'Password must be at least 8 characters.',
      minLength: 8,
    });
  });

  it('counts characters, not UTF-16 units', () => {
    expect(checkPassword({ ...shipped, minLength: 6, rejectCommon: false }, '密码密码密码')).toBeNull();
    expect(checkPassword({ ...shipped, minLength: 6, rejectCommon: false }, '😀😀😀')?.code).toBe(
      'PASSWORD_TOO_SHORT',
    );
  });

  it('refuses a password longer than the maximum', () => {
    expect(checkPassword(shipped, 'x'.repeat(129))?.code).toBe('PASSWORD_TOO_LONG');
  });

  it('refuses common passwords whatever their case', () => {
    expect(checkPassword(shipped, 'password1')?.code).toBe('PASSWORD_TOO_COMMON');
    expect(checkPassword(shipped, 'Password1')?.code).toBe('PASSWORD_TOO_COMMON');
    expect(checkPassword(shipped, 'iloveyou')?.message).toBe(
      'This password is too common. Choose one that is harder to guess.',
    );
  });

  it('refuses short common passwords when the minimum is lowered to 6', () => {
    expect(checkPassword({ ...shipped, minLength: 6 }, '123456')?.code).toBe('PASSWORD_TOO_COMMON');
  });

  it('lets common passwords through when the check is switched off', () => {
    expect(checkPassword({ ...shipped, rejectCommon: false }, 'password1')).toBeNull();
  });

  it('applies each configured character requirement', () => {
    const strict: PasswordPolicyConfig = {
      ...shipped,
      require: ['lowercase', 'uppercase', 'numeric', 'symbol'],
    };
    expect(checkPassword(strict, 'ALLCAPS-123')?.code).toBe('PASSWORD_NEEDS_LOWERCASE');
    expect(checkPassword(strict, 'nocaps-123')?.code).toBe('PASSWORD_NEEDS_UPPERCASE');
    expect(checkPassword(strict, 'NoDigits-here')?.code).toBe('PASSWORD_NEEDS_NUMERIC');
    expect(checkPassword(strict, 'NoSymbol123')?.code).toBe('PASSWORD_NEEDS_SYMBOL');
    expect(checkPassword(strict, 'Quite-Rare-42')).toBeNull();
  });
});
