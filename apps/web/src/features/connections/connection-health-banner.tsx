import { Alert, Anchor, List } from '@mantine/core';
import { IconPlugConnectedX } from '@tabler/icons-react';
import { generatePath, Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { routes } from '@billbridge/contract';
import { useDestinations } from '../destinations/destination-queries.ts';
import { useSources } from '../sources/source-queries.ts';

type Lost = { key: string; label: string; to: string };

/**
 * Across a workspace's pages, for admins: every source Stripe deauthorized and every destination
 * whose token HubSpot refused, each linking to the page where it is connected again.
 */
export const ConnectionHealthBanner = ({ subscriptionId }: { subscriptionId: string }) => {
  const { t } = useTranslation();
  const sources = useSources(subscriptionId);
  const destinations = useDestinations(subscriptionId);
  const untitled = t('connections.untitled');
  const lost: Lost[] = [
    ...(sources.data?.sources ?? [])
      .filter((source) => source.needs_reconnect)
      .map((source) => ({
        key: source.id,
        label: t('connections.health.source', { name: source.name.trim() || untitled }),
        to: generatePath(routes.sourceDetails, { id: subscriptionId, sourceId: source.id }),
      })),
    ...(destinations.data?.destinations ?? [])
      .filter((destination) => destination.needs_reconnect)
      .map((destination) => ({
        key: destination.id,
        label: t('connections.health.destination', { name: destination.name.trim() || untitled }),
        to: generatePath(routes.destinationDetails, { id: subscriptionId, destinationId: destination.id }),
      })),
  ];
  if (lost.length === 0) return null;
  return (
    <Alert
      color="orange"
      role="alert"
      icon={<IconPlugConnectedX size={18} />}
      title={t('connections.health.bannerTitle')}
      mb="md"
    >
      <List size="sm" spacing={4}>
        {lost.map((item) => (
          <List.Item key={item.key}>
            {item.label}{' '}
            <Anchor component={Link} to={item.to} size="sm">
              {t('connections.health.reconnect')}
            </Anchor>
          </List.Item>
        ))}
      </List>
    </Alert>
  );
};
