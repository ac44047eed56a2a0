import { useState } from 'react';
import { Anchor, Button, Checkbox, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { useGlobalLoading } from '../../app/global-loading.tsx';
import { FailureAlert } from './failure-alert.tsx';
import { identity, type IdentityError } from './identity.ts';

/**
 * The sign-in's second step (issue 36): the password was right and the account has two-factor on,
 * so better-auth holds the sign-in in a short-lived cookie until a code from the authenticator app
 * — or one recovery code — arrives. "Trust this device" skips this step here for 30 days.
 */
export const TwoFactorStep = ({ onSignedIn }: { onSignedIn: () => Promise<void> }) => {
  const { t } = useTranslation();
  const { track } = useGlobalLoading();
  const [recovery, setRecovery] = useState(false);
  const [failure, setFailure] = useState<IdentityError | null>(null);
  const form = useForm({
    initialValues: { code: '', trustDevice: false },
    validate: { code: (value) => (value.trim() ? null : t('accounts.required')) },
  });

  const submit = form.onSubmit(({ code, trustDevice }) =>
    track(async () => {
      setFailure(null);
      const verify = recovery ? identity.verifyRecoveryCode : identity.verifyTotp;
      const result = await verify(code.trim(), trustDevice);
      if (result.error) return setFailure(result.error);
      await onSignedIn();
    }),
  );

  const switchMethod = () => {
    setRecovery(!recovery);
    setFailure(null);
    form.setFieldValue('code', '');
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Title order={2} size="h3">
          {t('twoFactor.stepTitle')}
        </Title>
        <Text size="sm">{recovery ? t('twoFactor.recoveryStepIntro') : t('twoFactor.stepIntro')}</Text>
        {failure && <FailureAlert title={t('accounts.failedSignIn')} error={failure} />}
        <TextInput
          key={recovery ? 'recovery' : 'app'}
          label={recovery ? t('twoFactor.recoveryCode') : t('twoFactor.code')}
          autoComplete="one-time-code"
          inputMode={recovery ? 'text' : 'numeric'}
          data-autofocus
          required
          {...form.getInputProps('code')}
        />
        <Checkbox
          label={t('twoFactor.trustDevice')}
          {...form.getInputProps('trustDevice', { type: 'checkbox' })}
        />
        <Button type="submit" fullWidth>
          {t('twoFactor.verify')}
        </Button>
        <Anchor component="button" type="button" size="sm" onClick={switchMethod}>
          {recovery ? t('twoFactor.useApp') : t('twoFactor.useRecoveryCode')}
        </Anchor>
      </Stack>
    </form>
  );
};
