import { useState, type FormEvent } from 'react';
import { Alert, Button, Card, Group, Stack } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { AddressElement, useElements } from '@stripe/react-stripe-js';
import type { StripeAddressElement } from '@stripe/stripe-js';
import { useMutation } from '@tanstack/react-query';
import { generatePath } from 'react-router';
import { useTranslation } from 'react-i18next';
import { routes, type StoredBillingDetails } from '@billbridge/contract';
import { CallErrorAlert } from '../../components/call-error-alert.tsx';
import { PageTitle } from '../../components/page-title.tsx';
import { SectionLoader } from '../../components/section-loader.tsx';
import { useLanguage } from '../../i18n/use-language.ts';
import { call } from '../../lib/call.ts';
import { useGoBack } from '../../lib/use-go-back.ts';
import { useCurrentSubscription } from '../subscriptions/subscription-context.ts';
import { useBillingDetails, useRefreshWorkspaceBilling } from './billing-queries.ts';
import { addressElementOptions, billingDetailsOf, stripeLocaleOf } from './payment-form-options.ts';
import { usePaymentMessage } from './payment-error.ts';
import { StripeElements } from './stripe-elements.tsx';

type AddressFormProps = { stored: StoredBillingDetails | null; onSaved: () => void; onBack: () => void };

const AddressForm = ({ stored, onSaved, onBack }: AddressFormProps) => {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const elements = useElements();
  const paymentMessage = usePaymentMessage();
  const { subscription } = useCurrentSubscription();
  const [complete, setComplete] = useState(false);
  const save = useMutation({
    mutationFn: async () => {
      const address = await elements?.getElement('address')?.getValue();
      if (!address?.complete) throw new Error(t('billing.addressIncomplete'));
      return call('updateBillingDetails', {
        subscriptionId: subscription.id,
        ...billingDetailsOf(address.value),
      });
    },
    onSuccess: onSaved,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (complete) save.mutate();
  };
  // A prefilled form may be complete before anyone types: ask it once it is ready.
  const readComplete = (element: StripeAddressElement) =>
    void element.getValue().then((value) => setComplete(value.complete));

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <AddressElement
          options={addressElementOptions(language, stored)}
          onReady={readComplete}
          onChange={(event) => setComplete(event.complete)}
        />
        {save.isError && (
          <Alert color="red" role="alert" title={t('billing.updateBillingError')}>
            {paymentMessage(save.error, t('billing.updateBillingError'))}
          </Alert>
        )}
        <Group justify="space-between">
          <Button variant="default" leftSection={<IconArrowLeft size={16} />} onClick={onBack}>
            {t('billing.back')}
          </Button>
          <Button type="submit" disabled={!complete} loading={save.isPending}>
            {t('billing.details.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
};

/**
 * Spec §2 "Update billing details": Stripe's address element (full name, phone, address), prefilled
 * from the stored details; submit stays disabled until the element reports complete. Success goes back.
 */
export const UpdateBillingDetailsPage = () => {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const goBack = useGoBack();
  const { subscription } = useCurrentSubscription();
  const details = useBillingDetails(subscription.id);
  const refresh = useRefreshWorkspaceBilling(subscription.id);
  const back = () => goBack(generatePath(routes.billing, { id: subscription.id }));
  let body;
  if (details.isPending) body = <SectionLoader />;
  else if (details.isError)
    body = <CallErrorAlert title={t('billing.getBillingError')} error={details.error} />;
  else
    body = (
      <StripeElements options={{ locale: stripeLocaleOf(language) }}>
        <AddressForm stored={details.data} onSaved={() => void refresh().then(back)} onBack={back} />
      </StripeElements>
    );
  return (
    <Stack maw={560}>
      <PageTitle pageKey="updateBillingDetails" />
      <Card withBorder radius="md" p="lg">
        {body}
      </Card>
    </Stack>
  );
};
