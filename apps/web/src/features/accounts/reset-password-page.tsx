import { useState } from 'react';
import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { routes } from '@billbridge/contract';
import { useGlobalLoading } from '../../app/global-loading.tsx';
import { PageTitle } from '../../components/page-title.tsx';
import { FailureAlert } from './failure-alert.tsx';
import { identity, type IdentityError } from './identity.ts';
import { isEmail } from './validation.ts';

/**
 * Spec §2 reset-password request. The answer is the same whether or not the address has an
 * account, so the page cannot be used to find out who has one.
 */
export const ResetPasswordPage = () => {
  const { t } = useTranslation();
  const { track } = useGlobalLoading();
  const [outcome, setOutcome] = useState<{ sent: true } | { error: IdentityError } | null>(null);
  const form = useForm({
    initialValues: { email: '' },
    validate: {
      email: (value) =>
        !value.trim() ? t('accounts.required') : isEmail(value) ? null : t('accounts.invalidEmail'),
    },
  });

  const submit = form.onSubmit(({ email }) =>
    track(async () => {
      setOutcome(null);
      const result = await identity.requestPasswordReset(email.trim());
      setOutcome(result.error ? { error: result.error } : { sent: true });
    }),
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <PageTitle pageKey="resetPassword" />
        <Text size="sm">{t('accounts.resetPasswordIntro')}</Text>
        {outcome && 'sent' in outcome && (
          <Alert color="green" role="status">
            {t('accounts.passwordResetEmailSent')}
          </Alert>
        )}
        {outcome && 'error' in outcome && (
          <FailureAlert title={t('accounts.failedToSendResetEmail')} error={outcome.error} />
        )}
        <TextInput
          label={t('accounts.email')}
          type="email"
          autoComplete="email"
          required
          {...form.getInputProps('email')}
        />
        <Button type="submit" fullWidth>
          {t('accounts.sendResetLink')}
        </Button>
        <Text size="sm" ta="center">
          <Anchor component={Link} to={routes.signIn}>
            {t('accounts.backToSignIn')}
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
};
