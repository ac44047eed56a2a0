import { Alert, Badge, Card, Group, Stack, Text } from '@mantine/core';
import { IconArrowsExchange } from '@tabler/icons-react';
import { generatePath, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { findPlan, routes } from '@billbridge/contract';
import { PageTitle } from '../../components/page-title.tsx';
import { configKey } from '../../i18n/config-keys.ts';
import { GuardedButton } from '../members/guarded-button.tsx';
import { ownerActionBlock } from '../members/owner-action.ts';
import { useCurrentSubscription } from '../subscriptions/subscription-context.ts';

/**
 * The billing screen as far as the workspaces issue goes: the current plan, the canceled badge and
 * the way to transfer ownership. Payment methods, details, plan changes and invoices come with billing.
 */
export const BillingPage = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { subscription, held } = useCurrentSubscription();
  const plan = findPlan(subscription.plan_id);
  const canceled = subscription.status === 'canceled';
  return (
    <Stack maw={720}>
      <PageTitle pageKey="billing" />
      {canceled && (
        <Alert color="gray" role="status">
          {t('billing.canceledNotice')}
        </Alert>
      )}
      <Card withBorder radius="md" p="lg">
        <Stack>
          <Group justify="space-between">
            <div>
              <Text size="sm" c="dimmed">
                {t('billing.currentPlan')}
              </Text>
              <Text fw={700} fz="lg" data-testid="current-plan">
                {plan ? t(configKey(plan.titleKey)) : subscription.plan_id}
              </Text>
            </div>
            {canceled && <Badge color="gray">{t('billing.canceled')}</Badge>}
          </Group>
          <Group>
            <GuardedButton
              block={ownerActionBlock(held, subscription.status)}
              variant="light"
              leftSection={<IconArrowsExchange size={16} />}
              onClick={() => void navigate(generatePath(routes.transferOwnership, { id: subscription.id }))}
            >
              {t('billing.transferOwnership')}
            </GuardedButton>
          </Group>
          <Text size="sm" c="dimmed">
            {t('billing.moreComing')}
          </Text>
        </Stack>
      </Card>
    </Stack>
  );
};
