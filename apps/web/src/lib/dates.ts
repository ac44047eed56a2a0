import dayjs from 'dayjs';
import type { Language } from '../i18n/languages.ts';

/** A moment as the UI receives it: a Date, an ISO string, or epoch milliseconds (see `fromEpochSeconds`). */
export type DateInput = Date | string | number | null | undefined;

export type DateFormatOptions = {
  language: Language;
  /** Shown instead of a date when the input is missing or not a date (spec §8 "invalid-date text"). */
  invalidText: string;
};

const dateFormats: Record<Language, string> = { en: 'MMM D, YYYY', zh: 'YYYY年M月D日' };
const timeFormats: Record<Language, string> = { en: 'h:mm A', zh: 'HH:mm' };

const invoiceDateFormat = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
});

/** The spec's timestamps (invoice `created`, billing periods) are epoch seconds. */
export const fromEpochSeconds = (seconds: number): Date => new Date(seconds * 1000);

const parse = (value: DateInput) =>
  value === null || value === undefined || value === '' ? undefined : dayjs(value);

const format = (value: DateInput, pattern: string, invalidText: string): string => {
  const parsed = parse(value);
  return parsed?.isValid() ? parsed.locale('en').format(pattern) : invalidText;
};

/** "Jan 5, 2026" in English (spec §1), "2026年1月5日" in Chinese. */
export const formatDate = (value: DateInput, { language, invalidText }: DateFormatOptions): string =>
  format(value, dateFormats[language], invalidText);

/** "2:30 PM" in English (spec §1), "14:30" in Chinese. */
export const formatTime = (value: DateInput, { language, invalidText }: DateFormatOptions): string =>
  format(value, timeFormats[language], invalidText);

/** Invoice dates are en-US short dates in every language (spec §1): "1/5/2026". */
export const formatInvoiceDate = (
  value: DateInput,
  { invalidText }: Pick<DateFormatOptions, 'invalidText'>,
): string => {
  const parsed = parse(value);
  return parsed?.isValid() ? invoiceDateFormat.format(parsed.toDate()) : invalidText;
};
