import { Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Fills the viewport while something the whole screen depends on (auth state, a route) loads. */
export const FullScreenLoader = () => {
  const { t } = useTranslation();
  return (
    <Center h="100dvh" role="status" aria-label={t('app.loading')}>
      <Loader />
    </Center>
  );
};
