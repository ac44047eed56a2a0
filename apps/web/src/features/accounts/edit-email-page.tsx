import { useState } from 'react';
import { Alert, Button, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { routes } from '@billbridge/contract';
import { useGlobalLoading } from '../../app/global-loading.tsx';
import { AccountFormCard } from './account-form-card.tsx';
import { FailureAlert } from './failure-alert.tsx';
import { identity, type IdentityError } from './identity.ts';
import { needsReAuthentication } from './identity-messages.ts';
import { useProfile } from './profile-query.ts';
import { ReAuthenticationAlert } from './re-authentication.tsx';
import { redirectDelays, useRedirectAfter } from './redirect-delays.ts';
import { isEmail } from './validation.ts';

/**
 * Spec §2/§4: the new address gets a verification link and becomes the sign-in address only once
 * it is opened; the old one then gets a recovery link. Needs the current address verified
 * (emailVerificationRequired) and a recent sign-in (reAuthenticationRequired).
 */
export const EditEmailPage = () => {
  const { t } = useTranslation();
  const { track } = useGlobalLoading();
  const profile = useProfile();
  const redirectAfter = useRedirectAfter();
  const [outcome, setOutcome] = useState<{ sentTo: string } | { error: IdentityError } | null>(null);
  const current = profile.data?.user.email ?? '';
  const form = useForm({
    initialValues: { newEmail: '' },
    validate: {
      newEmail: (value) =>
        !value.trim()
          ? t('accounts.required')
          : !isEmail(value)
            ? t('accounts.invalidEmail')
            : value.trim().toLowerCase() === current.toLowerCase()
              ? t('accounts.sameEmail')
              : null,
    },
  });

  const submit = form.onSubmit(({ newEmail }) =>
    track(async () => {
      setOutcome(null);
      const address = newEmail.trim().toLowerCase();
      const result = await identity.changeEmail(address);
      if (result.error) return setOutcome({ error: result.error });
      setOutcome({ sentTo: address });
      redirectAfter(routes.profile, redirectDelays.afterEmailUpdateOrDeletion);
    }),
  );

  const failure = outcome && 'error' in outcome ? outcome.error : null;
  return (
    <AccountFormCard pageKey="editEmail">
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm">{t('accounts.editEmailIntro')}</Text>
          {outcome && 'sentTo' in outcome && (
            <Alert color="green" role="status">
              {t('accounts.emailUpdateSuccess', { email: outcome.sentTo })}
            </Alert>
          )}
          {failure &&
            (needsReAuthentication(failure) ? (
              <ReAuthenticationAlert />
            ) : (
              <FailureAlert title={t('accounts.emailUpdateError')} error={failure} />
            ))}
          <TextInput label={t('accounts.currentEmail')} value={current} readOnly />
          <TextInput
            label={t('accounts.newEmail')}
            type="email"
            autoComplete="email"
            required
            {...form.getInputProps('newEmail')}
          />
          <Button type="submit" disabled={Boolean(outcome && 'sentTo' in outcome)}>
            {t('accounts.save')}
          </Button>
        </Stack>
      </form>
    </AccountFormCard>
  );
};
