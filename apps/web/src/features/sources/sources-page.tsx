import { Alert, Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconBrandStripe, IconPlus } from '@tabler/icons-react';
import { generatePath, Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { routes } from '@billbridge/contract';
import { PageTitle } from '../../components/page-title.tsx';
import { SectionLoader } from '../../components/section-loader.tsx';
import { useErrorMessage } from '../../lib/use-error-message.ts';
import { useCurrentSubscription } from '../subscriptions/subscription-context.ts';
import { ConnectionCard } from '../connections/connection-card.tsx';
import { useSources } from './source-queries.ts';

/** Spec §2 "Sources list": cards, a new-source button to type selection, an empty state. */
export const SourcesPage = () => {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const { subscription } = useCurrentSubscription();
  const query = useSources(subscription.id);
  const newSource = generatePath(routes.sourceTypeSelection, { id: subscription.id });
  const newButton = (
    <Button component={Link} to={newSource} leftSection={<IconPlus size={16} />}>
      {t('sources.new')}
    </Button>
  );

  return (
    <>
      <Group justify="space-between" align="flex-start">
        <PageTitle pageKey="sourcesList" />
        {query.data && query.data.sources.length > 0 && newButton}
      </Group>
      {query.isPending ? (
        <SectionLoader />
      ) : query.isError ? (
        <Alert color="red" title={t('sources.loadError')} role="alert">
          {errorMessage(query.error)}
        </Alert>
      ) : query.data.sources.length === 0 ? (
        <Stack align="center" py="xl" gap="md">
          <Text c="dimmed">{t('sources.empty')}</Text>
          {newButton}
        </Stack>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {query.data.sources.map((source) => (
            // Spec §2: a card links to its detail page for the card payment provider — the only source type.
            <ConnectionCard
              key={source.id}
              to={generatePath(routes.sourceDetails, { id: subscription.id, sourceId: source.id })}
              id={source.id}
              name={source.name}
              enabled={source.enabled}
              needsReconnect={source.needs_reconnect}
              logo={<IconBrandStripe size={20} aria-label={t('sources.stripe')} />}
            />
          ))}
        </SimpleGrid>
      )}
    </>
  );
};
