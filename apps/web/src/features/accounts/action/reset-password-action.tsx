import { useState } from 'react';
import { Button, PasswordInput, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { passwordLength, passwordMinLength, routes } from '@billbridge/contract';
import { useGlobalLoading } from '../../../app/global-loading.tsx';
import { FailureAlert } from '../failure-alert.tsx';
import { identity, type IdentityError } from '../identity.ts';
import { ActionFailed, ActionSucceeded, ActionWorking } from './action-outcome.tsx';

/**
 * Spec §4 "Password reset: input, then success or error". The link is checked first, so an
 * expired or used one fails before anything is typed. Spec §5: a mismatch shows passwordsNoMatch,
 * a password under 6 characters passwordMismatch.
 */
export const ResetPasswordAction = ({ oobCode }: { oobCode: string }) => {
  const { t } = useTranslation();
  const { track } = useGlobalLoading();
  const [outcome, setOutcome] = useState<{ done: true } | { error: IdentityError } | null>(null);
  const check = useQuery({
    queryKey: ['actionCode', 'resetPassword', oobCode],
    queryFn: () => identity.checkActionCode('resetPassword', oobCode),
    retry: false,
    staleTime: Infinity,
  });
  const form = useForm({
    initialValues: { newPassword: '', confirmPassword: '' },
    validate: {
      newPassword: (value) =>
        passwordLength(value) < passwordMinLength
          ? t('accounts.passwordMismatch', { min: passwordMinLength })
          : null,
      confirmPassword: (value, values) =>
        value === values.newPassword ? null : t('accounts.passwordsNoMatch'),
    },
  });

  if (!check.data) return <ActionWorking label={t('accounts.checkingLink')} />;
  if (check.data.error)
    return <ActionFailed title={t('accounts.passwordResetError')} error={check.data.error} />;
  if (outcome && 'done' in outcome)
    return <ActionSucceeded message={t('accounts.passwordResetSuccess')} to={routes.signIn} />;

  const submit = form.onSubmit(({ newPassword }) =>
    track(async () => {
      setOutcome(null);
      const result = await identity.resetPassword(oobCode, newPassword);
      setOutcome(result.error ? { error: result.error } : { done: true });
    }),
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Text size="sm">{t('accounts.resetPasswordFor', { email: check.data.data.email })}</Text>
        {outcome && 'error' in outcome && (
          <FailureAlert title={t('accounts.passwordResetError')} error={outcome.error} />
        )}
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
        <Button type="submit" fullWidth>
          {t('accounts.resetPasswordAction')}
        </Button>
      </Stack>
    </form>
  );
};
