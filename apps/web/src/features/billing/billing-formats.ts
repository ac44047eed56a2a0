import type { Language } from '../../i18n/languages.ts';

const numberLocales: Record<Language, string> = { en: 'en-US', zh: 'zh-CN' };

/** Spec §9: an invoice's amount is its total in minor units divided by 100, in its own currency. */
export const formatInvoiceAmount = (total: number, currency: string, language: Language): string =>
  new Intl.NumberFormat(numberLocales[language], {
    style: 'currency',
    currency: currency.toUpperCase(),
  }).format(total / 100);

/** Spec §9: a card's expiry as two-digit month and two-digit year, "04/27". */
export const formatCardExpiry = (month: number, year: number): string =>
  `${String(month).padStart(2, '0')}/${String(year % 100).padStart(2, '0')}`;
