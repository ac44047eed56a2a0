import { useTranslation } from 'react-i18next';
import { AppError, backfillMessages, connectionMessages, messageKeyOf } from '@billbridge/contract';
import type { Translations } from '../i18n/en.ts';

type ServerMessageKey = keyof Translations['serverMessages'];

/** Whether the server named a text this app translates (`keyedError`; `serverMessages` holds these). */
export const isServerMessageKey = (key: string | undefined): key is ServerMessageKey =>
  key !== undefined && (Object.hasOwn(connectionMessages, key) || Object.hasOwn(backfillMessages, key));

/**
 * The translated message of a failed call: the server's own text when it names one by key, else
 * one per error code (STYLE §4), "unexpected" otherwise.
 */
export const useErrorMessage = (): ((error: unknown) => string) => {
  const { t } = useTranslation();
  return (error) => {
    const key = messageKeyOf(error);
    if (isServerMessageKey(key)) return t(`serverMessages.${key}`);
    return error instanceof AppError ? t(`errors.${error.code}`) : t('errors.unknown');
  };
};
