import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { keyedError, serverMessages, type ServerMessageKey } from '@billbridge/contract';
import { en } from '../i18n/en.ts';
import { zh } from '../i18n/zh.ts';
import { errorMessageOf } from './use-error-message.ts';

/** A translator in the given language over the app's own texts. */
const translatorIn = async (lng: 'en' | 'zh') => {
  const instance = i18next.createInstance();
  await instance.init({ lng, resources: { en: { translation: en }, zh: { translation: zh } } });
  return instance.t;
};

const keys = Object.keys(serverMessages) as ServerMessageKey[];

describe('a refusal the server names by key', () => {
  it('has its text in English and in Chinese, for every key of the contract', () => {
    for (const key of keys) {
      expect([key, en.serverMessages[key]]).toEqual([key, serverMessages[key]]);
      expect([key, Boolean(zh.serverMessages[key]?.trim())]).toEqual([key, true]);
    }
  });

  it('reads in Chinese for a Chinese reader, billing refusals included', async () => {
    const t = await translatorIn('zh');
    for (const key of keys) {
      const shown = errorMessageOf(t, keyedError('failed-precondition', serverMessages, key));
      expect([key, shown]).toEqual([key, zh.serverMessages[key]]);
    }
    expect(
      errorMessageOf(t, keyedError('failed-precondition', serverMessages, 'billingUnavailable')),
    ).toContain('未配置计费');
  });
});
