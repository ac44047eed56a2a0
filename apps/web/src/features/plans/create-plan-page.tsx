import { useRef, useState } from 'react';
import { Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { generatePath, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AppError, routes, type Plan } from '@billbridge/contract';
import { PageTitle } from '../../components/page-title.tsx';
import { call } from '../../lib/call.ts';
import { CallErrorAlert } from '../../components/call-error-alert.tsx';
import { BillingStep } from '../billing/billing-step.tsx';
import type { BillingInfo } from '../billing/billing-form.tsx';
import { mySubscriptionsQueryKey } from '../subscriptions/subscription-query.ts';
import { PlanGrid } from './plan-grid.tsx';

/**
 * Spec §4 "Plan creation": the free plan is created at once; a paid plan goes through the billing
 * step, whose payment, if Stripe asks for it, is confirmed in the browser. Both open the new
 * workspace's settings page.
 */
export const CreatePlanPage = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [paidPlan, setPaidPlan] = useState<Plan | null>(null);
  const createdId = useRef<string | null>(null);

  const openSettings = async (subscriptionId: string) => {
    await queryClient.invalidateQueries({ queryKey: mySubscriptionsQueryKey });
    await navigate(generatePath(routes.settings, { id: subscriptionId }));
  };
  const createFree = useMutation({
    mutationFn: (plan: Plan) => call('createSubscription', { planId: plan.id }),
    onSuccess: ({ subscriptionId }) => openSettings(subscriptionId),
  });
  const createPaid = async (plan: Plan, billingInfo: BillingInfo) => {
    const created = await call('createSubscription', { planId: plan.id, billingInfo });
    createdId.current = created.subscriptionId;
    return created.clientSecret;
  };

  const select = (plan: Plan) => {
    if (plan.free) createFree.mutate(plan);
    else setPaidPlan(plan);
  };

  return (
    <>
      <PageTitle pageKey="createPlan" />
      {paidPlan ? (
        <BillingStep
          plan={paidPlan}
          onBillingInfo={(info) => createPaid(paidPlan, info)}
          onDone={() => void (createdId.current && openSettings(createdId.current))}
          onCancel={() => setPaidPlan(null)}
        />
      ) : (
        <Stack>
          <Text c="dimmed">{t('plans.choosePlan')}</Text>
          {createFree.isError && (
            <CallErrorAlert
              title={
                createFree.error instanceof AppError && createFree.error.code === 'not-found'
                  ? t('plans.planNotFound')
                  : t('plans.createError')
              }
              error={createFree.error}
            />
          )}
          <PlanGrid onSelect={select} disabled={createFree.isPending} />
        </Stack>
      )}
    </>
  );
};
