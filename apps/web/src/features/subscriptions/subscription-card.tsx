import { Card, Group, Text } from '@mantine/core';
import { generatePath, Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { findPlan, routes, type Subscription } from '@billbridge/contract';
import { configKey } from '../../i18n/config-keys.ts';
import { StatusBadge } from './status-badge.tsx';

/** One workspace in the home grid: name, status, plan and id; opens its dashboard. */
export const SubscriptionCard = ({ subscription }: { subscription: Subscription }) => {
  const { t } = useTranslation();
  const name = subscription.settings.name?.trim() || t('subscriptions.untitled');
  const plan = findPlan(subscription.plan_id);
  return (
    <Card
      component={Link}
      to={generatePath(routes.subscription, { id: subscription.id })}
      withBorder
      radius="md"
      padding="lg"
      aria-label={name}
    >
      <Group justify="space-between" wrap="nowrap" mb="xs">
        <Text fw={600} truncate>
          {name}
        </Text>
        <StatusBadge status={subscription.status} />
      </Group>
      <Text size="sm" c="dimmed">
        {t('subscriptions.plan')}: {plan ? t(configKey(plan.titleKey)) : subscription.plan_id}
      </Text>
      <Text size="xs" c="dimmed" ff="monospace">
        {t('subscriptions.id')}: {subscription.id}
      </Text>
    </Card>
  );
};
