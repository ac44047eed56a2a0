import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isLanguage, type Language } from '../../i18n/languages.ts';
import { call } from '../../lib/call.ts';

const appliedKey = 'billbridge.savedLanguageApplied';

/** Saves the interface language on the profile (spec §2 "language switch (saved on the profile too)"). */
export const saveLanguage = (language: Language) => call('updateProfile', { language });

/**
 * Once per sign-in on this browser tab, switches the UI to the language saved on the profile, so
 * the choice follows the user to a new device. Later switches save to the profile themselves.
 */
export const useSavedLanguage = (userId: string) => {
  const { i18n } = useTranslation();
  useEffect(() => {
    const stamp = (() => {
      try {
        return sessionStorage.getItem(appliedKey);
      } catch {
        return null;
      }
    })();
    if (stamp === userId) return;
    const controller = new AbortController();
    void call('getProfile', {}, { signal: controller.signal })
      .then(async ({ profile }) => {
        if (isLanguage(profile.language) && profile.language !== i18n.resolvedLanguage) {
          await i18n.changeLanguage(profile.language);
        }
        try {
          sessionStorage.setItem(appliedKey, userId);
        } catch {
          // Without storage it is applied again next load, which is harmless.
        }
      })
      .catch(() => undefined);
    return () => controller.abort();
  }, [userId, i18n]);
};
