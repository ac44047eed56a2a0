import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { findPlan, type Subscription } from '@billbridge/contract';
import { configKey } from '../../i18n/config-keys.ts';

/**
 * A paid plan whose first payment Stripe is still confirming (issue 38): the plan shown is the one
 * in force, and this says which one is coming. Nothing when no plan is pending.
 */
export const PendingPlanNotice = ({ subscription }: { subscription: Subscription }) => {
  const { t } = useTranslation();
  if (!subscription.pending_plan_id) return null;
  const plan = findPlan(subscription.pending_plan_id);
  return (
    <Alert color="blue" role="status" data-testid="payment-being-confirmed">
      {t('subscriptions.paymentBeingConfirmed', {
        plan: plan ? t(configKey(plan.titleKey)) : subscription.pending_plan_id,
      })}
    </Alert>
  );
};
