import { useState } from 'react';
import { Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { routes } from '@billbridge/contract';
import { useGlobalLoading } from '../../app/global-loading.tsx';
import { PageTitle } from '../../components/page-title.tsx';
import { authClient } from '../../lib/auth-client.ts';
import { FailureAlert } from './failure-alert.tsx';
import { SocialSignIn } from './social-sign-in.tsx';
import { identityErrorOf, type IdentityError } from './identity.ts';
import { takeRememberedLocation } from './remembered-location.ts';
import { TwoFactorStep } from './two-factor-step.tsx';
import { useRefreshSession } from './use-auth-state.ts';
import { isEmail } from './validation.ts';

/** A social provider sends the browser back here with `?error=…` when its sign-in did not complete. */
const socialFailure = (params: URLSearchParams): IdentityError | null =>
  params.get('error') ? { status: 400, code: 'SOCIAL_SIGN_IN_FAILED' } : null;

/** Email and password sign-in; success returns to where the guard stopped the user, else the dashboard. */
export const SignInPage = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const refreshSession = useRefreshSession();
  const { track } = useGlobalLoading();
  const [failure, setFailure] = useState<IdentityError | null>(() => socialFailure(params));
  const [codeStep, setCodeStep] = useState(false);
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
        const { data, error } = await authClient.signIn.email({
          email: values.email.trim(),
          password: values.password,
        });
        if (error) return setFailure(identityErrorOf(error));
        if (data && 'twoFactorRedirect' in data && data.twoFactorRedirect) return setCodeStep(true);
      } catch (error) {
        return setFailure({ status: 0, message: error instanceof Error ? error.message : undefined });
      }
      await enter();
    }),
  );

  const enter = async () => {
    await refreshSession();
    await navigate(takeRememberedLocation(location.state, routes.dashboard), { replace: true });
  };

  if (codeStep)
    return (
      <Stack>
        <PageTitle pageKey="signIn" />
        <TwoFactorStep onSignedIn={enter} />
      </Stack>
    );

  return (
    <Stack>
      <form onSubmit={submit} noValidate>
        <Stack>
          <PageTitle pageKey="signIn" />
          {failure && <FailureAlert title={t('accounts.failedSignIn')} error={failure} />}
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
        </Stack>
      </form>
      {/* Suspends the page to its layout's spinner until the list is in: the centred card would move. */}
      <SocialSignIn onError={setFailure} />
      <Text size="sm" ta="center">
        {t('accounts.noAccount')}{' '}
        <Anchor component={Link} to={routes.signUp} state={location.state}>
          {t('accounts.signUpLink')}
        </Anchor>
      </Text>
    </Stack>
  );
};
