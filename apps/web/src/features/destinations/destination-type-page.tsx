import { Button, Card, Group, Stack, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { generatePath, Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { routes } from '@billbridge/contract';
import { PageTitle } from '../../components/page-title.tsx';
import { HubspotLogo } from '../connections/hubspot-logo.tsx';
import { useCurrentSubscription } from '../subscriptions/subscription-context.ts';
import { useCreateDestination } from './destination-queries.ts';

/**
 * Spec §2 "Destination type selection": a back button and one choice, HubSpot; picking it creates
 * the destination and opens it. Spec §8: a failed creation is only logged, and the choice comes back.
 */
export const DestinationTypePage = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { subscription } = useCurrentSubscription();
  const create = useCreateDestination(subscription.id);
  const pick = () =>
    create.mutate(undefined, {
      onSuccess: ({ destinationId }) =>
        void navigate(generatePath(routes.destinationDetails, { id: subscription.id, destinationId })),
      onError: (error) => console.error('Creating a HubSpot destination failed', error),
    });

  return (
    <Stack maw={560}>
      <Group>
        <Button
          component={Link}
          to={generatePath(routes.destinationsList, { id: subscription.id })}
          variant="default"
          leftSection={<IconArrowLeft size={16} />}
          disabled={create.isPending}
        >
          {t('destinations.back')}
        </Button>
      </Group>
      <PageTitle pageKey="destinationTypeSelection" />
      <Card withBorder radius="md" p={0}>
        <UnstyledButton
          p="lg"
          onClick={pick}
          disabled={create.isPending}
          style={{ opacity: create.isPending ? 0.6 : 1 }}
        >
          {/* Named by what it shows, the action said first (WCAG 2.5.3: the visible text is in the name). */}
          <VisuallyHidden>{t('destinations.pickHubspot')}</VisuallyHidden>
          <Group wrap="nowrap">
            <HubspotLogo size={32} />
            <Stack gap={2}>
              <Text fw={600}>{t('destinations.hubspot')}</Text>
              <Text size="sm" c="dimmed">
                {t('destinations.hubspotDescription')}
              </Text>
            </Stack>
          </Group>
        </UnstyledButton>
      </Card>
    </Stack>
  );
};
