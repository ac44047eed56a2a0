import { useTranslation } from 'react-i18next';
import { useLanguage } from '../i18n/use-language.ts';
import { formatDate, formatInvoiceDate, formatTime, type DateInput } from './dates.ts';

/** The date helpers bound to the UI language and its invalid-date text. */
export const useDates = () => {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const options = { language, invalidText: t('dates.invalid') };
  return {
    formatDate: (value: DateInput) => formatDate(value, options),
    formatTime: (value: DateInput) => formatTime(value, options),
    formatInvoiceDate: (value: DateInput) => formatInvoiceDate(value, options),
  };
};
