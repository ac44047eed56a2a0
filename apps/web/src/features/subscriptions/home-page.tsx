import { Alert, Button, Center, Group, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { routes } from '@billbridge/contract';
import { PageTitle } from '../../components/page-title.tsx';
import { useErrorMessage } from '../../lib/use-error-message.ts';
import { InvitationsPanel } from '../invites/invitations-panel.tsx';
import { useMySubscriptions } from './subscription-query.ts';
import { SubscriptionCard } from './subscription-card.tsx';

const CreateButton = () => {
  const { t } = useTranslation();
  return (
    <Button component={Link} to={routes.createPlan} leftSection={<IconPlus size={16} />}>
      {t('subscriptions.create')}
    </Button>
  );
};

/**
 * The subscription list (spec §2 "home"): pending invitations, then the user's workspaces as cards
 * with a create button, or an empty state that offers creation.
 */
export const HomePage = () => {
  const { t } = useTranslation();
  const query = useMySubscriptions();
  const errorMessage = useErrorMessage();

  return (
    <>
      <Group justify="space-between" align="flex-start">
        <PageTitle pageKey="dashboard" />
        {query.data && query.data.subscriptions.length > 0 && <CreateButton />}
      </Group>
      <InvitationsPanel />
      {query.isPending ? (
        <Center py="xl" role="status" aria-label={t('app.loading')}>
          <Loader />
        </Center>
      ) : query.isError ? (
        <Alert color="red" title={t('subscriptions.loadError')} role="alert">
          <Stack align="flex-start" gap="sm">
            <Text size="sm">{errorMessage(query.error)}</Text>
            <Button size="xs" variant="light" color="red" onClick={() => void query.refetch()}>
              {t('subscriptions.retry')}
            </Button>
          </Stack>
        </Alert>
      ) : query.data.subscriptions.length === 0 ? (
        <Stack align="center" py="xl" gap="md">
          <Text c="dimmed">{t('subscriptions.empty')}</Text>
          <CreateButton />
        </Stack>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {query.data.subscriptions.map((subscription) => (
            <SubscriptionCard key={subscription.id} subscription={subscription} />
          ))}
        </SimpleGrid>
      )}
    </>
  );
};
