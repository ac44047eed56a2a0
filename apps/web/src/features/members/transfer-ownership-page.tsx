import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Card, Center, Group, Loader, Select, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconArrowLeft } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { generatePath } from 'react-router';
import { useTranslation } from 'react-i18next';
import { routes } from '@billbridge/contract';
import { PageTitle } from '../../components/page-title.tsx';
import { useGoBack } from '../../lib/use-go-back.ts';
import { useCurrentSubscription } from '../subscriptions/subscription-context.ts';
import { subscriptionQueryKey } from '../subscriptions/subscription-query.ts';
import { eligibleNewOwners } from './member-rules.ts';
import { useAllSubscriptionUsers, useTransferOwnership } from './members-queries.ts';
import { CallErrorAlert } from '../../components/call-error-alert.tsx';

/** Spec §2 "Transfer ownership": the owner hands the workspace to an active admin. */
export const TransferOwnershipPage = () => {
  const { t } = useTranslation();
  const goBack = useGoBack();
  const { subscription } = useCurrentSubscription();
  const billingPath = generatePath(routes.billing, { id: subscription.id });
  const users = useAllSubscriptionUsers(subscription.id);
  const transfer = useTransferOwnership(subscription.id);
  const [newOwnerId, setNewOwnerId] = useState<string | null>(null);
  const [missing, setMissing] = useState(false);
  const queryClient = useQueryClient();
  const transferred = useRef(false);
  // The workspace is re-read once this page is gone (see useTransferOwnership).
  useEffect(() => {
    const flag = transferred;
    return () => {
      if (flag.current)
        void queryClient.invalidateQueries({ queryKey: subscriptionQueryKey(subscription.id) });
    };
  }, [queryClient, subscription.id]);
  const candidates = eligibleNewOwners(users.data ?? [], subscription.owner_id);
  const chosen = candidates.find((user) => user.id === newOwnerId);
  const nameOf = (displayName: string) => displayName.trim() || t('members.unnamed');

  const confirm = () => {
    if (!chosen) return setMissing(true);
    transfer.mutate(chosen.id, {
      onSuccess: () => {
        transferred.current = true;
        goBack(billingPath);
      },
    });
  };

  const back = (
    <Button variant="default" leftSection={<IconArrowLeft size={16} />} onClick={() => goBack(billingPath)}>
      {t('members.back')}
    </Button>
  );

  let body;
  if (users.isPending) {
    body = (
      <Center py="xl" role="status" aria-label={t('app.loading')}>
        <Loader />
      </Center>
    );
  } else if (users.isError) {
    body = <CallErrorAlert title={t('subscription.users.loadError')} error={users.error} />;
  } else if (candidates.length === 0) {
    body = (
      <Alert color="yellow" role="alert" icon={<IconAlertTriangle size={18} />}>
        {t('members.noEligibleAdmin')}
      </Alert>
    );
  } else {
    body = (
      <Stack>
        {transfer.isError && <CallErrorAlert title={t('members.transferError')} error={transfer.error} />}
        <Select
          label={t('members.newOwner')}
          placeholder={t('members.newOwnerPlaceholder')}
          data={candidates.map((user) => ({
            value: user.id,
            label: `${nameOf(user.display_name)} (${user.email})`,
          }))}
          value={newOwnerId}
          onChange={(value) => {
            setNewOwnerId(value);
            setMissing(false);
          }}
          error={missing ? t('members.newOwnerRequired') : undefined}
          required
        />
        {chosen && (
          <Card
            withBorder
            radius="sm"
            p="sm"
            bg="var(--mantine-color-default-hover)"
            data-testid="new-owner-details"
          >
            <Text fw={600}>{nameOf(chosen.display_name)}</Text>
            <Text size="sm" c="dimmed">
              {chosen.email}
            </Text>
          </Card>
        )}
        <Alert color="orange" icon={<IconAlertTriangle size={18} />}>
          {t('members.transferWarning')}
        </Alert>
        <Group justify="flex-end">
          <Button color="orange" loading={transfer.isPending} onClick={confirm}>
            {t('members.confirmTransfer')}
          </Button>
        </Group>
      </Stack>
    );
  }

  return (
    <Stack maw={560}>
      <PageTitle pageKey="transferOwnership" />
      <Card withBorder radius="md" p="lg">
        {body}
      </Card>
      <Group>{back}</Group>
    </Stack>
  );
};
