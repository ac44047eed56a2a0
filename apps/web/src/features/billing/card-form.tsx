import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, Stack } from '@mantine/core';
import { PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CallErrorAlert } from '../../components/call-error-alert.tsx';
import { SectionLoader } from '../../components/section-loader.tsx';
import { useLanguage } from '../../i18n/use-language.ts';
import { call } from '../../lib/call.ts';
import { stripeLocaleOf } from './payment-form-options.ts';
import { usePaymentMessage } from './payment-error.ts';
import { StripeElements } from './stripe-elements.tsx';

type CardFormProps = { onSaved: () => void; onCancel: () => void };

const Fields = ({ onSaved, onCancel }: CardFormProps) => {
  const { t } = useTranslation();
  const stripe = useStripe();
  const elements = useElements();
  const paymentMessage = usePaymentMessage();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  /** Spec §7: the setup is confirmed with the provider, the current URL as return address. */
  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!stripe || !elements) return;
    setError(null);
    setBusy(true);
    const { error: refused } = await stripe.confirmSetup({
      elements,
      confirmParams: { return_url: window.location.href },
      redirect: 'if_required',
    });
    if (refused) {
      setError(paymentMessage(refused, t('billing.paymentMethodAddError')));
      setBusy(false);
      return;
    }
    onSaved();
  };

  return (
    <form onSubmit={(event) => void save(event)} noValidate>
      <Stack>
        <PaymentElement />
        {error && (
          <Alert color="red" role="alert" title={t('billing.paymentMethodAddError')}>
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={busy}>
            {t('billing.cards.cancel')}
          </Button>
          <Button type="submit" loading={busy} disabled={!stripe || !elements}>
            {t('billing.cards.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
};

/**
 * Spec §2 "Add card": an embedded card form on a fresh setup intent. Its own chunk with Stripe's
 * React bindings, loaded when "Add card" is pressed.
 */
export const CardForm = ({ subscriptionId, ...props }: CardFormProps & { subscriptionId: string }) => {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const setupIntent = useQuery({
    queryKey: ['setup-intent', subscriptionId],
    queryFn: () => call('createSetupIntent', { subscriptionId }),
    gcTime: 0,
    staleTime: Infinity,
    retry: false,
  });
  if (setupIntent.isPending) return <SectionLoader />;
  if (setupIntent.isError)
    return <CallErrorAlert title={t('billing.paymentMethodAddError')} error={setupIntent.error} />;
  return (
    <StripeElements
      options={{
        clientSecret: setupIntent.data.clientSecret,
        locale: stripeLocaleOf(language),
      }}
    >
      <Fields {...props} />
    </StripeElements>
  );
};
