export const languages = ['en', 'zh'] as const;
export type Language = (typeof languages)[number];

/** Shown in each language's own script, so a reader can find theirs whatever the UI shows. */
export const languageNames: Record<Language, string> = { en: 'English', zh: '中文' };

/** Where the choice is remembered between visits. */
export const languageStorageKey = 'billbridge.language';

/** The value of `<html lang>` for each language (picks the right CJK glyphs). */
export const htmlLangOf: Record<Language, string> = { en: 'en', zh: 'zh-CN' };

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (languages as readonly string[]).includes(value);
