import i18n, { type BackendModule } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import { htmlLangOf, isLanguage, languages, languageStorageKey, type Language } from './languages.ts';
import { featureNamespaces, type Namespace } from './namespaces.ts';

/** The language in use, after fallback (a browser's `zh-TW` resolves to `zh`, `fr` to `en`). */
export const currentLanguage = (): Language => {
  const resolved = i18n.resolvedLanguage;
  return isLanguage(resolved) ? resolved : 'en';
};

i18n.on('languageChanged', () => {
  document.documentElement.lang = htmlLangOf[currentLanguage()];
  // A namespace a page asked for while the switch was under way joins after it: load it in the new
  // language too (the store's `added` re-renders what uses it).
  void i18n.loadNamespaces(i18n.options.ns ?? []);
});

/**
 * Each language's namespaces are chunks of their own (`namespaces.ts`): a visitor downloads the
 * language they read (and English, the fallback) and the namespaces of the pages they open.
 */
const translations = import.meta.glob<Record<string, unknown>>('./{en,zh}/*.ts', { import: 'default' });

const lazyTranslations: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read: (language, namespace, done) => {
    const load = isLanguage(language) ? translations[`./${language}/${namespace}.ts`] : undefined;
    if (!load) return done(null, {});
    load().then(
      (resources) => done(null, resources),
      (error: unknown) => done(error instanceof Error ? error : new Error(String(error)), null),
    );
  },
};

/** Resolves once the visitor's language is loaded: `main.tsx` renders after it, so no key ever shows raw. */
export const i18nReady = i18n
  .use(lazyTranslations)
  .use(LanguageDetector)
  .use(initReactI18next)
  .init({
    ns: ['common'],
    defaultNS: 'common',
    fallbackNS: featureNamespaces,
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
    // A namespace that lands after a render (a page that forgot to name it) re-renders what uses it.
    react: { useSuspense: false, bindI18nStore: 'added' },
  });

/**
 * Loads namespaces of the current language (and the fallback) before a page that needs them renders.
 * A language switched while they load is loaded too: the page renders in the language on screen.
 */
export const loadNamespaces = async (needed: readonly Namespace[]): Promise<void> => {
  if (needed.length === 0) return;
  await i18nReady;
  let language: string;
  do {
    language = i18n.language;
    await i18n.loadNamespaces([...needed]);
  } while (i18n.language !== language);
};

export { i18n };
