import { lazy, Suspense } from 'react';
import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SectionLoader } from '../../components/section-loader.tsx';
import { configKey } from '../../i18n/config-keys.ts';
import type { BillingFormProps } from './billing-form.tsx';

/** Stripe's React bindings and the form come in their own chunk, fetched when this step opens. */
const BillingForm = lazy(() => import('./billing-form.tsx').then((m) => ({ default: m.BillingForm })));

/** Spec §2 "Plan screens" step 2, for a new workspace and for a free one moving to a paid plan. */
export const BillingStep = (props: Omit<BillingFormProps, 'submitLabel'>) => {
  const { t } = useTranslation();
  const title = t(configKey(props.plan.titleKey));
  return (
    <Stack maw={560}>
      <Title order={2} size="h3">
        {t('plans.billingStep', { plan: title })}
      </Title>
      <Suspense fallback={<SectionLoader />}>
        <BillingForm {...props} submitLabel={t('billing.subscribe', { plan: title })} />
      </Suspense>
    </Stack>
  );
};
