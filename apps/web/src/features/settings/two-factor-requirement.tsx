import { useState } from 'react';
import { Alert, Card, Stack, Switch } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { requiresTwoFactor } from '@billbridge/contract';
import { CallErrorAlert } from '../../components/call-error-alert.tsx';
import { call } from '../../lib/call.ts';
import { useCurrentSubscription } from '../subscriptions/subscription-context.ts';
import { subscriptionQueryKey } from '../subscriptions/subscription-query.ts';

/**
 * The workspace's `require_two_factor` (issue 36): the owner's switch, shown read-only to admins.
 * Turning it on needs the owner's own two-factor sign-in, which the server says when it is missing.
 */
export const TwoFactorRequirement = () => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { subscription, held } = useCurrentSubscription();
  const [saved, setSaved] = useState(false);
  const save = useMutation({
    mutationFn: (required: boolean) =>
      call('updateTwoFactorRequirement', { subscriptionId: subscription.id, require_two_factor: required }),
    onMutate: () => setSaved(false),
    onSuccess: async () => {
      setSaved(true);
      await queryClient.invalidateQueries({ queryKey: subscriptionQueryKey(subscription.id) });
    },
  });
  return (
    <Card withBorder radius="md" p="lg">
      <Stack>
        {saved && (
          <Alert color="green" role="status">
            {t('twoFactor.requireSaved')}
          </Alert>
        )}
        {save.isError && <CallErrorAlert title={t('error.updateFailed')} error={save.error} />}
        <Switch
          label={t('twoFactor.requireLabel')}
          description={t('twoFactor.requireHint')}
          checked={requiresTwoFactor(subscription.settings)}
          disabled={!held.includes('owner') || save.isPending}
          onChange={(event) => save.mutate(event.currentTarget.checked)}
        />
      </Stack>
    </Card>
  );
};
