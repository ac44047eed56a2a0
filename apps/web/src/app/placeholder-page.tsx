import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../components/page-title.tsx';
import { usePageKey } from './page-key.ts';

/** Stands in for a page whose feature comes in a later issue, inside its real layout and guard. */
export const PlaceholderPage = () => {
  const { t } = useTranslation();
  const pageKey = usePageKey();
  return (
    <>
      {pageKey && <PageTitle pageKey={pageKey} />}
      <Text c="dimmed">{t('placeholder.comingSoon')}</Text>
    </>
  );
};
