import { useState } from 'react';
import { Alert, Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { routes } from '@billbridge/contract';
import { useGlobalLoading } from '../../app/global-loading.tsx';
import { PageTitle } from '../../components/page-title.tsx';
import { authClient } from '../../lib/auth-client.ts';
import { authErrorMessage } from './auth-error.ts';
import { takeRememberedLocation } from './remembered-location.ts';
import { useRefreshSession } from './use-auth-state.ts';
import { isEmail } from './validation.ts';

type Failure = { message: string | undefined };

/** Email and password sign-in; success returns to where the guard stopped the user, else the dashboard. */
export const SignInPage = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const refreshSession = useRefreshSession();
  const { track } = useGlobalLoading();
  const [failure, setFailure] = useState<Failure | null>(null);
  const form = useForm({
    initialValues: { email: '', password: '' },
    validate: {
      email: (value) =>
        !value.trim() ? t('accounts.required') : isEmail(value) ? null : t('accounts.invalidEmail'),
      password: (value) => (value ? null : t('accounts.required')),
    },
  });

  const submit = form.onSubmit((values) =>
    track(async () => {
      setFailure(null);
      try {
        const { error } = await authClient.signIn.email({
          email: values.email.trim(),
          password: values.password,
        });
        if (error) return setFailure({ message: authErrorMessage(error) });
      } catch (error) {
        return setFailure({ message: authErrorMessage(error) });
      }
      await refreshSession();
      await navigate(takeRememberedLocation(location.state, routes.dashboard), { replace: true });
    }),
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <PageTitle pageKey="signIn" />
        {failure && (
          <Alert color="red" title={t('accounts.failedSignIn')} role="alert">
            {failure.message}
          </Alert>
        )}
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
          autoComplete="current-password"
          required
          {...form.getInputProps('password')}
        />
        <Group justify="flex-end">
          <Anchor component={Link} to={routes.resetPassword} size="sm">
            {t('accounts.forgotPassword')}
          </Anchor>
        </Group>
        <Button type="submit" fullWidth>
          {t('accounts.signInAction')}
        </Button>
        <Text size="sm" ta="center">
          {t('accounts.noAccount')}{' '}
          <Anchor component={Link} to={routes.signUp} state={location.state}>
            {t('accounts.signUpLink')}
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
};
