import { useState } from 'react';
import { Button, Group, Modal, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { normalizePermissions, type PermissionKey, type SubscriptionUser } from '@billbridge/contract';
import { useUpdatePermissions } from './members-queries.ts';
import { PermissionCheckboxes } from './permission-checkboxes.tsx';
import { CallErrorAlert } from '../../components/call-error-alert.tsx';

type EditPermissionsDialogProps = {
  subscriptionId: string;
  user: SubscriptionUser;
  name: string;
  onClose: () => void;
};

/** Spec §2 "Edit-permissions dialog": the owner sets another active member's permissions. */
export const EditPermissionsDialog = ({
  subscriptionId,
  user,
  name,
  onClose,
}: EditPermissionsDialogProps) => {
  const { t } = useTranslation();
  const update = useUpdatePermissions(subscriptionId);
  const [permissions, setPermissions] = useState<PermissionKey[]>(normalizePermissions(user.permissions));
  const save = () => update.mutate({ userId: user.id, permissions }, { onSuccess: onClose });
  return (
    <Modal opened onClose={onClose} title={t('members.editFor', { name })} centered>
      <Stack>
        {update.isError && (
          <CallErrorAlert title={t('subscription.users.updatePermissionsError')} error={update.error} />
        )}
        <PermissionCheckboxes
          label={t('members.permissions')}
          value={permissions}
          onChange={setPermissions}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('members.cancel')}
          </Button>
          <Button loading={update.isPending} onClick={save}>
            {t('members.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
};
