import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import {
  activityReasons,
  heldForCurrencyReason,
  retryingReason,
  toggleOffReason,
  type ActivityReasonKey,
} from '@billbridge/contract';
import { en } from '../../i18n/en.ts';
import { zh } from '../../i18n/zh.ts';
import { activityReasonText } from './activity-reason.ts';

const translatorIn = async (lng: 'en' | 'zh') => {
  const instance = i18next.createInstance();
  await instance.init({ lng, resources: { en: { translation: en }, zh: { translation: zh } } });
  return instance.t;
};

const written = [
  ...Object.values(activityReasons),
  toggleOffReason('customers'),
  heldForCurrencyReason('EUR'),
  retryingReason(activityReasons.heldForCap),
];

describe('an activity reason', () => {
  it('reads in English exactly as the server wrote it', async () => {
    const t = await translatorIn('en');
    for (const reason of written) expect(activityReasonText(t, reason)).toBe(reason);
  });

  it('reads in Chinese for a Chinese reader, each reason the product writes', async () => {
    const t = await translatorIn('zh');
    for (const key of Object.keys(activityReasons) as ActivityReasonKey[]) {
      expect(activityReasonText(t, activityReasons[key])).toBe(zh.dashboard.reasons[key]);
    }
    expect(activityReasonText(t, toggleOffReason('customers'))).toBe('客户的同步已关闭');
    expect(activityReasonText(t, heldForCurrencyReason('EUR'))).toContain('请在 HubSpot 中启用 EUR');
    expect(activityReasonText(t, retryingReason(activityReasons.heldForDestination))).toBe(
      '正在重试：已保留，直到连接并启用 HubSpot 目标',
    );
  });

  it('keeps a provider’s own words as the provider wrote them', async () => {
    const t = await translatorIn('zh');
    expect(activityReasonText(t, 'Property values were not valid')).toBe('Property values were not valid');
  });
});
