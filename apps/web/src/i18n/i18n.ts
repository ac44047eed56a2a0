import i18n from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import { en } from './en.ts';
import { htmlLangOf, isLanguage, languages, languageStorageKey, type Language } from './languages.ts';
import { zh } from './zh.ts';

/** The language in use, after fallback (a browser's `zh-TW` resolves to `zh`, `fr` to `en`). */
export const currentLanguage = (): Language => {
  const resolved = i18n.resolvedLanguage;
  return isLanguage(resolved) ? resolved : 'en';
};

i18n.on('languageChanged', () => {
  document.documentElement.lang = htmlLangOf[currentLanguage()];
});

// Both languages are bundled (a few KB), so init is synchronous and the first paint never waits.
void i18n
  .use(LanguageDetector)
  .use(initReactI18next)
  .init({
    resources: { en: { translation: en }, zh: { translation: zh } },
    supportedLngs: languages,
    nonExplicitSupportedLngs: true,
    load: 'languageOnly',
    fallbackLng: 'en',
    interpolation: { escapeValue: false },
    detection: {
      order: ['localStorage', 'navigator'],
      lookupLocalStorage: languageStorageKey,
      caches: ['localStorage'],
    },
    initAsync: false,
    react: { useSuspense: false },
  });

export { i18n };
