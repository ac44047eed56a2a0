import { Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A spinner in place of a page section whose data is loading; announced to screen readers. */
export const SectionLoader = () => {
  const { t } = useTranslation();
  return (
    <Center py="xl" role="status" aria-label={t('app.loading')}>
      <Loader />
    </Center>
  );
};
