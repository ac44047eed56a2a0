import type { ReactNode } from 'react';
import { Anchor, Card, Stack } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { routes, type PageKey } from '@billbridge/contract';
import { PageTitle } from '../../components/page-title.tsx';

/** The frame of the profile's edit forms: title, card, and a way back to the profile. */
export const AccountFormCard = ({ pageKey, children }: { pageKey: PageKey; children: ReactNode }) => {
  const { t } = useTranslation();
  return (
    <Stack maw={520}>
      <PageTitle pageKey={pageKey} />
      <Card withBorder radius="md" p="lg">
        {children}
      </Card>
      <Anchor component={Link} to={routes.profile} size="sm">
        {t('accounts.back')}
      </Anchor>
    </Stack>
  );
};

export type Outcome<E> = { done: true } | { error: E } | null;
