import { useState, type FormEvent } from 'react';
import { Alert, Button, Card, Code, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle, IconArrowLeft } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { generatePath, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { routes } from '@billbridge/contract';
import { PageTitle } from '../../components/page-title.tsx';
import { call } from '../../lib/call.ts';
import { useGoBack } from '../../lib/use-go-back.ts';
import { useCurrentSubscription } from '../subscriptions/subscription-context.ts';
import { subscriptionQueryKey } from '../subscriptions/subscription-query.ts';
import { usePaymentMessage } from './payment-error.ts';

/**
 * Spec §2/§5 "Cancel subscription": immediate and final, so the owner types the subscription id and
 * submit stays disabled until it matches. Afterwards the workspace reads canceled at once (spec §4).
 */
export const CancelSubscriptionPage = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const goBack = useGoBack();
  const queryClient = useQueryClient();
  const paymentMessage = usePaymentMessage();
  const { subscription } = useCurrentSubscription();
  const billingPath = generatePath(routes.billing, { id: subscription.id });
  const [typed, setTyped] = useState('');
  const cancel = useMutation({
    mutationFn: () => call('cancelSubscription', { subscriptionId: subscription.id, confirmationId: typed }),
    onSuccess: async () => {
      queryClient.setQueryData(subscriptionQueryKey(subscription.id), {
        ...subscription,
        status: 'canceled',
      });
      await queryClient.invalidateQueries({ queryKey: subscriptionQueryKey(subscription.id) });
      await navigate(billingPath, { replace: true });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (typed === subscription.id) cancel.mutate();
  };
  return (
    <Stack maw={560}>
      <PageTitle pageKey="cancelSubscription" />
      <Card withBorder radius="md" p="lg" component="form" onSubmit={submit}>
        <Stack>
          <Alert color="red" icon={<IconAlertTriangle size={18} />}>
            {t('billing.cancel.warning')}
          </Alert>
          {cancel.isError && (
            <Alert color="red" role="alert" title={t('subscription.cancelError')}>
              {paymentMessage(cancel.error, t('subscription.cancelError'))}
            </Alert>
          )}
          <Text size="sm">
            {t('billing.cancel.typeId')} <Code>{subscription.id}</Code>
          </Text>
          <TextInput
            label={t('billing.cancel.confirmationLabel')}
            value={typed}
            onChange={(event) => setTyped(event.currentTarget.value)}
            autoComplete="off"
          />
          <Group justify="space-between">
            <Button
              variant="default"
              leftSection={<IconArrowLeft size={16} />}
              onClick={() => goBack(billingPath)}
            >
              {t('billing.back')}
            </Button>
            <Button type="submit" color="red" loading={cancel.isPending} disabled={typed !== subscription.id}>
              {t('billing.cancelSubscription')}
            </Button>
          </Group>
        </Stack>
      </Card>
    </Stack>
  );
};
