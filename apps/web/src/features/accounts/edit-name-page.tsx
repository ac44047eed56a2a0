import { useState } from 'react';
import { Alert, Button, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { displayNameMaxLength, routes } from '@billbridge/contract';
import { useGlobalLoading } from '../../app/global-loading.tsx';
import { call } from '../../lib/call.ts';
import { AccountFormCard } from './account-form-card.tsx';
import { useInvalidateProfile, useProfile } from './profile-query.ts';
import { redirectDelays, useRedirectAfter } from './redirect-delays.ts';
import { useRefreshSession } from './use-auth-state.ts';

/** Spec §2/§5: a non-empty name; success returns to the profile after 1.5 s. */
export const EditNamePage = () => {
  const { t } = useTranslation();
  const { track } = useGlobalLoading();
  const profile = useProfile();
  const invalidateProfile = useInvalidateProfile();
  const refreshSession = useRefreshSession();
  const redirectAfter = useRedirectAfter();
  const [outcome, setOutcome] = useState<'done' | 'failed' | null>(null);
  const form = useForm({
    initialValues: { displayName: '' },
    validate: { displayName: (value) => (value.trim() ? null : t('accounts.nameRequired')) },
  });
  const current = profile.data?.user.displayName;
  if (current !== undefined && !form.initialized) form.initialize({ displayName: current });

  const submit = form.onSubmit(({ displayName }) =>
    track(async () => {
      setOutcome(null);
      try {
        await call('updateProfile', { displayName: displayName.trim() });
      } catch {
        return setOutcome('failed');
      }
      setOutcome('done');
      await Promise.all([invalidateProfile(), refreshSession()]);
      redirectAfter(routes.profile, redirectDelays.afterNameOrPasswordUpdate);
    }),
  );

  return (
    <AccountFormCard pageKey="editName">
      <form onSubmit={submit} noValidate>
        <Stack>
          {outcome === 'done' && (
            <Alert color="green" role="status">
              {t('accounts.nameUpdateSuccess')}
            </Alert>
          )}
          {outcome === 'failed' && (
            <Alert color="red" role="alert">
              {t('accounts.nameUpdateError')}
            </Alert>
          )}
          <TextInput
            label={t('accounts.displayName')}
            autoComplete="name"
            required
            maxLength={displayNameMaxLength}
            {...form.getInputProps('displayName')}
          />
          <Button type="submit" disabled={outcome === 'done'}>
            {t('accounts.save')}
          </Button>
        </Stack>
      </form>
    </AccountFormCard>
  );
};
