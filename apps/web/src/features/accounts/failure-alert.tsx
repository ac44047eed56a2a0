import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { IdentityError } from './identity.ts';
import { identityReason } from './identity-messages.ts';

/** A refused account operation: the spec's message key as title, the reason below it. */
export const FailureAlert = ({ title, error }: { title: string; error: IdentityError }) => {
  const { t } = useTranslation();
  return (
    <Alert color="red" title={title} role="alert">
      {identityReason(t, error)}
    </Alert>
  );
};
