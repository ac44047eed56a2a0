import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { AppError, messageKeyOf, serverMessages, type ServerMessageKey } from '@billbridge/contract';

/**
 * Whether the server named a text this app translates (`keyedError`): any key of the contract's
 * `serverMessages`, which the translations hold in full (billing's keys were once left out here, so
 * their refusals read in English).
 */
export const isServerMessageKey = (key: string | undefined): key is ServerMessageKey =>
  key !== undefined && Object.hasOwn(serverMessages, key);

/**
 * The translated message of a failed call: the server's own text when it names one by key, else
 * one per error code (STYLE §4), "unexpected" otherwise.
 */
export const errorMessageOf = (t: TFunction, error: unknown): string => {
  const key = messageKeyOf(error);
  if (isServerMessageKey(key)) return t(`serverMessages.${key}`);
  return error instanceof AppError ? t(`errors.${error.code}`) : t('errors.unknown');
};

export const useErrorMessage = (): ((error: unknown) => string) => {
  const { t } = useTranslation();
  return (error) => errorMessageOf(t, error);
};
