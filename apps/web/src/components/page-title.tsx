import { useEffect } from 'react';
import { Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PageKey } from '@billbridge/contract';

/** The page's heading, also written to the browser tab, from its page key's translation. */
export const PageTitle = ({ pageKey }: { pageKey: PageKey }) => {
  const { t } = useTranslation();
  const title = t(`pages.${pageKey}`);
  useEffect(() => {
    document.title = `${title} · ${t('app.name')}`;
  }, [title, t]);
  return (
    <Title order={1} size="h2" mb="md">
      {title}
    </Title>
  );
};
