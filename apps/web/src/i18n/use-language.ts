import { useTranslation } from 'react-i18next';
import { isLanguage, type Language } from './languages.ts';

/** The UI language and a setter that also remembers the choice (the detector caches it). */
export const useLanguage = (): { language: Language; setLanguage: (language: Language) => Promise<void> } => {
  const { i18n } = useTranslation();
  const resolved = i18n.resolvedLanguage;
  return {
    language: isLanguage(resolved) ? resolved : 'en',
    setLanguage: async (language) => {
      await i18n.changeLanguage(language);
    },
  };
};
