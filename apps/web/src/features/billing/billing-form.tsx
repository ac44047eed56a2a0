import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { AddressElement, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { useTranslation } from 'react-i18next';
import type { BillingDetails, Plan } from '@billbridge/contract';
import { useLanguage } from '../../i18n/use-language.ts';
import { addressElementOptions, billingDetailsOf, paymentElementsOptions } from './payment-form-options.ts';
import { usePaymentMessage } from './payment-error.ts';
import { StripeElements } from './stripe-elements.tsx';

/** What the billing step hands to `createSubscription` / `changeSubscriptionPlan` (spec §7 `billingInfo`). */
export type BillingInfo = { billingDetails: BillingDetails; paymentMethodId: string };

export type BillingFormProps = {
  plan: Plan;
  submitLabel: string;
  /** Creates or changes the subscription; answers the client secret of a payment still to confirm. */
  onBillingInfo: (info: BillingInfo) => Promise<string | undefined>;
  /** Everything is paid (or nothing was due): the caller moves on. */
  onDone: () => void;
  onCancel: () => void;
};

const Fields = ({ plan, submitLabel, onBillingInfo, onDone, onCancel }: BillingFormProps) => {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const stripe = useStripe();
  const elements = useElements();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  /** The client secret of a first payment that still has to be confirmed. */
  const [unpaid, setUnpaid] = useState<string | null>(null);
  const paymentMessage = usePaymentMessage();
  const unexpected = t('billing.unexpectedError');

  /** Spec §7: submit the elements, create the card's payment method, read the address, hand both on. */
  const collect = async (): Promise<BillingInfo> => {
    if (!stripe || !elements) throw new Error(unexpected);
    const submitted = await elements.submit();
    if (submitted.error) throw submitted.error;
    const created = await stripe.createPaymentMethod({ elements });
    if (created.error) throw created.error;
    const address = await elements.getElement('address')?.getValue();
    if (!address?.complete) throw new Error(t('billing.addressIncomplete'));
    return { paymentMethodId: created.paymentMethod.id, billingDetails: billingDetailsOf(address.value) };
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setBusy(true);
    try {
      const info = await collect();
      // A payment left to confirm is retried with the card now in the form, not created again.
      const clientSecret = unpaid ?? (await onBillingInfo(info));
      // Stripe could not take the first payment at once (a declined charge, a bank's check):
      // Stripe.js confirms it here.
      if (clientSecret && stripe) {
        setUnpaid(clientSecret);
        const confirmed = await stripe.confirmCardPayment(clientSecret, {
          payment_method: info.paymentMethodId,
        });
        if (confirmed.error) throw confirmed.error;
      }
      onDone();
    } catch (caught) {
      setError(paymentMessage(caught, unexpected));
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack>
        <Text fw={600}>{t('billing.addressTitle')}</Text>
        <AddressElement options={addressElementOptions(language)} />
        <Text fw={600}>{t('billing.cardTitle')}</Text>
        <PaymentElement />
        {error && (
          <Alert color="red" role="alert" title={t('billing.paymentFailed')}>
            {error}
          </Alert>
        )}
        <Group justify="space-between">
          <Button variant="default" onClick={onCancel} disabled={busy}>
            {t('billing.back')}
          </Button>
          <Button type="submit" loading={busy} disabled={!stripe || !elements}>
            {submitLabel}
          </Button>
        </Group>
        <Text size="xs" c="dimmed">
          {t('billing.chargeNotice', { amount: `$${plan.price ?? 0}` })}
        </Text>
      </Stack>
    </form>
  );
};

/**
 * Step 2 of a paid plan (spec §2): Stripe's address and payment elements with spec §9's options.
 * Its own chunk, with Stripe's React bindings: loaded only when a paid plan is chosen.
 */
export const BillingForm = (props: BillingFormProps) => {
  const { language } = useLanguage();
  return (
    <StripeElements options={paymentElementsOptions(props.plan, language)}>
      <Fields {...props} />
    </StripeElements>
  );
};
