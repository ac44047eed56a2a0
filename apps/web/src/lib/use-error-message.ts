import { useTranslation } from 'react-i18next';
import { AppError } from '@billbridge/contract';

/** The translated message of a failed call: one per error code (STYLE §4), "unexpected" otherwise. */
export const useErrorMessage = (): ((error: unknown) => string) => {
  const { t } = useTranslation();
  return (error) => (error instanceof AppError ? t(`errors.${error.code}`) : t('errors.unknown'));
};
