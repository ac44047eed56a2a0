import type { ReactNode } from 'react';
import { Alert } from '@mantine/core';
import { Elements } from '@stripe/react-stripe-js';
import type { StripeElementsOptions } from '@stripe/stripe-js';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { messageKeyOf } from '@billbridge/contract';
import { SectionLoader } from '../../components/section-loader.tsx';
import { errorMessageOf, isServerMessageKey } from '../../lib/use-error-message.ts';
import { useStripeConfig } from './billing-queries.ts';
import { loadStripeFrom } from './stripe-loader.ts';

/**
 * An Elements group on the platform's Stripe.js, fetched when the first payment form mounts: until
 * then no byte of Stripe.js is loaded (spec §7).
 */
export const StripeElements = ({
  options,
  children,
}: {
  options: StripeElementsOptions;
  children: ReactNode;
}) => {
  const { t } = useTranslation();
  const config = useStripeConfig();
  const stripe = useQuery({
    queryKey: ['stripe-js', config.data?.stripeJsUrl, config.data?.publishableKey],
    queryFn: () => (config.data ? loadStripeFrom(config.data) : null),
    enabled: Boolean(config.data),
    staleTime: Infinity,
    retry: false,
  });
  if (config.isError || stripe.isError || (stripe.isSuccess && !stripe.data)) {
    // A server that says why (billing not configured) is quoted: "try again later" would not help.
    const said = isServerMessageKey(messageKeyOf(config.error));
    return (
      <Alert color="red" role="alert">
        {said ? errorMessageOf(t, config.error) : t('billing.paymentFormUnavailable')}
      </Alert>
    );
  }
  if (!stripe.data) return <SectionLoader />;
  return (
    <Elements stripe={stripe.data} options={options}>
      {children}
    </Elements>
  );
};
