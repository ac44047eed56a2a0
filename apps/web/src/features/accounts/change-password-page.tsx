import { useState } from 'react';
import { Alert, Button, PasswordInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { passwordLength, passwordMinLength, routes } from '@billbridge/contract';
import { useGlobalLoading } from '../../app/global-loading.tsx';
import { AccountFormCard } from './account-form-card.tsx';
import { FailureAlert } from './failure-alert.tsx';
import { identity, type IdentityError } from './identity.ts';
import { needsReAuthentication } from './identity-messages.ts';
import { useInvalidateProfile } from './profile-query.ts';
import { ReAuthenticationAlert } from './re-authentication.tsx';
import { redirectDelays, useRedirectAfter } from './redirect-delays.ts';
import { useRefreshSession } from './use-auth-state.ts';

/**
 * Spec §2/§5: new password and its confirmation (passwordMismatch); a recent sign-in stands in
 * for the current password. Every other session is signed out; success returns to the profile
 * after 1.5 s.
 */
export const ChangePasswordPage = () => {
  const { t } = useTranslation();
  const { track } = useGlobalLoading();
  const refreshSession = useRefreshSession();
  const invalidateProfile = useInvalidateProfile();
  const redirectAfter = useRedirectAfter();
  const [outcome, setOutcome] = useState<{ done: true } | { error: IdentityError } | null>(null);
  const form = useForm({
    initialValues: { newPassword: '', confirmPassword: '' },
    validate: {
      newPassword: (value) =>
        !value
          ? t('accounts.required')
          : passwordLength(value) < passwordMinLength
            ? t('accounts.passwordTooShort', { min: passwordMinLength })
            : null,
      confirmPassword: (value, values) =>
        value === values.newPassword ? null : t('accounts.passwordMismatch', { min: passwordMinLength }),
    },
  });

  const submit = form.onSubmit(({ newPassword }) =>
    track(async () => {
      setOutcome(null);
      const result = await identity.updatePassword(newPassword);
      if (result.error) return setOutcome({ error: result.error });
      setOutcome({ done: true });
      await Promise.all([refreshSession(), invalidateProfile()]);
      redirectAfter(routes.profile, redirectDelays.afterNameOrPasswordUpdate);
    }),
  );

  const failure = outcome && 'error' in outcome ? outcome.error : null;
  return (
    <AccountFormCard pageKey="changePassword">
      <form onSubmit={submit} noValidate>
        <Stack>
          {outcome && 'done' in outcome && (
            <Alert color="green" role="status">
              {t('accounts.passwordUpdateSuccess')}
            </Alert>
          )}
          {failure &&
            (needsReAuthentication(failure) ? (
              <ReAuthenticationAlert />
            ) : (
              <FailureAlert title={t('accounts.passwordUpdateError')} error={failure} />
            ))}
          <PasswordInput
            visibilityToggleButtonProps={{ 'aria-label': t('accounts.togglePasswordVisibility') }}
            label={t('accounts.newPassword')}
            autoComplete="new-password"
            required
            {...form.getInputProps('newPassword')}
          />
          <PasswordInput
            visibilityToggleButtonProps={{ 'aria-label': t('accounts.togglePasswordVisibility') }}
            label={t('accounts.confirmNewPassword')}
            autoComplete="new-password"
            required
            {...form.getInputProps('confirmPassword')}
          />
          <Button type="submit" disabled={Boolean(outcome && 'done' in outcome)}>
            {t('accounts.save')}
          </Button>
        </Stack>
      </form>
    </AccountFormCard>
  );
};
