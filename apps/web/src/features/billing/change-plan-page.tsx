import { useState } from 'react';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { generatePath } from 'react-router';
import { useTranslation } from 'react-i18next';
import { findPlan, routes, type Plan } from '@billbridge/contract';
import { PageTitle } from '../../components/page-title.tsx';
import { call } from '../../lib/call.ts';
import { useGoBack } from '../../lib/use-go-back.ts';
import { PlanGrid } from '../plans/plan-grid.tsx';
import { useCurrentSubscription } from '../subscriptions/subscription-context.ts';
import type { BillingInfo } from './billing-form.tsx';
import { useRefreshWorkspaceBilling } from './billing-queries.ts';
import { BillingStep } from './billing-step.tsx';
import { usePaymentMessage } from './payment-error.ts';

/**
 * Spec §2/§4 "Change plan": the plan cards with the current plan disabled. From the free plan a paid
 * plan goes through the billing step; any other change is made at once. Both go back afterwards.
 */
export const ChangePlanPage = () => {
  const { t } = useTranslation();
  const goBack = useGoBack();
  const paymentMessage = usePaymentMessage();
  const { subscription } = useCurrentSubscription();
  const refresh = useRefreshWorkspaceBilling(subscription.id);
  const billingPath = generatePath(routes.billing, { id: subscription.id });
  const current = findPlan(subscription.plan_id);
  const [paidPlan, setPaidPlan] = useState<Plan | null>(null);
  const finish = async () => {
    await refresh();
    goBack(billingPath);
  };
  const changePlan = (plan: Plan, billingInfo?: BillingInfo) =>
    call('changeSubscriptionPlan', { subscriptionId: subscription.id, planId: plan.id, billingInfo });
  const change = useMutation({
    mutationFn: (plan: Plan) => changePlan(plan),
    onSuccess: finish,
  });

  if (!current) {
    return (
      <Stack maw={560}>
        <PageTitle pageKey="changePlan" />
        <Alert color="red" role="alert">
          {t('plans.planNotFound')}
        </Alert>
      </Stack>
    );
  }

  if (paidPlan) {
    return (
      <>
        <PageTitle pageKey="changePlan" />
        <BillingStep
          plan={paidPlan}
          onBillingInfo={async (info) => (await changePlan(paidPlan, info)).clientSecret}
          onDone={() => void finish()}
          onCancel={() => setPaidPlan(null)}
        />
      </>
    );
  }

  const select = (plan: Plan) => {
    if (current.free && !plan.free) setPaidPlan(plan);
    else change.mutate(plan);
  };

  return (
    <Stack>
      <PageTitle pageKey="changePlan" />
      <Text c="dimmed">{t('billing.changePlanIntro')}</Text>
      {change.isError && (
        <Alert color="red" role="alert" title={t('billing.changePlanError')}>
          {paymentMessage(change.error, t('billing.changePlanError'))}
        </Alert>
      )}
      <PlanGrid onSelect={select} currentPlanId={current.id} disabled={change.isPending} />
      <Group>
        <Button
          variant="default"
          leftSection={<IconArrowLeft size={16} />}
          onClick={() => goBack(billingPath)}
        >
          {t('billing.cancelChange')}
        </Button>
      </Group>
    </Stack>
  );
};
