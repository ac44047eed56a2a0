import type { TFunction } from 'i18next';
import { readActivityReason, sourceSyncToggles, type SourceSyncToggle } from '@billbridge/contract';

const isToggle = (value: string): value is SourceSyncToggle =>
  (sourceSyncToggles as readonly string[]).includes(value);

/**
 * An activity's stored reason in the reader's language: the product's own reasons by their key,
 * a provider's words (HubSpot's refusal) as the provider wrote them (spec §8).
 */
export const activityReasonText = (t: TFunction, text: string): string => {
  const read = readActivityReason(text);
  switch (read.key) {
    case null:
      return read.text;
    case 'toggleOff':
      return t('dashboard.reasons.toggleOff', {
        toggle: isToggle(read.toggle) ? t(`dashboard.reasons.toggles.${read.toggle}`) : read.toggle,
      });
    case 'heldForCurrency':
      return t('dashboard.reasons.heldForCurrency', { code: read.code });
    case 'retrying':
      return t('dashboard.reasons.retrying', { reason: activityReasonText(t, read.reason) });
    default:
      return t(`dashboard.reasons.${read.key}`);
  }
};
