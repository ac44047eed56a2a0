import { useState } from 'react';
import { Button, Code, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CallErrorAlert } from '../../components/call-error-alert.tsx';

type DeleteByIdDialogProps = {
  /** The id the user must type, exactly (spec §5 "Delete source or destination"). */
  id: string;
  title: string;
  errorTitle: string;
  deleting: boolean;
  error: unknown;
  onDelete: () => void;
  onClose: () => void;
};

/** Deleting cannot be undone: the dialog asks for the id and keeps delete disabled until it matches. */
export const DeleteByIdDialog = ({
  id,
  title,
  errorTitle,
  deleting,
  error,
  onDelete,
  onClose,
}: DeleteByIdDialogProps) => {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  return (
    <Modal opened onClose={onClose} title={title} centered>
      <Stack>
        {error !== null && error !== undefined && <CallErrorAlert title={errorTitle} error={error} />}
        <Text size="sm">
          {t('connections.deleteConfirm')} <Code>{id}</Code>
        </Text>
        <TextInput
          label={t('connections.deleteTypeId')}
          value={typed}
          onChange={(event) => setTyped(event.currentTarget.value)}
          autoComplete="off"
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('connections.cancel')}
          </Button>
          <Button color="red" loading={deleting} disabled={typed !== id} onClick={onDelete}>
            {t('connections.delete')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
};
