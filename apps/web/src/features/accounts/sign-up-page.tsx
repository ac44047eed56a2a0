import { useState } from 'react';
import { Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { passwordLength, passwordMinLength, routes } from '@billbridge/contract';
import { useGlobalLoading } from '../../app/global-loading.tsx';
import { PageTitle } from '../../components/page-title.tsx';
import { authClient } from '../../lib/auth-client.ts';
import { FailureAlert } from './failure-alert.tsx';
import { SocialSignIn } from './social-sign-in.tsx';
import { identityErrorOf, type IdentityError } from './identity.ts';
import { takeRememberedLocation } from './remembered-location.ts';
import { useRefreshSession } from './use-auth-state.ts';
import { isEmail } from './validation.ts';

/**
 * Spec §2 sign-up: full name, email, password and its confirmation. Success goes to the dashboard,
 * or back to where the guard stopped the visitor. The server's password policy may be stricter
 * than the client's 6 characters and then explains itself in the alert.
 */
export const SignUpPage = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const refreshSession = useRefreshSession();
  const { track } = useGlobalLoading();
  const [failure, setFailure] = useState<IdentityError | null>(null);
  const form = useForm({
    initialValues: { fullName: '', email: '', password: '', confirmPassword: '' },
    validate: {
      fullName: (value) => (value.trim() ? null : t('accounts.required')),
      email: (value) =>
        !value.trim() ? t('accounts.required') : isEmail(value) ? null : t('accounts.invalidEmail'),
      password: (value) =>
        !value
          ? t('accounts.required')
          : passwordLength(value) < passwordMinLength
            ? t('accounts.passwordTooShort', { min: passwordMinLength })
            : null,
      confirmPassword: (value, values) =>
        value === values.password ? null : t('accounts.passwordsDoNotMatch'),
    },
  });

  const submit = form.onSubmit((values) =>
    track(async () => {
      setFailure(null);
      try {
        const { error } = await authClient.signUp.email({
          name: values.fullName.trim(),
          email: values.email.trim(),
          password: values.password,
        });
        if (error) return setFailure(identityErrorOf(error));
      } catch (error) {
        return setFailure({ status: 0, message: error instanceof Error ? error.message : undefined });
      }
      await refreshSession();
      await navigate(takeRememberedLocation(location.state, routes.dashboard), { replace: true });
    }),
  );

  return (
    <Stack>
      <form onSubmit={submit} noValidate>
        <Stack>
          <PageTitle pageKey="signUp" />
          {failure && <FailureAlert title={t('accounts.failedSignUp')} error={failure} />}
          <TextInput
            label={t('accounts.fullName')}
            autoComplete="name"
            required
            {...form.getInputProps('fullName')}
          />
          <TextInput
            label={t('accounts.email')}
            type="email"
            autoComplete="email"
            required
            {...form.getInputProps('email')}
          />
          <PasswordInput
            visibilityToggleButtonProps={{ 'aria-label': t('accounts.togglePasswordVisibility') }}
            label={t('accounts.password')}
            autoComplete="new-password"
            required
            {...form.getInputProps('password')}
          />
          <PasswordInput
            visibilityToggleButtonProps={{ 'aria-label': t('accounts.togglePasswordVisibility') }}
            label={t('accounts.confirmPassword')}
            autoComplete="new-password"
            required
            {...form.getInputProps('confirmPassword')}
          />
          <Button type="submit" fullWidth>
            {t('accounts.signUpAction')}
          </Button>
        </Stack>
      </form>
      {/* Suspends the page to its layout's spinner until the list is in: the centred card would move. */}
      <SocialSignIn onError={setFailure} />
      <Text size="sm" ta="center">
        {t('accounts.haveAccount')}{' '}
        <Anchor component={Link} to={routes.signIn} state={location.state}>
          {t('accounts.signInLink')}
        </Anchor>
      </Text>
    </Stack>
  );
};
