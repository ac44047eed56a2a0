import { Card, Text } from '@mantine/core';
import { generatePath, Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { routes, type Subscription } from '@billbridge/contract';
import { SubscriptionHeading } from './subscription-heading.tsx';

/** One workspace in the home grid: name, status, plan and id; opens its dashboard. */
export const SubscriptionCard = ({ subscription }: { subscription: Subscription }) => {
  const { t } = useTranslation();
  const name = subscription.settings.name?.trim() || t('subscriptions.untitled');
  return (
    <Card
      component={Link}
      to={generatePath(routes.subscription, { id: subscription.id })}
      withBorder
      radius="md"
      padding="lg"
      aria-label={name}
    >
      <SubscriptionHeading subscription={subscription} />
      <Text size="xs" c="dimmed" ff="monospace">
        {t('subscriptions.id')}: {subscription.id}
      </Text>
    </Card>
  );
};
