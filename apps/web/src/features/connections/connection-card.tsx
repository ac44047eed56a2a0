import type { ReactNode } from 'react';
import { Badge, Card, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { EnabledBadge } from './enabled-badge.tsx';

type ConnectionCardProps = {
  to: string;
  id: string;
  name: string;
  enabled: boolean;
  needsReconnect: boolean;
  /** The provider's logo, labelled with its name. */
  logo: ReactNode;
};

/**
 * Spec §2: a source or destination card — name, enabled badge, logo and id — linking to its detail
 * page; flagged when its connection was lost.
 */
export const ConnectionCard = ({ to, id, name, enabled, needsReconnect, logo }: ConnectionCardProps) => {
  const { t } = useTranslation();
  const label = name.trim() || t('connections.untitled');
  return (
    // Named by what it shows (WCAG 2.5.3): an aria-label of the name alone hid the badges and id.
    <Card component={Link} to={to} withBorder radius="md" padding="lg">
      <Group justify="space-between" wrap="nowrap" mb="xs">
        <Group gap="xs" wrap="nowrap">
          {logo}
          <Text fw={600} truncate>
            {label}
          </Text>
        </Group>
        <Group gap={4} wrap="nowrap">
          {needsReconnect && (
            <Badge color="orange" variant="light">
              {t('connections.health.needsReconnect')}
            </Badge>
          )}
          <EnabledBadge enabled={enabled} />
        </Group>
      </Group>
      <Text size="xs" c="dimmed" ff="monospace">
        {t('connections.id')}: {id}
      </Text>
    </Card>
  );
};
