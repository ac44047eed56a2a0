import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SubscriptionUser } from '@billbridge/contract';
import { useRemoveUser } from './members-queries.ts';
import { CallErrorAlert } from '../../components/call-error-alert.tsx';

type RemoveUserDialogProps = {
  subscriptionId: string;
  user: SubscriptionUser;
  name: string;
  onClose: () => void;
  onRemoved: () => void;
};

/** Removing a member takes their access at once, so the owner confirms it first. */
export const RemoveUserDialog = ({
  subscriptionId,
  user,
  name,
  onClose,
  onRemoved,
}: RemoveUserDialogProps) => {
  const { t } = useTranslation();
  const remove = useRemoveUser(subscriptionId);
  return (
    <Modal opened onClose={onClose} title={t('members.removeTitle', { name })} centered>
      <Stack>
        {remove.isError && (
          <CallErrorAlert title={t('subscription.users.removeError')} error={remove.error} />
        )}
        <Text size="sm">{t('members.removeConfirm', { name })}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('members.cancel')}
          </Button>
          <Button
            color="red"
            loading={remove.isPending}
            onClick={() =>
              remove.mutate(user.id, {
                onSuccess: () => {
                  onRemoved();
                  onClose();
                },
              })
            }
          >
            {t('members.remove')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
};
