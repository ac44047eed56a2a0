import { useState } from 'react';
import { Alert, Button, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { generatePath, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AppError, routes, type Plan } from '@billbridge/contract';
import { PageTitle } from '../../components/page-title.tsx';
import { configKey } from '../../i18n/config-keys.ts';
import { call } from '../../lib/call.ts';
import { CallErrorAlert } from '../../components/call-error-alert.tsx';
import { mySubscriptionsQueryKey } from '../subscriptions/subscription-query.ts';
import { PlanGrid } from './plan-grid.tsx';

/**
 * Step 2 for a paid plan (spec §2). The billing form (address and payment elements) comes with the
 * billing issue; until then it says so and nothing is created.
 */
const BillingStep = ({ plan, onBack }: { plan: Plan; onBack: () => void }) => {
  const { t } = useTranslation();
  return (
    <Stack maw={560} align="flex-start">
      <Title order={2} size="h3">
        {t('plans.billingStep', { plan: t(configKey(plan.titleKey)) })}
      </Title>
      <Alert color="yellow" role="status" w="100%">
        {t('plans.paidNotYetAvailable')}
      </Alert>
      <Button variant="default" leftSection={<IconArrowLeft size={16} />} onClick={onBack}>
        {t('plans.backToPlans')}
      </Button>
    </Stack>
  );
};

/** Spec §4 "Plan creation": the free plan is created at once and opens its settings page. */
export const CreatePlanPage = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [paidPlan, setPaidPlan] = useState<Plan | null>(null);
  const create = useMutation({
    mutationFn: (plan: Plan) => call('createSubscription', { planId: plan.id }),
    onSuccess: async ({ subscriptionId }) => {
      await queryClient.invalidateQueries({ queryKey: mySubscriptionsQueryKey });
      await navigate(generatePath(routes.settings, { id: subscriptionId }));
    },
  });

  const select = (plan: Plan) => {
    if (plan.free) create.mutate(plan);
    else setPaidPlan(plan);
  };

  return (
    <>
      <PageTitle pageKey="createPlan" />
      {paidPlan ? (
        <BillingStep plan={paidPlan} onBack={() => setPaidPlan(null)} />
      ) : (
        <Stack>
          <Text c="dimmed">{t('plans.choosePlan')}</Text>
          {create.isError && (
            <CallErrorAlert
              title={
                create.error instanceof AppError && create.error.code === 'not-found'
                  ? t('plans.planNotFound')
                  : t('plans.createError')
              }
              error={create.error}
            />
          )}
          <PlanGrid onSelect={select} disabled={create.isPending} />
        </Stack>
      )}
    </>
  );
};
