import type { ReactNode } from 'react';
import { Alert, Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  IconAddressBook,
  IconArrowsExchange,
  IconBan,
  IconCreditCard,
  IconStack2,
} from '@tabler/icons-react';
import { generatePath, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { findPlan, routes, type PageKey } from '@billbridge/contract';
import { PageTitle } from '../../components/page-title.tsx';
import { configKey } from '../../i18n/config-keys.ts';
import { GuardedButton } from '../members/guarded-button.tsx';
import { ownerActionBlock } from '../members/owner-action.ts';
import { PendingPlanNotice } from '../subscriptions/pending-plan-notice.tsx';
import { StatusBadge } from '../subscriptions/status-badge.tsx';
import { useCurrentSubscription } from '../subscriptions/subscription-context.ts';
import { InvoiceTable } from './invoice-table.tsx';

type OwnerAction = { pageKey: PageKey; label: string; icon: ReactNode; color?: string };

/**
 * Spec §2 "Billing screen": the plan, its status (canceled badge), the five owner actions — disabled
 * with a tooltip for non-owners and once canceled (spec §6) — and the invoices.
 */
export const BillingPage = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { subscription, held } = useCurrentSubscription();
  const plan = findPlan(subscription.plan_id);
  const canceled = subscription.status === 'canceled';
  const block = ownerActionBlock(held, subscription.status);
  const actions: OwnerAction[] = [
    {
      pageKey: 'updateBillingDetails',
      label: t('billing.updateDetails'),
      icon: <IconAddressBook size={16} />,
    },
    {
      pageKey: 'managePaymentMethods',
      label: t('billing.managePaymentMethods'),
      icon: <IconCreditCard size={16} />,
    },
    { pageKey: 'changePlan', label: t('billing.changePlan'), icon: <IconStack2 size={16} /> },
    {
      pageKey: 'transferOwnership',
      label: t('billing.transferOwnership'),
      icon: <IconArrowsExchange size={16} />,
    },
    {
      pageKey: 'cancelSubscription',
      label: t('billing.cancelSubscription'),
      icon: <IconBan size={16} />,
      color: 'red',
    },
  ];
  return (
    <Stack maw={960}>
      <PageTitle pageKey="billing" />
      {canceled && (
        <Alert color="gray" role="status">
          {t('billing.canceledNotice')}
        </Alert>
      )}
      <PendingPlanNotice subscription={subscription} />
      {subscription.status === 'past_due' && (
        <Alert color="yellow" role="alert" title={t('dashboard.pastDue.title')}>
          {t('dashboard.pastDue.text')}
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
            {canceled ? (
              <Badge color="gray" data-testid="billing-status">
                {t('billing.canceled')}
              </Badge>
            ) : (
              <span data-testid="billing-status">
                <StatusBadge status={subscription.status} />
              </span>
            )}
          </Group>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
            {actions.map((action) => (
              <GuardedButton
                key={action.pageKey}
                block={block}
                variant="light"
                color={action.color}
                fullWidth
                leftSection={action.icon}
                onClick={() => void navigate(generatePath(routes[action.pageKey], { id: subscription.id }))}
              >
                {action.label}
              </GuardedButton>
            ))}
          </SimpleGrid>
        </Stack>
      </Card>
      <Title order={2} size="h4">
        {t('billing.invoices.title')}
      </Title>
      <InvoiceTable subscriptionId={subscription.id} />
    </Stack>
  );
};
