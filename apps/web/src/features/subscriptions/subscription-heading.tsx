import { Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { findPlan, type Subscription } from '@billbridge/contract';
import { configKey } from '../../i18n/config-keys.ts';
import { PendingPlanNotice } from './pending-plan-notice.tsx';
import { StatusBadge } from './status-badge.tsx';

/** A workspace's name beside its status badge, and its plan below: on its home card and dashboard. */
export const SubscriptionHeading = ({
  subscription,
  size,
}: {
  subscription: Subscription;
  size?: string;
}) => {
  const { t } = useTranslation();
  const plan = findPlan(subscription.plan_id);
  return (
    <>
      <Group justify="space-between" wrap="nowrap" mb="xs">
        <Text fw={600} size={size} truncate>
          {subscription.settings.name?.trim() || t('subscriptions.untitled')}
        </Text>
        <StatusBadge status={subscription.status} />
      </Group>
      <Text size="sm" c="dimmed">
        {t('subscriptions.plan')}: {plan ? t(configKey(plan.titleKey)) : subscription.plan_id}
      </Text>
      <PendingPlanNotice subscription={subscription} />
    </>
  );
};
