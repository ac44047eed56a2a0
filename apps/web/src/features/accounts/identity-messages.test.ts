import i18next, { type TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { en } from '../../i18n/en.ts';
import { zh } from '../../i18n/zh.ts';
import { identityReason, needsReAuthentication } from './identity-messages.ts';

const t = ((key: string, options?: { min?: number }) =>
  options?.min ? `${key}(${options.min})` : key) as unknown as TFunction;

const translatorIn = async (lng: 'en' | 'zh') => {
  const instance = i18next.createInstance();
  await instance.init({ lng, resources: { en: { translation: en }, zh: { translation: zh } } });
  return instance.t;
};

describe('identityReason', () => {
  it('translates known codes', () => {
    expect(identityReason(t, { status: 401, code: 'INVALID_EMAIL_OR_PASSWORD' })).toBe(
      'accounts.reasons.invalidCredentials(8)',
    );
    expect(identityReason(t, { status: 400, code: 'PASSWORD_TOO_SHORT', minLength: 10 })).toBe(
      'accounts.reasons.passwordTooShort(10)',
    );
    expect(identityReason(t, { status: 400, code: 'TOKEN_EXPIRED' })).toBe(
      'accounts.reasons.actionCodeExpired(8)',
    );
    expect(identityReason(t, { status: 403, code: 'USER_DISABLED', message: 'disabled' })).toBe(
      'accounts.reasons.userDisabled(8)',
    );
  });

  it('names rate limits and network failures', () => {
    expect(identityReason(t, { status: 429, message: 'Too many requests. Please try again later.' })).toBe(
      'accounts.reasons.tooManyRequests',
    );
    expect(identityReason(t, { status: 0 })).toBe('accounts.reasons.network');
  });

  it('words a refused account deletion in the reader’s language, naming the workspaces', async () => {
    const zhT = await translatorIn('zh');
    const owned = { noAdmin: ['Busy Bees'], paidPlan: ['Acme'] };
    expect(
      identityReason(zhT, { status: 400, code: 'OWNED_SUBSCRIPTIONS', message: 'English words.', owned }),
    ).toBe(
      '你的账户仍拥有无法移交的订阅。 请将 Busy Bees 的某位成员设为管理员（或移除其成员），以便所有权转交给他们。 请取消 Acme 的付费套餐。',
    );
  });

  it('passes the server words through for anything else', () => {
    expect(
      identityReason(t, { status: 400, code: 'OWNED_SUBSCRIPTIONS', message: 'Hand over Acme first.' }),
    ).toBe('Hand over Acme first.');
    expect(identityReason(t, { status: 500 })).toBe('errors.unknown');
  });
});

describe('needsReAuthentication', () => {
  it('recognises a session that is not fresh', () => {
    expect(needsReAuthentication({ status: 403, code: 'SESSION_NOT_FRESH' })).toBe(true);
    expect(needsReAuthentication({ status: 403, code: 'EMAIL_VERIFICATION_REQUIRED' })).toBe(false);
    expect(needsReAuthentication(undefined)).toBe(false);
  });
});
