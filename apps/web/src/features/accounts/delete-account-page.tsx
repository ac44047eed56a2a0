import { useState } from 'react';
import { Alert, Button, Code, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { routes } from '@billbridge/contract';
import { useGlobalLoading } from '../../app/global-loading.tsx';
import { AccountFormCard } from './account-form-card.tsx';
import { FailureAlert } from './failure-alert.tsx';
import { identity, type IdentityError } from './identity.ts';
import { needsReAuthentication } from './identity-messages.ts';
import { ReAuthenticationAlert } from './re-authentication.tsx';
import { forgetRememberedLocation } from './remembered-location.ts';
import { redirectDelays } from './redirect-delays.ts';
import { useAuthState } from './use-auth-state.ts';

/**
 * Spec §2/§5: the typed value must equal the user id (uuidMismatch). Success goes home after 2 s,
 * through a full load so nothing of the account stays in memory.
 */
export const DeleteAccountPage = () => {
  const { t } = useTranslation();
  const { track } = useGlobalLoading();
  const auth = useAuthState();
  const uid = auth.status === 'signed-in' ? auth.user.id : '';
  const [outcome, setOutcome] = useState<{ done: true } | { error: IdentityError } | null>(null);
  const form = useForm({
    initialValues: { confirmation: '' },
    validate: { confirmation: (value) => (value.trim() === uid ? null : t('accounts.uuidMismatch')) },
  });

  const submit = form.onSubmit(() =>
    track(async () => {
      setOutcome(null);
      const result = await identity.deleteAccount();
      if (result.error) return setOutcome({ error: result.error });
      setOutcome({ done: true });
      forgetRememberedLocation();
      setTimeout(() => window.location.assign(routes.home), redirectDelays.afterEmailUpdateOrDeletion);
    }),
  );

  const failure = outcome && 'error' in outcome ? outcome.error : null;
  return (
    <AccountFormCard pageKey="deleteAccount">
      <form onSubmit={submit} noValidate>
        <Stack>
          {outcome && 'done' in outcome && (
            <Alert color="green" role="status">
              {t('accounts.accountDeleted')}
            </Alert>
          )}
          {failure &&
            (needsReAuthentication(failure) ? (
              <ReAuthenticationAlert />
            ) : (
              <FailureAlert title={t('accounts.accountDeletionError')} error={failure} />
            ))}
          <Alert color="red" variant="light">
            {t('accounts.deleteAccountWarning')}
          </Alert>
          <Text size="sm">
            {t('accounts.userId')}: <Code>{uid}</Code>
          </Text>
          <TextInput
            label={t('accounts.typeUserId', { uid })}
            autoComplete="off"
            required
            {...form.getInputProps('confirmation')}
          />
          <Button type="submit" color="red" disabled={Boolean(outcome && 'done' in outcome)}>
            {t('accounts.deleteAccountAction')}
          </Button>
        </Stack>
      </form>
    </AccountFormCard>
  );
};
