import { Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { generatePath, Link, Navigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { routes } from '@billbridge/contract';
import { PageTitle } from '../../components/page-title.tsx';
import { SectionLoader } from '../../components/section-loader.tsx';
import { ConnectionCard } from '../connections/connection-card.tsx';
import { HubspotLogo } from '../connections/hubspot-logo.tsx';
import { useCurrentSubscription } from '../subscriptions/subscription-context.ts';
import { useDestinations } from './destination-queries.ts';

/**
 * Spec §2 "Destinations list": a spinner while loading, home on an error, else a header with the
 * add button and the cards, or an empty state that links to type selection.
 */
export const DestinationsPage = () => {
  const { t } = useTranslation();
  const { subscription } = useCurrentSubscription();
  const query = useDestinations(subscription.id);
  if (query.isPending) return <SectionLoader />;
  if (query.isError) return <Navigate to={routes.home} replace />;
  const newDestination = generatePath(routes.destinationTypeSelection, { id: subscription.id });
  const { destinations } = query.data;
  const newButton = (
    <Button component={Link} to={newDestination} leftSection={<IconPlus size={16} />}>
      {t('destinations.new')}
    </Button>
  );
  return (
    <>
      <Group justify="space-between" align="flex-start">
        <PageTitle pageKey="destinationsList" />
        {destinations.length > 0 && newButton}
      </Group>
      {destinations.length === 0 ? (
        <Stack align="center" py="xl" gap="md">
          <Text c="dimmed">{t('destinations.empty')}</Text>
          {newButton}
        </Stack>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {destinations.map((destination) => (
            <ConnectionCard
              key={destination.id}
              to={generatePath(routes.destinationDetails, {
                id: subscription.id,
                destinationId: destination.id,
              })}
              id={destination.id}
              name={destination.name}
              enabled={destination.enabled}
              needsReconnect={destination.needs_reconnect}
              logo={<HubspotLogo label={t('destinations.hubspot')} />}
            />
          ))}
        </SimpleGrid>
      )}
    </>
  );
};
